package generators

// This file implements the rows of the generators of Go code beside the
// API types: controller-gen's object (DeepCopy) and applyconfiguration,
// each a package under pkg/ that turns the model into files.

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/header"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/applyconfig"
	"github.com/crdgen/crdgen/pkg/deepcopy"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

func objectRow() *Generator {
	return &Generator{
		Name: "object", Doc: "the DeepCopy methods of the API types, zz_generated.deepcopy.go in each package (controller-gen's object)",
		Needs: Needs{AllFields: true},
		Reads: []string{"header-file", "year"},
		run:   func(in *Input) (*output.Set, markers.ErrorList, error) { return placed(genObject(in)) },
	}
}

func applyConfigRow() *Generator {
	return &Generator{
		Name: "applyconfiguration", Doc: "the apply configurations of the packages marked +kubebuilder:ac:generate (controller-gen's applyconfiguration)",
		Needs:   Needs{Comments: true},
		Section: "applyConfiguration",
		Reads:   []string{"header-file", "year"},
		run:     func(in *Input) (*output.Set, markers.ErrorList, error) { return placed(genApplyConfig(in)) },
	}
}

// File is one file a generator made.
type File struct {
	Path    string
	Content []byte
	// Owner says which existing file at Path may be replaced.
	Owner output.Owner
}

// placed puts a generator's files in a set, each keeping the year of the
// file it replaces when only the year would change (header.KeepYear), and
// with the places its stale files are removed from.
func placed(in *Input, files []File, stale []output.Stale, diags markers.ErrorList, err error) (*output.Set, markers.ErrorList, error) {
	if err != nil {
		return nil, diags, err
	}
	out := &output.Set{Stale: stale}
	for _, f := range files {
		content := f.Content
		// Read as an output, not an input: the rerun cache watches it as
		// a file the run writes.
		if old, err := safefile.Read(f.Path); err == nil {
			content = header.KeepYear(old, content, in.Year)
		}
		out.Put(f.Path, output.Bytes(content), f.Owner)
	}
	return out, diags, nil
}

// generatedGo is the owner of the Go files a generator writes: those
// whose Code generated line names crdgen or controller-gen.
var generatedGo = output.OwnedIf(output.GeneratedGo,
	"crdgen replaces only Go files whose Code generated line names crdgen or controller-gen: remove it, or turn the generator off with --generators")

// genObject writes the DeepCopy methods of the API packages' types. A file
// of crdgen's own in a package that no longer gets one is removed.
func genObject(in *Input) (*Input, []File, []output.Stale, markers.ErrorList, error) {
	mod := in.Model
	head, hdiags, err := header.Read(in.FS, in.HeaderFile, in.Year, false, header.GoComments)
	if err != nil || hdiags != nil {
		return in, nil, nil, hdiags, err
	}
	files, diags := deepcopy.Generate(mod, deepcopy.Options{Header: head})
	var out []File
	for _, file := range files {
		out = append(out, File{Path: file.Path, Content: file.Content, Owner: generatedGo})
	}
	var stale []output.Stale
	for _, pkg := range mod.Packages {
		if pkg.Root && !pkg.CommentsOnly && pkg.Local && pkg.Dir != "" {
			stale = append(stale, output.Stale{Dir: pkg.Dir, Names: []string{deepcopy.FileName}, Own: output.OwnedBy(deepcopy.GeneratedLine)})
		}
	}
	return in, out, stale, diags, nil
}

// genApplyConfig writes the apply configurations of the packages marked
// +kubebuilder:ac:generate. Its header replaces every YEAR, as code
// generator's does.
func genApplyConfig(in *Input) (*Input, []File, []output.Stale, markers.ErrorList, error) {
	mod := in.Model
	head, hdiags, err := header.Read(in.FS, in.HeaderFile, in.Year, true, header.GoComments)
	if err != nil || hdiags != nil {
		return in, nil, nil, hdiags, err
	}
	files, diags := applyconfig.Generate(mod, applyconfig.Options{Header: head, External: in.Layout.External})
	var out []File
	outside := map[*model.Package]bool{}
	for _, file := range files {
		if in.Inside != nil && !in.Inside(file.Path) {
			outside[file.Package] = true
			continue
		}
		out = append(out, File{Path: file.Path, Content: file.Content, Owner: generatedGo})
	}
	for _, pkg := range mod.Packages {
		if !outside[pkg] {
			continue
		}
		v, m, ok := markers.First[markers.ApplyConfigOutputPackage](pkg.Markers)
		pos, where := pkg.Pos, "the default output package"
		if ok {
			pos, where = m.Pos, fmt.Sprintf("+kubebuilder:ac:output:package=%s", v.Value)
		}
		diags.Errorf(pos, markers.CodeOutput, "%s puts the apply configurations of %s outside the project; a marker never writes outside it: name the directory with --allow-outside to write there on purpose",
			where, pkg.Path)
	}
	if len(outside) > 0 {
		return in, nil, nil, diags, nil
	}
	return in, out, staleApplyConfigs(files), diags, nil
}

// staleApplyConfigs are where the apply configurations of types that are
// gone are removed: in each directory of a package's type files (outDir/
// <group>/<version>), the Go files crdgen wrote that declare an apply
// configuration and that no type makes any more. controller-gen's are
// left, as controller-gen leaves them, and so is any other file of
// crdgen's (a DeepCopy file, where a marker points the apply
// configurations into an API package).
func staleApplyConfigs(files []applyconfig.File) []output.Stale {
	ours := output.OwnedBy(applyconfig.GeneratedLine)
	own := func(name string, data []byte) bool {
		return ours(name, data) && bytes.Contains(data, []byte("ApplyConfiguration struct {"))
	}
	dirs := map[string]bool{}
	for _, f := range files {
		if base := filepath.Base(f.Path); base != "utils.go" && base != "internal.go" {
			dirs[filepath.Dir(f.Path)] = true
		}
	}
	var stale []output.Stale
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		stale = append(stale, output.Stale{Dir: dir, Ext: ".go", Own: own})
	}
	return stale
}
