// Type aliases: an alias declaration gets no methods (the type it stands
// for has them), and fields of alias types are copied as controller-gen
// v0.23.0 copies them. go/types gives controller-gen a *types.Alias for
// them, which it does not take for a shallow-copyable type: a struct
// field of an alias to a struct calls DeepCopyInto, and a struct holding
// an alias field is not copied with a plain assignment. A map whose keys
// or values are an alias to a basic type is an error in controller-gen
// ("invalid map key type: string"); crdgen copies it as the type it stands
// for.
// +kubebuilder:object:generate=true
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MyString stands for string.
type MyString = string

// Strings stands for a slice.
type Strings = []string

// Labels stands for a map.
type Labels = map[string]string

// Plain is copied with a plain assignment.
type Plain struct {
	Name string
}

// PlainAlias stands for Plain.
type PlainAlias = Plain

// Deep needs a deep copy.
type Deep struct {
	Items []string
}

// DeepAlias stands for Deep.
type DeepAlias = Deep

// TimeAlias stands for metav1.Time.
type TimeAlias = metav1.Time

// Resources stands for corev1.ResourceList.
type Resources = corev1.ResourceList

// WithAlias holds an alias field: controller-gen does not take it for a
// plain value.
type WithAlias struct {
	Name MyString
}

// Fields has fields of alias types.
type Fields struct {
	Name       MyString
	Names      []MyString
	NamePtr    *MyString
	Strings    Strings
	StringsPtr *Strings
	Labels     Labels
	Plain      PlainAlias
	Plains     []PlainAlias
	PlainPtr   *PlainAlias
	Deep       DeepAlias
	Deeps      []DeepAlias
	DeepMap    map[string]DeepAlias
	Time       TimeAlias
	TimePtr    *TimeAlias
	Times      map[string]TimeAlias
	Resources  Resources
	WithAlias  WithAlias
	AliasVals  map[string]MyString
	AliasKeys  map[MyString]int
}
