package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Port is a named port of a widget.
type Port struct {
	// Name keys the list of ports.
	Name string `json:"name"`
	// Number defaults to 80.
	// +kubebuilder:default=80
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	// +optional
	Number int32 `json:"number,omitempty"`
	// Protocol must be upper case.
	// +kubebuilder:validation:XValidation:rule="self == self.upperAscii()",message="protocol must be upper case"
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// Backoff is how long to wait between retries.
type Backoff struct {
	// Seconds defaults to 10, two levels below the spec.
	// +kubebuilder:default=10
	// +optional
	Seconds int32 `json:"seconds,omitempty"`
}

// Policy is how a widget retries.
type Policy struct {
	// Retries defaults to 3.
	// +kubebuilder:default=3
	// +optional
	Retries int32 `json:"retries,omitempty"`
	// Backoff defaults to an empty object, which its own default fills.
	// +kubebuilder:default={}
	// +optional
	Backoff Backoff `json:"backoff,omitempty"`
}

// Switch is an entry of a widget's switches.
type Switch struct {
	// Enabled defaults to true, in every map value.
	// +kubebuilder:default=true
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
}

// WidgetSpec is a widget's spec.
// +kubebuilder:validation:XValidation:rule="!has(self.primary) || !has(self.secondary)",message="primary and secondary are mutually exclusive",reason=FieldValueForbidden,fieldPath=.secondary
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.owner) || self.owner == oldSelf.owner",message="owner cannot change once set"
// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || !has(oldSelf.value().primary) || has(self.primary)",message="primary cannot be removed",optionalOldSelf=true
type WidgetSpec struct {
	// Owner is required.
	Owner string `json:"owner"`
	// Replicas defaults to 1; /scale writes it.
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Handle is a short name.
	// +kubebuilder:validation:MinLength=2
	// +kubebuilder:validation:MaxLength=8
	// +kubebuilder:validation:Pattern=`^[a-z][a-z0-9-]*$`
	// +optional
	Handle string `json:"handle,omitempty"`
	// Speed is one of two.
	// +kubebuilder:validation:Enum=Fast;Slow
	// +kubebuilder:default=Fast
	// +optional
	Speed string `json:"speed,omitempty"`
	// Step is a multiple of 5, above 0.
	// +kubebuilder:validation:MultipleOf=5
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +optional
	Step int32 `json:"step,omitempty"`
	// Weight is below 100, exclusively.
	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +optional
	Weight int32 `json:"weight,omitempty"`
	// Hosts, when given, hold at least one host.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:items:MaxLength=20
	// +optional
	Hosts []string `json:"hosts,omitempty"`
	// ID is a UUID.
	// +kubebuilder:validation:Format=uuid
	// +optional
	ID string `json:"id,omitempty"`
	// Tags are a set of at most three.
	// +kubebuilder:validation:MaxItems=3
	// +listType=set
	// +optional
	Tags []string `json:"tags,omitempty"`
	// Labels hold at least one and at most two entries, each key starting
	// with x-.
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=2
	// +kubebuilder:validation:XValidation:rule="self.all(k, k.startsWith('x-'))",messageExpression="'label keys must start with x-, not ' + self.filter(k, !k.startsWith('x-'))[0]"
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Ports are keyed by name.
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=4
	// +optional
	Ports []Port `json:"ports,omitempty"`
	// Switches default each entry.
	// +optional
	Switches map[string]Switch `json:"switches,omitempty"`
	// Policy defaults to an empty object, which its defaults fill.
	// +kubebuilder:default={}
	// +optional
	Policy Policy `json:"policy,omitempty"`
	// Note may be null.
	// +nullable
	// +optional
	Note *string `json:"note,omitempty"`
	// Limit is an integer or a string.
	// +optional
	Limit *intstr.IntOrString `json:"limit,omitempty"`
	// Primary and Secondary are mutually exclusive.
	// +optional
	Primary string `json:"primary,omitempty"`
	// +optional
	Secondary string `json:"secondary,omitempty"`
	// Summary is at most 200 characters, as a rule says (no one change of
	// the starter's samples breaks it: its suite says so).
	// +kubebuilder:validation:XValidation:rule="self.size() <= 200",message="summary is too long"
	// +optional
	Summary string `json:"summary,omitempty"`
	// Frozen cannot change.
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="frozen is immutable"
	// +optional
	Frozen string `json:"frozen,omitempty"`
	// Extra keeps whatever it is given.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Extra runtime.RawExtension `json:"extra,omitempty"`
	// Template is a Kubernetes object.
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Template runtime.RawExtension `json:"template,omitempty"`
}

// WidgetStatus is a widget's status.
type WidgetStatus struct {
	// Replicas is what /scale reads.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Phase is one of two.
	// +kubebuilder:validation:Enum=Pending;Ready
	// +optional
	Phase string `json:"phase,omitempty"`
}

// Widget is a namespaced kind with a status and a scale subresource.
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec"`
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
