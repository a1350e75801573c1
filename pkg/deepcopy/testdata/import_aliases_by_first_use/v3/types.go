// Package v3 imports k8s.io/apimachinery/pkg/runtime under its own name
// and a local package named runtime as myruntime. The local one is used
// first, so it gets the alias runtime and is written bare (its name is
// runtime); apimachinery's gets pkgruntime.
// +kubebuilder:object:generate=true
// +groupName=example.com
package v3

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	myruntime "github.com/crdgen/crdgen/pkg/deepcopy/testdata/import_aliases_by_first_use/runtime"
)

// +kubebuilder:object:root=true

// Root is a root object.
type Root struct {
	metav1.TypeMeta `json:",inline"`
	Parts           map[string]myruntime.Part       `json:"parts,omitempty"`
	Raws            map[string]runtime.RawExtension `json:"raws,omitempty"`
}
