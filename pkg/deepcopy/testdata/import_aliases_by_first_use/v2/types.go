// Import aliases are picked by first use, in the order types are declared
// (files by name, then declarations), not in the order their methods are
// written (by name). In package v2, the first .../v1 used
// (k8s.io/api/core/v1, by Zeta) gets v1, and is written bare since v2
// imports it and its name is v1; meta/v1 then gets metav1, and the local
// v1 the path's two last elements. runtime, which v2 does not import, is
// written with its alias although the alias is its name.
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	local "github.com/crdgen/crdgen/pkg/deepcopy/testdata/import_aliases_by_first_use/v1"
)

// Zeta is declared first, and written last.
type Zeta struct {
	Env []corev1.EnvVar
}

// Alpha is declared second.
type Alpha struct {
	Times  map[string]metav1.Time
	Locals []local.Local
}

// +kubebuilder:object:root=true

// Root is a root object: runtime is imported for DeepCopyObject.
type Root struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Alpha `json:"spec,omitempty"`
}
