package v1

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// +kubebuilder:validation:Maximun=3
	Size int32 `json:"size"`
	// Kind refers to a type of the broken file, which is fine.
	Other *Widget `json:"other,omitempty"`
}
