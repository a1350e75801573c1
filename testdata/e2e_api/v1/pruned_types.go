// This file proves that unknown fields are pruned, except under x-kubernetes-preserve-unknown-fields and in embedded resources.
package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Inner is a plain struct: unknown fields inside it are pruned too.
type Inner struct {
	// Kept is declared.
	// +optional
	Kept string `json:"kept,omitempty"`
}

// Loose keeps the unknown fields written next to its declared one.
// +kubebuilder:pruning:PreserveUnknownFields
type Loose struct {
	// Level is declared, so it is still typed and validated.
	// +kubebuilder:validation:Maximum=5
	// +optional
	Level int32 `json:"level,omitempty"`
}

// PrunedSpec mixes pruned and preserved fields.
type PrunedSpec struct {
	// Known is declared.
	// +optional
	Known string `json:"known,omitempty"`
	// Inner is a declared object whose unknown fields are pruned.
	// +optional
	Inner *Inner `json:"inner,omitempty"`
	// Free is any object (runtime.RawExtension preserves unknown fields).
	// +optional
	Free *runtime.RawExtension `json:"free,omitempty"`
	// Value is any JSON value.
	// +optional
	Value *apiextensionsv1.JSON `json:"value,omitempty"`
	// Loose has a declared field and keeps any other.
	// +optional
	Loose *Loose `json:"loose,omitempty"`
	// Template is a whole Kubernetes object: apiVersion and kind are
	// required, metadata is pruned like an object's metadata, and the rest
	// is kept.
	// +kubebuilder:validation:EmbeddedResource
	// +optional
	Template *runtime.RawExtension `json:"template,omitempty"`
}

// Pruned is a kind with pruned and preserved fields.
type Pruned struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec PrunedSpec `json:"spec,omitempty"`
}
