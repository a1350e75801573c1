package generators

import (
	"bytes"
	"fmt"
	"go/token"
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
	"github.com/crdgen/crdgen/pkg/rbac"
	"github.com/crdgen/crdgen/pkg/webhook"
)

// Settings are the generators' settings: generate's flags over the layout.
type Settings struct {
	// HeaderFile is the boilerplate of generated Go files; RBACHeader and
	// WebhookHeader those of the manifests ("": none). YEAR in them
	// becomes Year.
	HeaderFile, RBACHeader, WebhookHeader string
	Year                                  string
	// RoleName names the ClusterRole and Roles of +kubebuilder:rbac.
	RoleName string
	// RBACPath and WebhookPath are the files the role and the webhook
	// configurations go to.
	RBACPath, WebhookPath string
	// External are applyConfiguration.external of crdgen.yaml.
	External []string
	// Inside reports whether a path lies in the project or a directory
	// the user named (nil: everywhere does), for outputs a marker places.
	Inside func(path string) bool
}

// File is one file a generator made.
type File struct {
	Path    string
	Content []byte
	// Owner says which existing file at Path may be replaced.
	Owner output.Owner
}

// Generator is a generator generate runs beside the CRDs.
type Generator struct {
	Name string
	Run  func(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error)
}

// All are the generators beside the CRDs and conversions, in the order
// they run.
func All() []Generator {
	return []Generator{
		{Name: "object", Run: genObject},
		{Name: "rbac", Run: genRBAC},
		{Name: "webhook", Run: genWebhook},
		{Name: "applyconfiguration", Run: genApplyConfig},
	}
}

// Run runs the generators named in which, in the order of All, and
// returns their outputs: their files, each keeping the year of the file it
// replaces when only the year would change (header.KeepYear) and replacing
// only a file its generator owns (File.Check); where their files that a
// run no longer makes are removed; and their diagnostics. It stops at a
// generator that fails, with the diagnostics so far.
func Run(which []string, mod *model.Model, fsys safefile.FS, s Settings) (*output.Set, markers.ErrorList, error) {
	out := &output.Set{}
	var diags markers.ErrorList
	for _, g := range All() {
		if !slices.Contains(which, g.Name) {
			continue
		}
		files, stale, d, err := g.Run(mod, fsys, s)
		diags.Append(d)
		if err != nil {
			return nil, diags, err
		}
		for _, f := range files {
			content := f.Content
			// Read as an output, not an input: the rerun cache watches it
			// as a file the run writes.
			if old, err := safefile.Read(f.Path); err == nil {
				content = header.KeepYear(old, content, s.Year)
			}
			out.Put(f.Path, output.Bytes(content), f.Owner)
		}
		out.Stale = append(out.Stale, stale...)
	}
	return out, diags, nil
}

// generatedGo is the owner of the Go files a generator writes: those
// whose Code generated line names crdgen or controller-gen.
var generatedGo = output.OwnedIf(output.GeneratedGo,
	"crdgen replaces only Go files whose Code generated line names crdgen or controller-gen: remove it, or turn the generator off with --generators")

// genObject writes the DeepCopy methods of the API packages' types. A file
// of crdgen's own in a package that no longer gets one is removed.
func genObject(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, hdiags, err := header.Read(fsys, s.HeaderFile, s.Year, false, header.GoComments)
	if err != nil || hdiags != nil {
		return nil, nil, hdiags, err
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
	return out, stale, diags, nil
}

// genApplyConfig writes the apply configurations of the packages marked
// +kubebuilder:ac:generate. Its header replaces every YEAR, as code
// generator's does.
func genApplyConfig(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, hdiags, err := header.Read(fsys, s.HeaderFile, s.Year, true, header.GoComments)
	if err != nil || hdiags != nil {
		return nil, nil, hdiags, err
	}
	files, diags := applyconfig.Generate(mod, applyconfig.Options{Header: head, External: s.External})
	var out []File
	outside := map[*model.Package]bool{}
	for _, file := range files {
		if s.Inside != nil && !s.Inside(file.Path) {
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
		return nil, nil, diags, nil
	}
	return out, staleApplyConfigs(files), diags, nil
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

// genRBAC writes the role of the +kubebuilder:rbac markers.
func genRBAC(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, hdiags, err := header.Read(fsys, s.RBACHeader, s.Year, false, header.YAMLComments)
	if err != nil || hdiags != nil {
		return nil, nil, hdiags, err
	}
	data, diags := rbac.Generate(mod, rbac.Options{RoleName: s.RoleName, Header: head})
	if data == nil {
		diags.Append(outlived(fsys, s.RBACPath, "+kubebuilder:rbac", "the permissions it grants", "ClusterRole", "Role"))
		return nil, nil, diags, nil
	}
	return []File{{Path: s.RBACPath, Content: data, Owner: output.Manifests("the RBAC role", "ClusterRole", "Role")}}, nil, diags, nil
}

// genWebhook writes the webhook configurations of the +kubebuilder:webhook
// markers.
func genWebhook(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, hdiags, err := header.Read(fsys, s.WebhookHeader, s.Year, false, header.YAMLComments)
	if err != nil || hdiags != nil {
		return nil, nil, hdiags, err
	}
	data, diags := webhook.Generate(mod, webhook.Options{Header: head})
	if data == nil {
		diags.Append(outlived(fsys, s.WebhookPath, "+kubebuilder:webhook", "the webhooks it configures", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"))
		return nil, nil, diags, nil
	}
	return []File{{Path: s.WebhookPath, Content: data,
		Owner: output.Manifests("the webhook configurations", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration")}}, nil, diags, nil
}

// outlived warns of a manifest crdgen (or controller-gen) wrote that no
// marker makes any more: it is left, as controller-gen leaves it, but
// what it deploys outlives the code that asked for it. The file is read
// through fsys, so that the rerun record sees it come and go.
func outlived(fsys safefile.FS, path, marker, what string, kinds ...string) markers.ErrorList {
	data, err := fsys.ReadFile(path)
	if err != nil || !output.OwnsManifest(data, kinds...) {
		return nil
	}
	var diags markers.ErrorList
	diags.Warnf(token.Position{Filename: path, Line: 1, Column: 1}, markers.CodeStale,
		"no %s marker makes this file any more, so crdgen leaves it as it is (as controller-gen does) and %s outlive the code that asked for them; remove it, or add the markers back", marker, what)
	return diags
}
