// This case proves that a CEL rule that does not compile is an error at the column of the mistake inside the rule text, with CEL's message.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Entry is an item of a set-like list: its items cannot be matched between
// old and new objects.
type Entry struct {
	// Value of the entry.
	// +kubebuilder:validation:MaxLength=10
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="entries are immutable"
	Value string `json:"value"`
}

// RuleSpec has one broken rule per field.
// +kubebuilder:validation:XValidation:rule="self.count > 0 && self.nonExistingField == 1"
type RuleSpec struct {
	// Count compares an int with a bool.
	// +kubebuilder:validation:XValidation:rule="self == true"
	Count int32 `json:"count"`

	// A rule that is not a bool.
	// +kubebuilder:validation:XValidation:rule="self + 1"
	// +optional
	Size int32 `json:"size,omitempty"`

	// Labels has a property whose name CEL sees escaped.
	// +kubebuilder:validation:XValidation:rule="self.x-prop != ''"
	// +optional
	Labels Labeled `json:"labels,omitempty"`

	// Entries is an atomic list: oldSelf cannot be used below it.
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=5
	// +optional
	Entries []Entry `json:"entries,omitempty"`

	// Name sets optionalOldSelf without using oldSelf.
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:XValidation:rule="self != 'root'",optionalOldSelf=true
	// +optional
	Name string `json:"name,omitempty"`

	// Note has a messageExpression that does not compile.
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:XValidation:rule="self != ''",messageExpression="'note is ' + self.size"
	// +optional
	Note string `json:"note,omitempty"`
}

// Labeled has a property that is not a CEL identifier.
type Labeled struct {
	// XProp is spelt with a dash.
	// +kubebuilder:validation:MaxLength=10
	// +optional
	XProp string `json:"x-prop,omitempty"`
}

// Rule is a kind.
type Rule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RuleSpec `json:"spec"`
}
