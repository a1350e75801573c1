// This case proves that schemas describe what encoding/json writes: an outer field shadows an embedded one (whose markers and doc then play no part), a json tag name encoding/json does not accept gives the Go name, ",string" makes numbers and booleans strings, untagged embedded structs are promoted; TestSchemasMatchEncodingJSON marshals these types and validates the result against the schema.
//
// +groupName=json.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Common has fields that WidgetSpec shadows.
type Common struct {
	// Name in Common, bounded: shadowed, so neither applies.
	// +kubebuilder:validation:MaxLength=3
	Name string `json:"name"`
	// Zone is promoted.
	// +optional
	Zone   string `json:"zone,omitempty"`
	Deeper `json:",inline"`
}

// Deeper is embedded two levels down.
type Deeper struct {
	// Zone here is shadowed by Common's, one level up.
	// +kubebuilder:validation:Enum=a;b
	// +optional
	Zone string `json:"zone,omitempty"`
	// Depth is promoted from two levels down.
	// +optional
	Depth int32 `json:"depth,omitempty"`
}

// Untagged is embedded without a json tag: its fields are promoted.
type Untagged struct {
	// Promoted comes up from an untagged embedded struct.
	// +optional
	Promoted string `json:"promoted,omitempty"`
}

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	Common `json:",inline"`
	Untagged

	// Name shadows Common's: only this one is in JSON.
	Name string `json:"name"`
	// Quote has a name encoding/json rejects, so it is "Quote".
	// +optional
	Quote string `json:"it's,omitempty"`
	// Slash has a name encoding/json rejects, so it is "Slash".
	// +optional
	Slash string `json:"a\\b,omitempty"`
	// Count is written as a string.
	// +optional
	Count int32 `json:"count,omitempty,string"`
	// Enabled is written as a string.
	// +optional
	Enabled bool `json:"enabled,omitempty,string"`
	// Limit is a pointer written as a string.
	// +optional
	Limit *int64 `json:"limit,omitempty,string"`
	// Inline is an anonymous struct.
	// +optional
	Inline struct {
		// Flag of the anonymous struct.
		Flag bool `json:"flag"`
	} `json:"inline,omitzero"`
}

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}
