// This case proves that --unknown-markers=warn reports unknown and misplaced markers as warnings and still writes the CRD, that other tools' markers pass silently, and that an RBAC marker controller-gen loses on a type is pointed out.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// LegacySpec has markers that controller-gen silently dropped, a kind's
// marker on a type that is not a kind among them.
// +kubebuilder:subresource:status
type LegacySpec struct {
	// A typo that controller-gen dropped without a word.
	// +kubebuilder:validation:Maximun=10
	Size int32 `json:"size"`
	// Wrong case.
	// +kubebuilder:validation:enum=a;b
	Mode string `json:"mode"`
	// A type marker on a field.
	// +kubebuilder:printcolumn:name=X,type=string,JSONPath=.spec.x
	X string `json:"x"`
	// A ':' where '=' was meant, which controller-gen dropped too.
	// +kubebuilder:validation:UniqueItems:true
	// +listType=atomic
	Items []string `json:"items,omitempty"`
	// Markers of other generators and tools pass silently.
	// +genclient
	// +k8s:openapi-gen=true
	// +patchStrategy=merge
	// +k8s:opaqueType
	// +k8s:conversion-fn=drop
	Y string `json:"y"`
}

// Legacy is a kind.
// +k8s:conversion-gen:explicit-from=net/url.Values
// +kubebuilder:rbac:groups=migrate.example.com,resources=legacies,verbs=get
// +kubebuilder:object:root=true
type Legacy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec LegacySpec `json:"spec"`
}
