package parser

// This file implements telling the roots apart: the packages that hold API
// types (and the roots they import), in import order, and the packages read
// only for their marker comments (controllers, webhooks, main).

import (
	"go/ast"
	"maps"
	"slices"
	"strings"
)

// apiPackages returns the roots that hold API types, and the roots they
// import, in an order where every package follows its imports.
func (l *loader) apiPackages() []*rootPkg {
	var order []*rootPkg
	seen := map[string]bool{}
	var visit func(r *rootPkg)
	visit = func(r *rootPkg) {
		if seen[r.lp.ImportPath] {
			return
		}
		seen[r.lp.ImportPath] = true
		for _, path := range r.imports {
			if dep, ok := l.roots[path]; ok {
				visit(dep)
			}
		}
		order = append(order, r)
	}
	for _, path := range slices.Sorted(maps.Keys(l.roots)) {
		r := l.roots[path]
		if looksLikeAPI(r.files) {
			r.api = true
			visit(r)
		}
	}
	return order
}

// apiMarkers are the markers that make a package one of API types (read
// whole, type-checked) rather than one read for its package markers only:
// a group, or a generator's of Go code for its types (DeepCopy, apply
// configurations).
func apiMarkers() []string {
	return []string{"+groupName", "+kubebuilder:object:generate", "+kubebuilder:object:root", "+k8s:deepcopy-gen", "+kubebuilder:ac:generate"}
}

// commentOnly returns the roots that are not API packages (nor imported by
// one), by path: read for their package markers only.
func (l *loader) commentOnly(api []*rootPkg) []*rootPkg {
	var out []*rootPkg
	for _, path := range slices.Sorted(maps.Keys(l.roots)) {
		if r := l.roots[path]; !slices.Contains(api, r) {
			out = append(out, r)
		}
	}
	return out
}

// looksLikeAPI reports whether files hold an apiMarkers marker or a struct
// that embeds metav1.TypeMeta, without type-checking them.
func looksLikeAPI(files []*ast.File) bool {
	for _, f := range files {
		if f == nil {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !isMarkerComment(c.Text) {
					continue
				}
				text := strings.TrimSpace(c.Text[2:])
				for _, m := range apiMarkers() {
					if strings.HasPrefix(text, m) {
						return true
					}
				}
			}
		}
		metav1Names := map[string]bool{}
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, "\"`") == metav1Path {
				name := "v1"
				if imp.Name != nil {
					name = imp.Name.Name
				}
				metav1Names[name] = true
			}
		}
		if len(metav1Names) == 0 {
			continue
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fld := range st.Fields.List {
				if sel, ok := fld.Type.(*ast.SelectorExpr); ok && len(fld.Names) == 0 && sel.Sel.Name == "TypeMeta" {
					if x, ok := sel.X.(*ast.Ident); ok && metav1Names[x.Name] {
						found = true
					}
				}
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}
