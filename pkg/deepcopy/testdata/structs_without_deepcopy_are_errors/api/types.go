// Struct fields whose type needs a DeepCopyInto that does not exist: a
// struct from a package without one (helper.Bag, time.Time), an
// unexported type, a type turned off, an anonymous struct. controller-gen
// v0.23.0 calls DeepCopyInto on them anyway, and the package does not
// compile (istio/api#1442); crdgen reports each field. A struct that a
// shallow copy copies (helper.Version, unexported fields included) and one
// whose package has a generated DeepCopyInto (helper.Generated) are fine.
// +kubebuilder:object:generate=true
package api

import (
	"time"

	"github.com/crdgen/crdgen/pkg/deepcopy/testdata/structs_without_deepcopy_are_errors/helper"
)

type lower struct{ Items []string }

// Off is turned off.
// +kubebuilder:object:generate=false
type Off struct{ Items []string }

// Uses has one field of each.
type Uses struct {
	Version    helper.Version
	Generated  helper.Generated
	Generateds []helper.Generated
	Bag        helper.Bag
	BagPtr     *helper.Bag
	Bags       []helper.Bag
	BagMap     map[string]helper.Bag
	Time       time.Time
	Lower      lower
	Off        Off
	Anon       struct{ Items []string }
	After      []string
}
