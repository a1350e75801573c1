package deepcopy

// This file implements the import block of a generated file and the names
// of types from other packages, with controller-gen's aliases: picked in
// the order of first use, by joining path elements until the alias is
// free, with the package's own name reserved.

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/crdgen/crdgen/pkg/model"
)

// importList is the imports a file needs, and their aliases.
type importList struct {
	byPath  map[string]string
	byAlias map[string]string
}

// newImportList returns an empty list in which the package's own name is
// taken, so that no import is given it.
func newImportList(pkgName string) *importList {
	return &importList{byPath: map[string]string{}, byAlias: map[string]string{pkgName: ""}}
}

// clone copies the list, for a type whose generation may be undone.
func (l *importList) clone() *importList {
	return &importList{byPath: maps.Clone(l.byPath), byAlias: maps.Clone(l.byAlias)}
}

// need marks a package as imported and returns its alias (controller-gen's
// NeedImport): the last path element with leading digits dropped and
// anything but letters, digits and '_' made '_'; while that alias is
// another path's, the element before is prepended; when the path runs
// out, an "x" is appended.
func (l *importList) need(importPath string) string {
	importPath = nonVendor(importPath)
	if alias, ok := l.byPath[importPath]; ok {
		return alias
	}
	rest, word := path.Split(importPath)
	alias := ""
	for other, taken := "", true; taken && other != importPath; other, taken = l.byAlias[alias] {
		if rest == "" {
			alias += "x"
		}
		word = strings.TrimLeftFunc(word, unicode.IsDigit)
		word = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
				return r
			}
			return '_'
		}, word)
		alias = word + alias
		if rest != "" {
			rest, word = path.Split(rest[:len(rest)-1])
		}
	}
	l.byPath[importPath] = alias
	l.byAlias[alias] = importPath
	return alias
}

// nonVendor cuts a vendored package's path to the path it stands for.
func nonVendor(importPath string) string {
	if i := strings.LastIndex(importPath, "/vendor/"); i >= 0 {
		return importPath[i+len("/vendor/"):]
	}
	return importPath
}

// specs returns the import specs, sorted by path: a path alone when the
// package imports it already and the alias is the imported package's own
// name, else alias and path (controller-gen writes `runtime
// "k8s.io/apimachinery/pkg/runtime"` in a package that does not import it).
func (l *importList) specs(imports []model.Import) []string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(l.byPath)) {
		alias := l.byPath[p]
		i := slices.IndexFunc(imports, func(imp model.Import) bool { return string(imp.Path) == p })
		if i >= 0 && imports[i].Name == alias {
			out = append(out, fmt.Sprintf("%q", p))
		} else {
			out = append(out, fmt.Sprintf("%s %q", alias, p))
		}
	}
	return out
}
