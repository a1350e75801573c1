// Package helper is a dependency of the API package, not an API package
// itself: it gets no deepcopy file from this run.
package helper

// Version has only unexported values: a shallow copy is a deep one (the
// model knows it because the load builds unexported fields, AllFields).
type Version struct {
	major, minor int
}

// Bag needs a deep copy, and has no DeepCopyInto.
type Bag struct {
	items []string
}

// Generated has a DeepCopyInto in its package's generated file.
type Generated struct {
	Items []string
}
