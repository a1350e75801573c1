package model

// This file implements the rule that makes a type a kind.

// metaPath is the import path of the package that declares TypeMeta and
// ObjectMeta, which make a struct a kind.
const metaPath = "k8s.io/apimachinery/pkg/apis/meta/v1"

// IsKind reports whether a type is a kind: a struct declared with both
// metav1.TypeMeta and metav1.ObjectMeta embedded (not through pointers),
// controller-gen's rule. +kubebuilder:object:root alone makes a
// runtime.Object (an operator's configuration file type, a list), not a
// resource, so it does not make a kind; nor does a type defined over a
// kind of another name (type Other Widget). A type defined over a kind of
// its own name and group is one (gateway-api declares its older versions
// as type HTTPRoute v1.HTTPRoute): controller-gen makes every type of a
// group named like one of its kinds a version of that kind.
func (t *Type) IsKind() bool {
	if t.Base != nil && !t.Alias {
		b := t.Base
		for b.Alias && b.Base != nil {
			b = b.Base
		}
		sameGroup := b.Package != nil && t.Package != nil && b.Package.HasGroup && b.Package.Group == t.Package.Group
		return b.Ident.Name == t.Ident.Name && sameGroup && b.IsKind()
	}
	st, ok := t.Underlying.(*Struct)
	if !ok || t.Alias {
		return false
	}
	var typeMeta, objectMeta bool
	for _, f := range st.Fields {
		if !f.Embedded {
			continue
		}
		n, ok := f.Type.(*Named)
		if !ok || n.Type.Ident.ImportPath != metaPath {
			continue
		}
		switch n.Type.Ident.Name {
		case "TypeMeta":
			typeMeta = true
		case "ObjectMeta":
			objectMeta = true
		}
	}
	return typeMeta && objectMeta
}
