package deepcopy

// This file implements which types get methods (controller-gen v0.23.0's
// enabledOnPackage, enabledOnType, genObjectInterface and shouldBeCopied):
// the object markers and their deepcopy-gen forms, and the shapes that can
// have methods.

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// packageEnabled reports whether a package's types get methods unless a
// type says otherwise: +kubebuilder:object:generate, or else
// +k8s:deepcopy-gen whose text before a first ',' is "package".
func packageEnabled(pkg *model.Package) bool {
	if v, _, ok := markers.First[markers.ObjectGenerate](pkg.Markers); ok {
		return v.Value
	}
	if v, _, ok := markers.First[markers.DeepCopyGen](pkg.Markers); ok {
		first, _, _ := strings.Cut(v.Value, ",")
		return first == "package"
	}
	return false
}

// typeEnabled reports whether a type gets methods: its own
// +kubebuilder:object:generate, or else its +k8s:deepcopy-gen (on only
// when it reads "true": any other value turns it off), or else the
// package's setting or its being a root object.
func typeEnabled(t *model.Type, pkgEnabled bool) bool {
	if v, _, ok := markers.First[markers.ObjectGenerate](t.Markers); ok {
		return v.Value
	}
	if v, _, ok := markers.First[markers.DeepCopyGen](t.Markers); ok {
		return v.Value == "true"
	}
	return pkgEnabled || isObject(t)
}

// isObject reports whether a type gets DeepCopyObject:
// +kubebuilder:object:root, or else a +k8s:deepcopy-gen:interfaces naming
// runtime.Object (other interfaces have no effect).
func isObject(t *model.Type) bool {
	if v, _, ok := markers.First[markers.ObjectRoot](t.Markers); ok {
		return v.Value
	}
	for _, v := range markers.All[markers.DeepCopyInterfaces](t.Markers) {
		if v.Value == runtimePath+".Object" {
			return true
		}
	}
	return false
}

// eligible reports whether an enabled type can have methods: an exported
// defined type (not an alias) over a struct, slice, map, array or other
// shape a shallow copy does not copy, or any type with a hand-written
// DeepCopy or DeepCopyInto (whose missing half is written). An interface
// without DeepCopy also gives the problem to report.
func eligible(t *model.Type) (ok bool, problem string) {
	if !token.IsExported(t.Ident.Name) || t.Alias {
		return false, ""
	}
	manual := hasManual(&model.Named{Type: t})
	switch x := t.Underlying.(type) {
	case nil:
		return false, ""
	case *model.Pointer:
		// Go has no methods on a named pointer type. controller-gen
		// writes them anyway when what it points to has a hand-written
		// DeepCopy method, and the package does not compile.
		return false, ""
	case *model.Interface:
		// Nor on an interface: controller-gen writes methods that do not
		// compile, and reports the interface unless it has DeepCopy.
		if !manual {
			return false, fmt.Sprintf("cannot deep-copy %s (invalid type: %s): an interface cannot have methods; mark it +kubebuilder:object:generate=false",
				t.Ident.Name, x.Desc)
		}
		return false, ""
	case *model.Basic:
		return manual, ""
	case *model.Unsupported:
		// unsafe.Pointer is a basic type to go/types, and a type that does
		// not type-check is reported by the load.
		if x.Invalid || x.Desc == "unsafe.Pointer" {
			return manual, ""
		}
	}
	return true, ""
}

// selected returns the types of a package that get methods, in
// declaration order, and reports the enabled types that cannot have any.
func selected(pkg *model.Package, diags *markers.ErrorList) []*model.Type {
	all := packageEnabled(pkg)
	var out []*model.Type
	for _, t := range declared(pkg) {
		if !typeEnabled(t, all) {
			continue
		}
		ok, problem := eligible(t)
		if problem != "" && diags != nil {
			diags.Errorf(t.Pos, markers.CodeDeepCopy, "%s", problem)
		}
		if ok {
			out = append(out, t)
		}
	}
	return out
}

// Objects returns the types Generate gives a DeepCopyObject method, or that
// have one by hand: the root objects among the types it generates for, which
// are runtime.Objects once its files are written. A caller that generates
// conversions in the same run counts them.
func Objects(m *model.Model) map[model.GoIdent]bool {
	out := map[model.GoIdent]bool{}
	if m == nil {
		return out
	}
	for _, pkg := range m.Packages {
		if !pkg.Root || pkg.CommentsOnly {
			continue
		}
		for _, t := range selected(pkg, nil) {
			if isObject(t) && (t.Manual.DeepCopy == model.NoMethod || t.Manual.DeepCopyObject) {
				out[t.Ident] = true
			}
		}
	}
	return out
}
