// This case proves that the API reference shows every schema keyword crdgen writes, every fact of a kind, and every way a field reaches a type.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Hostname is a DNS name.
// +kubebuilder:validation:Pattern=`^[a-z0-9.-]+$`
// +kubebuilder:validation:MaxLength=253
type Hostname string

// Level is how loud an engine runs.
// +kubebuilder:validation:Enum=Low;High
// +kubebuilder:validation:MaxLength=8
type Level string

// Day is a calendar day.
// +kubebuilder:validation:Format=date
type Day string

// Hosts are host names.
// +kubebuilder:validation:MaxItems=8
type Hosts []Hostname

// Labels are extra labels.
// +kubebuilder:validation:MaxProperties=16
// +kubebuilder:validation:MinProperties=1
type Labels map[string]string

// Raw holds arbitrary data.
type Raw struct{}

// Common holds what every spec has; it is inlined.
type Common struct {
	// Owner is who runs the engine.
	// +optional
	Owner string `json:"owner,omitempty"`
}

// Endpoint is one place an engine listens on.
// +kubebuilder:validation:XValidation:rule="self.port != 22",message="port 22 is taken"
// +structType=atomic
type Endpoint struct {
	// Name names the endpoint.
	Name string `json:"name"`
	// Port is a TCP port.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Port int32 `json:"port"`
	// Host is where the endpoint is.
	// +optional
	Host Hostname `json:"host,omitempty"`
}

// EngineSpec is what an engine should be.
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.owner) || has(self.owner)",message="owner cannot be removed",reason=FieldValueForbidden,fieldPath=".owner",optionalOldSelf=true
// +kubebuilder:validation:XValidation:rule="self.replicas <= 8 || self.level == 'High'",messageExpression="'more than 8 replicas need level High, not ' + self.level"
// +kubebuilder:validation:MinProperties=1
type EngineSpec struct {
	Common `json:",inline"`

	// Replicas is how many engines run, an even number.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:MultipleOf=2
	// +kubebuilder:default=2
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Name is the engine's name.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
	Name string `json:"name"`

	// Email of the owner.
	// +kubebuilder:validation:Format=email
	// +optional
	Email string `json:"email,omitempty"`

	// Level is how loud the engine runs.
	// +kubebuilder:default=High
	// +optional
	Level Level `json:"level,omitempty"`

	// Mode is picked from a list written on the field.
	// +kubebuilder:validation:Enum=Fast;Slow;"with space"
	// +optional
	Mode string `json:"mode,omitempty"`

	// Priority is one of a few numbers.
	// +kubebuilder:validation:Enum={1,5,10}
	// +optional
	Priority int `json:"priority,omitempty"`

	// Hosts the engine may reach.
	// +optional
	Hosts Hosts `json:"hosts,omitempty"`

	// Endpoints are the engine's endpoints, by name.
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=4
	// +optional
	Endpoints []Endpoint `json:"endpoints,omitempty"`

	// Tags are unique words.
	// +listType=set
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:items:MaxLength=20
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Labels for the engine.
	// +optional
	Labels Labels `json:"labels,omitempty"`

	// Backups are endpoints by purpose.
	// +mapType=granular
	// +kubebuilder:validation:MaxProperties=3
	// +optional
	Backups map[string]Endpoint `json:"backups,omitempty"`

	// Size is an integer or a percentage.
	// +kubebuilder:validation:XIntOrString
	// +optional
	Size *intstr.IntOrString `json:"size,omitempty"`

	// Config is arbitrary JSON kept as is.
	// +kubebuilder:validation:XPreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=object
	// +optional
	Config *Raw `json:"config,omitempty"`

	// Template is an embedded object.
	// +kubebuilder:validation:XEmbeddedResource
	// +kubebuilder:validation:XPreserveUnknownFields
	// +optional
	Template *Raw `json:"template,omitempty"`

	// Nickname may be null.
	// +nullable
	// +optional
	Nickname *string `json:"nickname,omitempty"`

	// Motto has a title, an example and external docs.
	// +kubebuilder:title=Motto
	// +kubebuilder:example="go fast"
	// +kubebuilder:externalDocs:url=https://example.com/mottos,description="How to write a motto"
	// +optional
	Motto string `json:"motto,omitempty"`

	// Start is a day, and a date-time too: the two formats conflict and
	// are kept side by side.
	// +kubebuilder:validation:Format=date-time
	// +optional
	Start Day `json:"start,omitempty"`

	// Window is an anonymous struct: its fields are rows of this table.
	// +optional
	Window *struct {
		// From is when the window opens.
		From string `json:"from"`
		// To is when it closes.
		// +optional
		To string `json:"to,omitempty"`
	} `json:"window,omitempty"`

	// Matrix is a list of lists.
	// +kubebuilder:validation:items:MaxItems=3
	// +optional
	Matrix [][]int32 `json:"matrix,omitempty"`

	// Data is bytes, written as base64.
	// +optional
	Data []byte `json:"data,omitempty"`
}

// EngineStatus is what an engine is.
type EngineStatus struct {
	// Replicas is how many run.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Selector selects the engine's pods.
	// +optional
	Selector string `json:"selector,omitempty"`
	// Conditions are the engine's conditions.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Engine is a kind with every fact a kind has.
// +kubebuilder:resource:scope=Cluster,shortName=eng;en,categories=machines,singular=engine
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`,description="desired replicas",priority=1
// +kubebuilder:printcolumn:name="Started",type=string,format=date,JSONPath=`.spec.start`
// +kubebuilder:selectablefield:JSONPath=`.spec.level`
// +kubebuilder:storageversion
// +kubebuilder:validation:XValidation:rule="self.metadata.name.size() <= 40",message="the name is at most 40 characters"
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   EngineSpec   `json:"spec"`
	Status EngineStatus `json:"status,omitempty"`
}
