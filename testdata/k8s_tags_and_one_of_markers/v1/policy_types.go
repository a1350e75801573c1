// This case proves that the +k8s: tags crdgen reads (optional, required, immutable, maxItems, minimum, maximum, enum, listType, listMapKey) and the one-of markers reach the schema.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Action is a closed set of strings, listed by its constants.
// +k8s:enum
type Action string

const (
	// ActionAllow allows.
	ActionAllow Action = "Allow"
	// ActionDeny denies.
	ActionDeny Action = "Deny"
	// ActionDefault is another name for a value already listed.
	ActionDefault = ActionDeny
)

// Target selects what a policy applies to: exactly one way.
// +kubebuilder:validation:ExactlyOneOf=name;selector
// +kubebuilder:validation:AtMostOneOf=namespace;allNamespaces
type Target struct {
	// Name of the target.
	// +optional
	Name string `json:"name,omitempty"`
	// Selector of targets.
	// +optional
	Selector map[string]string `json:"selector,omitempty"`
	// Namespace of the target.
	// +optional
	Namespace string `json:"namespace,omitempty"`
	// AllNamespaces targets every namespace.
	// +optional
	AllNamespaces bool `json:"allNamespaces,omitempty"`
}

// Rule is an item of a map list.
type Rule struct {
	// Name keys the rule.
	// +k8s:required
	Name string `json:"name"`
	// Action of the rule.
	// +k8s:optional
	Action Action `json:"action,omitempty"`
}

// PolicySpec uses +k8s: tags.
// +kubebuilder:validation:AtLeastOneOf=rules;target
type PolicySpec struct {
	// ID never changes once set.
	// +k8s:immutable
	// +k8s:required
	ID string `json:"id"`
	// Owner never changes once set, and may be absent.
	// +k8s:immutable
	// +k8s:optional
	Owner string `json:"owner,omitempty"`
	// Rules, at most 16.
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=16 # the same bound as the API's clients
	// +k8s:optional
	Rules []Rule `json:"rules,omitempty"`
	// Weight between 1 and 10.
	// +k8s:minimum=1
	// +k8s:maximum=10
	// +k8s:optional
	Weight int32 `json:"weight,omitempty"`
	// Target of the policy.
	// +k8s:optional
	Target *Target `json:"target,omitempty"`
	// Tags must not be empty when given.
	// +k8s:required
	Tags []string `json:"tags"`
}

// Policy is a kind.
type Policy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec"`
}
