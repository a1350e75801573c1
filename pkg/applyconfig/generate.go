package applyconfig

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Options configure Generate.
type Options struct {
	// Header is the boilerplate with YEAR replaced (nil: none).
	Header []byte
	// External are controller-gen's externalApplyConfigurations entries,
	// "<pkg>.<Type>@<acPkg>": the package of the apply configuration of a
	// type of another package.
	External []string
}

// File is one generated file.
type File struct {
	// Path is the file's absolute path.
	Path string
	// Package is the API package the file was generated for.
	Package *model.Package
	// Content is the gofmt-ed source.
	Content []byte
}

// Generate returns the apply configuration files of every API package of
// the patterns marked +kubebuilder:ac:generate=true, sorted by path, and
// the problems found. A package with an error gets no files.
func Generate(m *model.Model, opts Options) ([]File, markers.ErrorList) {
	externals, diags := parseExternals(opts.External)
	var plans []*plan
	for _, p := range m.Packages {
		if !p.Root || p.CommentsOnly {
			continue
		}
		pl, found := planPackage(m, p, externals)
		diags.Append(found)
		if pl != nil && !found.HasErrors() {
			plans = append(plans, pl)
		}
	}
	// Packages are written on every core; each keeps its own state.
	rendered := make([][]File, len(plans))
	errs := make([]error, len(plans))
	parallel.ForEach(len(plans), func(i int) { rendered[i], errs[i] = plans[i].render(opts.Header) })
	var files []File
	for i, pl := range plans {
		if errs[i] != nil {
			diags.Errorf(pl.pkg.Pos, markers.CodeSchema, "apply configurations of %s: %v", pl.pkg.Path, errs[i])
			continue
		}
		files = append(files, rendered[i]...)
	}
	slices.SortFunc(files, func(a, b File) int { return cmp.Compare(a.Path, b.Path) })
	diags.Append(clashes(files))
	return files, diags.Sorted()
}

// render writes a planned package's files.
func (pl *plan) render(header []byte) ([]File, error) {
	var gfs []*goFile
	var names []string
	for _, at := range pl.types {
		gfs = append(gfs, pl.genTypeFile(at))
		names = append(names, filepath.Join(pl.acDir, strings.ToLower(at.t.Ident.Name)+".go"))
	}
	gfs = append(gfs, pl.genUtils())
	names = append(names, filepath.Join(pl.outDir, "utils.go"))
	var defs map[string]node
	if pl.schema {
		defs = pl.buildDefinitions()
	}
	schema, err := schemaYAML(defs)
	if err != nil {
		return nil, err
	}
	gfs = append(gfs, pl.genInternal(schema))
	names = append(names, filepath.Join(pl.outDir, "internal", "internal.go"))
	out := make([]File, len(gfs))
	for i, f := range gfs {
		content, err := f.render(header)
		if err != nil {
			return nil, err
		}
		out[i] = File{Path: names[i], Package: pl.pkg, Content: content}
	}
	return out, nil
}

// defaultExternals are the apply configurations code-generator always
// knows: client-go's of metav1's types.
func defaultExternals() map[model.GoIdent]model.GoImportPath {
	out := map[model.GoIdent]model.GoImportPath{}
	for _, name := range []string{"Condition", "DeleteOptions", "LabelSelector", "LabelSelectorRequirement",
		"ManagedFieldsEntry", "ObjectMeta", "OwnerReference", "TypeMeta"} {
		out[model.GoIdent{ImportPath: metav1Path, Name: name}] = "k8s.io/client-go/applyconfigurations/meta/v1"
	}
	return out
}

// parseExternals reads the External entries on top of the defaults.
func parseExternals(entries []string) (map[model.GoIdent]model.GoImportPath, markers.ErrorList) {
	var diags markers.ErrorList
	out := defaultExternals()
	for _, e := range entries {
		typ, ac, ok := strings.Cut(e, "@")
		dot := strings.LastIndex(typ, ".")
		if !ok || dot <= 0 || dot == len(typ)-1 || ac == "" {
			diags.Errorf(token.Position{}, markers.CodeMarkerValue,
				"invalid external apply configuration format %q, expected <package>.<TypeName>@<applyconfiguration-package>", e)
			continue
		}
		out[model.GoIdent{ImportPath: model.GoImportPath(typ[:dot]), Name: typ[dot+1:]}] = model.GoImportPath(ac)
	}
	return out, diags
}

// clashes reports two packages writing the same file (two API packages
// whose +kubebuilder:ac:output:package name one directory), where
// controller-gen lets the last one win.
func clashes(files []File) markers.ErrorList {
	var diags markers.ErrorList
	for i := 1; i < len(files); i++ {
		if a, b := files[i-1], files[i]; a.Path == b.Path && a.Package != b.Package {
			diags.Add(markers.Diagnostic{Pos: b.Package.Pos, Code: markers.CodeMarkerValue,
				Msg:     fmt.Sprintf("apply configurations of %s and %s are both written to %s", a.Package.Path, b.Package.Path, b.Path),
				Related: []markers.Related{{Pos: a.Package.Pos, Msg: "the other package"}}})
		}
	}
	return diags
}
