// Package deepcopy writes the DeepCopy methods of API types, as
// controller-gen's object generator (v0.23.0) writes them: one
// zz_generated.deepcopy.go per root API package, with DeepCopyInto,
// DeepCopy and, for root objects, DeepCopyObject, byte for byte
// controller-gen's but for the generator's name in the "Code generated"
// line.
//
// Input: a *model.Model loaded with parser.Options.AllFields (whether a
// dependency's struct copies shallowly depends on its unexported fields)
// and without WellKnown for the types DeepCopy reaches (it needs their
// shapes), and Options (the header). Which types get methods comes from
// the object markers (+kubebuilder:object:generate, +kubebuilder:object:root
// and their +k8s:deepcopy-gen forms) on the packages and types, and from
// the DeepCopy methods the types declare by hand (model.Type.Manual).
//
// Output: Generate returns a File per package (its path, package and
// content, sorted by path) and the diagnostics (code "deepcopy") of what
// cannot be copied: a field or type that is an interface, a function, a
// channel or an array, or a struct without DeepCopyInto. It does no I/O.
//
// Where controller-gen writes code that does not compile (a slice of
// pointers to types with a hand-written DeepCopyInto, a second
// DeepCopyObject beside a hand-written one), panics (DeepCopy on a nil
// interface), or drops the fields after one it cannot copy, this package
// does better; each such place has a golden case under testdata that says
// so. docs/contributing/architecture.md shows where it sits in crdgen.
package deepcopy
