// This case proves --generate-embedded-object-meta: a template's
// metav1.ObjectMeta keeps name, namespace, labels, annotations and
// finalizers (as controller-gen's crd:generateEmbeddedObjectMeta writes
// them), while the kind's own metadata stays {type: object}.
//
// +groupName=templates.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Stamp makes objects from a template.
type Stamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StampSpec `json:"spec,omitempty"`
}

// StampSpec holds the template.
type StampSpec struct {
	// Template is what each object starts from.
	Template Template `json:"template"`
}

// Template is an object's metadata and data.
type Template struct {
	// Metadata of the objects made.
	// +optional
	Metadata metav1.ObjectMeta `json:"metadata,omitempty"`
	// Data of the objects made.
	// +optional
	Data map[string]string `json:"data,omitempty"`
}
