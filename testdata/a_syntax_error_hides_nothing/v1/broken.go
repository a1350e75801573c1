// This case proves that a syntax error in one file hides nothing: the mistakes in the package's other files and in other packages are reported in the same run, and nothing that only follows from the syntax error is.
//
// +groupName=syntax.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget has a field whose line does not parse.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"
}
