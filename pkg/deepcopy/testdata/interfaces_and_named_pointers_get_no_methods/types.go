// Types Go allows no methods on: an interface with a DeepCopy that
// returns itself, and named pointer types. crdgen writes nothing for them
// and reports nothing. controller-gen v0.23.0 writes DeepCopyInto on
// *Copier, and DeepCopyInto and DeepCopy on TimePtr (whose element has a
// hand-written method), none of which compile; it skips GoodPtr, as crdgen
// does.
// +kubebuilder:object:generate=true
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Copier is an interface whose DeepCopy returns itself.
type Copier interface {
	DeepCopy() Copier
}

// Good is copied.
type Good struct {
	Items []string
}

// GoodPtr is a named pointer to a generated type.
type GoodPtr *Good

// TimePtr is a named pointer to a type with a hand-written DeepCopyInto.
type TimePtr *metav1.Time
