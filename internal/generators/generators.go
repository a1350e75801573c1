package generators

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/header"
	"github.com/crdgen/crdgen/internal/output"
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
}

// File is one file a generator made.
type File struct {
	Path    string
	Content []byte
	// Owns says whether an existing file at Path may be replaced.
	Owns func(old []byte) bool
	// What names the files the generator replaces, in a refusal.
	What string
}

// Check returns why an existing file at f's path, which holds old, is not
// to be replaced (nil: it may be).
func (f File) Check(old []byte) error {
	if f.Owns(old) {
		return nil
	}
	first, _, _ := strings.Cut(string(old), "\n")
	return fmt.Errorf("was not written by crdgen or controller-gen (it starts %q); crdgen replaces only %s: remove it, or turn the generator off with --generators", first, f.What)
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
	out := &output.Set{Files: map[string]output.Content{}}
	checks := map[string]func([]byte) error{}
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
			out.Files[f.Path] = output.Bytes(content)
			checks[f.Path] = f.Check
		}
		out.Stale = append(out.Stale, stale...)
	}
	out.GuardPaths(checks)
	return out, diags, nil
}

// goFiles is what Go files a generator replaces.
const goFiles = "Go files whose Code generated line names crdgen or controller-gen"

// genObject writes the DeepCopy methods of the API packages' types. A file
// of crdgen's own in a package that no longer gets one is removed.
func genObject(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(fsys, s.HeaderFile, s.Year, false)
	if err != nil {
		return nil, nil, nil, err
	}
	files, diags := deepcopy.Generate(mod, deepcopy.Options{Header: head})
	var out []File
	for _, file := range files {
		out = append(out, File{Path: file.Path, Content: file.Content, Owns: output.GeneratedGo, What: goFiles})
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
	head, err := header.Read(fsys, s.HeaderFile, s.Year, true)
	if err != nil {
		return nil, nil, nil, err
	}
	files, diags := applyconfig.Generate(mod, applyconfig.Options{Header: head, External: s.External})
	var out []File
	for _, file := range files {
		out = append(out, File{Path: file.Path, Content: file.Content, Owns: output.GeneratedGo, What: goFiles})
	}
	return out, nil, diags, nil
}

// genRBAC writes the role of the +kubebuilder:rbac markers.
func genRBAC(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(fsys, s.RBACHeader, s.Year, false)
	if err != nil {
		return nil, nil, nil, err
	}
	data, diags := rbac.Generate(mod, rbac.Options{RoleName: s.RoleName, Header: head})
	if data == nil {
		return nil, nil, diags, nil
	}
	return []File{{Path: s.RBACPath, Content: data, Owns: output.OwnManifest("ClusterRole", "Role"), What: "the RBAC role crdgen or controller-gen writes"}}, nil, diags, nil
}

// genWebhook writes the webhook configurations of the +kubebuilder:webhook
// markers.
func genWebhook(mod *model.Model, fsys safefile.FS, s Settings) ([]File, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(fsys, s.WebhookHeader, s.Year, false)
	if err != nil {
		return nil, nil, nil, err
	}
	data, diags := webhook.Generate(mod, webhook.Options{Header: head})
	if data == nil {
		return nil, nil, diags, nil
	}
	return []File{{Path: s.WebhookPath, Content: data, Owns: output.OwnManifest("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"),
		What: "the webhook configurations crdgen or controller-gen writes"}}, nil, diags, nil
}
