package v1

// This case proves +kubebuilder:ac:output:package moves every file,
// relative to the package (".." allowed), and names the base package after
// its last element.

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MailboxSpec describes a mailbox.
type MailboxSpec struct {
	// quota in megabytes.
	// +kubebuilder:default=1024
	QuotaMB int64 `json:"quotaMB,omitempty"`
	// aliases of the mailbox.
	// +listType=set
	Aliases []string `json:"aliases,omitempty"`
}

// MailboxStatus is what was observed.
type MailboxStatus struct {
	// used in megabytes.
	UsedMB int64 `json:"usedMB,omitempty"`
}

// Mailbox holds mail.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource
type Mailbox struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   MailboxSpec   `json:"spec,omitempty"`
	Status MailboxStatus `json:"status,omitempty"`
}

// MailboxList lists mailboxes.
// +kubebuilder:object:root=true
type MailboxList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Mailbox `json:"items"`
}
