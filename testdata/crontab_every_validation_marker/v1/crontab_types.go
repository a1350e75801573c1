// This case proves that every +kubebuilder:validation marker reaches the schema, on fields, types and list items.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Schedule is a cron expression.
// +kubebuilder:validation:MinLength=9
// +kubebuilder:validation:MaxLength=64
// +kubebuilder:validation:Pattern=`^(\S+\s+){4}\S+$`
type Schedule string

// Port is a TCP port.
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
type Port int32

// Labels are extra labels for the jobs.
// +kubebuilder:validation:MaxProperties=16
// +kubebuilder:validation:MinProperties=1
type Labels map[string]string

// Hosts lists host names.
// +kubebuilder:validation:MaxItems=8
// +kubebuilder:validation:items:MaxLength=253
// +kubebuilder:validation:items:Format=hostname
type Hosts []string

// CronTabSpec is the desired state of a CronTab.
// +kubebuilder:validation:XValidation:rule="!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
type CronTabSpec struct {
	// Schedule in cron format.
	CronSpec Schedule `json:"cronSpec"`

	// Image to run.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Image string `json:"image"`

	// Replicas to run, a multiple of two.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:MultipleOf=2
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// MinReplicas is the lower bound.
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Minimum=0
	// +optional
	MinReplicas *int32 `json:"minReplicas,omitempty"`

	// MaxReplicas is the upper bound.
	// +optional
	MaxReplicas *int32 `json:"maxReplicas,omitempty"`

	// Ratio is a fraction in thousandths.
	// +kubebuilder:validation:Type=integer
	// +kubebuilder:validation:Format=int64
	// +optional
	Ratio string `json:"ratio,omitempty"`

	// Port the job listens on.
	// +optional
	Port Port `json:"port,omitempty"`

	// Policy decides what happens with concurrent runs.
	// +kubebuilder:validation:Enum=Allow;Forbid;Replace
	// +optional
	ConcurrencyPolicy string `json:"concurrencyPolicy,omitempty"`

	// Priority is one of a few numbers.
	// +kubebuilder:validation:Enum={1,5,10}
	// +optional
	Priority int `json:"priority,omitempty"`

	// Tags are free-form, unique words.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=10
	// +kubebuilder:validation:items:MinLength=2
	// +kubebuilder:validation:items:MaxLength=20
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:items:XValidation:rule="self != 'forbidden'",message="the tag 'forbidden' is forbidden"
	// +listType=set
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Hosts the job may reach.
	// +optional
	Hosts Hosts `json:"hosts,omitempty"`

	// Labels for the jobs.
	// +optional
	Labels Labels `json:"labels,omitempty"`

	// Annotations for the jobs.
	// +kubebuilder:validation:MaxProperties=8
	// +optional
	Annotations map[string]string `json:"annotations,omitempty"`

	// Email of the owner.
	// +kubebuilder:validation:Format=email
	// +kubebuilder:validation:MaxLength=254
	// +optional
	Email string `json:"email,omitempty"`

	// Config is arbitrary JSON kept as is.
	// +kubebuilder:validation:XPreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=object
	// +optional
	Config *Raw `json:"config,omitempty"`

	// Size is an integer or a percentage.
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^\d+%?$`
	// +optional
	Size *intstr.IntOrString `json:"size,omitempty"`

	// Template is an embedded object.
	// +kubebuilder:validation:XEmbeddedResource
	// +kubebuilder:validation:XPreserveUnknownFields
	// +optional
	Template *Raw `json:"template,omitempty"`

	// Steps run in order.
	// +kubebuilder:validation:MaxItems=5
	// +optional
	Steps []Step `json:"steps,omitempty"`
}

// Raw holds arbitrary data.
type Raw struct{}

// Step is one step of a job.
// +kubebuilder:validation:XValidation:rule="self.name != self.command",message="name and command must differ"
// +kubebuilder:validation:MinProperties=1
type Step struct {
	// Name of the step.
	// +kubebuilder:validation:MaxLength=63
	Name string `json:"name"`
	// Command to run.
	// +kubebuilder:validation:MaxLength=1024
	// +kubebuilder:validation:XValidation:rule="!self.startsWith('rm ')",message="no rm",reason=FieldValueForbidden
	Command string `json:"command"`
	// UniqueArgs asks for unique arguments the old way.
	// +optional
	Args []string `json:"args,omitempty"`
}

// CronTabStatus is the observed state of a CronTab.
type CronTabStatus struct {
	// LastScheduleTime is when the job last ran.
	// +optional
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`
}

// CronTab runs a container on a schedule.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type CronTab struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CronTabSpec   `json:"spec"`
	Status CronTabStatus `json:"status,omitempty"`
}

// CronTabList is a list of CronTab.
// +kubebuilder:object:root=true
type CronTabList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronTab `json:"items"`
}
