// This case proves that markers attach to the same declarations as in controller-gen: doc comments, the nearest group above, and package-level groups.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:validation:MinLength=2

// Name's marker block is separated from its doc by a blank line, and still attaches.
type Name string

// ThingSpec shows field attachment.
type ThingSpec struct {
	// Direct doc marker.
	// +kubebuilder:validation:MaxLength=5
	A string `json:"a"`

	// +kubebuilder:validation:MaxLength=6

	// The group above this doc also attaches.
	B string `json:"b"`

	C string `json:"c"` // +kubebuilder:validation:MaxLength=7 (a trailing comment attaches to nothing)

	// D has only its own doc.
	D Name `json:"d"`

	/* Block comments never carry markers.
	+kubebuilder:validation:MaxLength=8
	*/
	E string `json:"e"`
}

type (
	// Grouped is a type in a grouped declaration; its own doc markers attach.
	// +kubebuilder:validation:Pattern=`^g`
	Grouped string
)

// Thing is a kind.
// +kubebuilder:printcolumn:name=A,type=string,JSONPath=.spec.a
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec"`
	// +optional
	Grouped Grouped `json:"grouped,omitempty"`
}

// This func's doc carries a marker that nothing reads, which crdgen warns about.
// +kubebuilder:validation:Optional
func helper() {}
