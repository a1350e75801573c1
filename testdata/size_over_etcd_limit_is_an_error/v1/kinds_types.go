// This case proves that a CRD whose JSON passes etcd's default request limit (1.5 MiB) is an error at its kind's type, and one over kubectl apply's annotation limit a warning.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Setting is one group of settings.
type Setting struct {
	// Value0 is the 0th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value0 string `json:"value0,omitempty"`
	// Value1 is the 1th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value1 string `json:"value1,omitempty"`
	// Value2 is the 2th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value2 string `json:"value2,omitempty"`
	// Value3 is the 3th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value3 string `json:"value3,omitempty"`
	// Value4 is the 4th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value4 string `json:"value4,omitempty"`
	// Value5 is the 5th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value5 string `json:"value5,omitempty"`
	// Value6 is the 6th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value6 string `json:"value6,omitempty"`
	// Value7 is the 7th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value7 string `json:"value7,omitempty"`
	// Value8 is the 8th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value8 string `json:"value8,omitempty"`
	// Value9 is the 9th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value9 string `json:"value9,omitempty"`
	// Value10 is the 10th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value10 string `json:"value10,omitempty"`
	// Value11 is the 11th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value11 string `json:"value11,omitempty"`
	// Value12 is the 12th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value12 string `json:"value12,omitempty"`
	// Value13 is the 13th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value13 string `json:"value13,omitempty"`
	// Value14 is the 14th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value14 string `json:"value14,omitempty"`
	// Value15 is the 15th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value15 string `json:"value15,omitempty"`
	// Value16 is the 16th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value16 string `json:"value16,omitempty"`
	// Value17 is the 17th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value17 string `json:"value17,omitempty"`
	// Value18 is the 18th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value18 string `json:"value18,omitempty"`
	// Value19 is the 19th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value19 string `json:"value19,omitempty"`
	// Value20 is the 20th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value20 string `json:"value20,omitempty"`
	// Value21 is the 21th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value21 string `json:"value21,omitempty"`
	// Value22 is the 22th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value22 string `json:"value22,omitempty"`
	// Value23 is the 23th value. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Value23 string `json:"value23,omitempty"`
}

// Container is one container of a template, as an upstream type would be.
type Container struct {
	// Group0 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group0 *Setting `json:"group0,omitempty"`
	// Group1 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group1 *Setting `json:"group1,omitempty"`
	// Group2 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group2 *Setting `json:"group2,omitempty"`
	// Group3 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group3 *Setting `json:"group3,omitempty"`
	// Group4 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group4 *Setting `json:"group4,omitempty"`
	// Group5 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group5 *Setting `json:"group5,omitempty"`
	// Group6 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group6 *Setting `json:"group6,omitempty"`
	// Group7 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group7 *Setting `json:"group7,omitempty"`
	// Group8 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group8 *Setting `json:"group8,omitempty"`
	// Group9 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group9 *Setting `json:"group9,omitempty"`
	// Group10 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group10 *Setting `json:"group10,omitempty"`
	// Group11 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group11 *Setting `json:"group11,omitempty"`
	// Group12 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group12 *Setting `json:"group12,omitempty"`
	// Group13 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group13 *Setting `json:"group13,omitempty"`
	// Group14 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group14 *Setting `json:"group14,omitempty"`
	// Group15 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group15 *Setting `json:"group15,omitempty"`
	// Group16 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group16 *Setting `json:"group16,omitempty"`
	// Group17 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group17 *Setting `json:"group17,omitempty"`
	// Group18 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group18 *Setting `json:"group18,omitempty"`
	// Group19 holds settings. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Group19 *Setting `json:"group19,omitempty"`
}

// Template is what the controller makes, as a pod template is.
type Template struct {
	// Containers run the work. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Containers []Container `json:"containers,omitempty"`
	// Sidecars run beside them. It is described at length, so that the descriptions weigh, as an upstream type's do: the text says what the field is for, which values it takes, what the controller does with each, and what happens when it is left out.
	// +optional
	Sidecars []Container `json:"sidecars,omitempty"`
}

// BigSpec is the spec of Big.
type BigSpec struct {
	// Replicas is how many.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	// Template is most of this CRD.
	Template Template `json:"template"`
	// Settings are the CRD's own.
	// +optional
	Settings *Setting `json:"settings,omitempty"`
}

// Big is a kind too large for kubectl apply's annotation.
type Big struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BigSpec `json:"spec"`
}

// HugeSpec is the spec of Huge.
type HugeSpec struct {
	// Template0 is one of six templates.
	Template0 Template `json:"template0"`
	// Template1 is one of six templates.
	Template1 Template `json:"template1"`
	// Template2 is one of six templates.
	Template2 Template `json:"template2"`
	// Template3 is one of six templates.
	Template3 Template `json:"template3"`
	// Template4 is one of six templates.
	Template4 Template `json:"template4"`
	// Template5 is one of six templates.
	Template5 Template `json:"template5"`
}

// Huge is a kind too large for etcd's default request limit.
type Huge struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HugeSpec `json:"spec"`
}
