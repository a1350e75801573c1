package main

// This file implements the generators crdgen generate runs beside the CRDs
// and conversions: controller-gen's object (DeepCopy), rbac, webhook and
// applyconfiguration, each a package under pkg/ that turns the model into
// files, and a row of goGenerators here that places them, says which
// existing files they may replace, and gives them their settings.

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crdgen/crdgen/internal/cli"
	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/header"
	"github.com/crdgen/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/applyconfig"
	"github.com/crdgen/crdgen/pkg/deepcopy"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/rbac"
	"github.com/crdgen/crdgen/pkg/webhook"
)

// genFlags are generate's settings of the generators beside the CRDs.
type genFlags struct {
	which      cli.StringList
	headerFile string
	year       string
	roleName   string
	rbacDir    string
	webhookDir string
}

// register registers the flags, their defaults the layout's.
func (f *genFlags) register(fs *cli.FlagSet, l config.Layout) {
	f.which = slices.Clone(l.Generators)
	fs.Var(&cli.CommaList{List: &f.which, Allowed: config.Generators(), Noun: "generator"}, "generators", "LIST",
		"what to generate, comma-separated: "+strings.Join(config.Generators(), ", "))
	fs.StringVar(&f.headerFile, "header-file", "FILE", l.HeaderFile, "the boilerplate at the top of generated Go files (YEAR becomes --year)")
	fs.StringVar(&f.year, "year", "YEAR", l.Year, "the year in headers (default: the current year; an existing file keeps its own)")
	fs.StringVar(&f.roleName, "role-name", "NAME", l.RoleName, "the name of the ClusterRole and Roles of +kubebuilder:rbac")
	fs.StringVar(&f.rbacDir, "rbac-dir", "DIR", l.RBACDir, "where the rbac generator writes "+l.RBACFile)
	fs.StringVar(&f.webhookDir, "webhook-dir", "DIR", l.WebhookDir, "where the webhook generator writes manifests.yaml")
}

// runs reports whether a generator is asked for.
func (f *genFlags) runs(name string) bool { return slices.Contains(f.which, name) }

// check refuses settings a generator cannot run with.
func (f *genFlags) check(now time.Time) error {
	if f.year == "" {
		f.year = strconv.Itoa(now.Year())
	}
	if !regexp.MustCompile(`^[0-9]{4}$`).MatchString(f.year) {
		return fmt.Errorf("--year %q is not a year of four digits", f.year)
	}
	if f.runs("rbac") && f.roleName == "" {
		return fmt.Errorf("the rbac generator needs a role name: --role-name, or rbac.roleName in %s", config.Name)
	}
	return nil
}

// generated is one file a generator made.
type generated struct {
	path    string
	content []byte
	// owns says whether an existing file at path may be replaced.
	owns func(old []byte) bool
	// what names the file in the refusal ("a generated Go file").
	what string
}

// goGenerator is a generator generate runs beside the CRDs.
type goGenerator struct {
	name string
	run  func(r *runState, f *genFlags) ([]generated, []output.Stale, markers.ErrorList, error)
}

// goGenerators are the generators beside the CRDs and conversions, in the
// order they run.
func goGenerators() []goGenerator {
	return []goGenerator{
		{name: "object", run: genObject},
		{name: "rbac", run: genRBAC},
		{name: "webhook", run: genWebhook},
		{name: "applyconfiguration", run: genApplyConfig},
	}
}

// genObject writes the DeepCopy methods of the API packages' types. A file
// of crdgen's own in a package that no longer gets one is removed.
func genObject(r *runState, f *genFlags) ([]generated, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(r.reads, f.headerFile, f.year, false)
	if err != nil {
		return nil, nil, nil, err
	}
	files, diags := deepcopy.Generate(r.mod, deepcopy.Options{Header: head})
	var out []generated
	for _, file := range files {
		out = append(out, generated{path: file.Path, content: file.Content, owns: output.GeneratedGo, what: "Go files whose Code generated line names crdgen or controller-gen"})
	}
	var stale []output.Stale
	for _, pkg := range r.mod.Packages {
		if pkg.Root && !pkg.CommentsOnly && pkg.Local && pkg.Dir != "" {
			stale = append(stale, output.Stale{Dir: pkg.Dir, Names: []string{deepcopy.FileName}, Own: output.OwnedBy(deepcopy.GeneratedLine)})
		}
	}
	return out, stale, diags, nil
}

// genApplyConfig writes the apply configurations of the packages marked
// +kubebuilder:ac:generate. Its header replaces every YEAR, as code
// generator's does.
func genApplyConfig(r *runState, f *genFlags) ([]generated, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(r.reads, f.headerFile, f.year, true)
	if err != nil {
		return nil, nil, nil, err
	}
	files, diags := applyconfig.Generate(r.mod, applyconfig.Options{Header: head, External: r.layout.External})
	var out []generated
	for _, file := range files {
		out = append(out, generated{path: file.Path, content: file.Content, owns: output.GeneratedGo, what: "Go files whose Code generated line names crdgen or controller-gen"})
	}
	return out, nil, diags, nil
}

// genRBAC writes the role of the +kubebuilder:rbac markers.
func genRBAC(r *runState, f *genFlags) ([]generated, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(r.reads, r.layout.RBACHeader, f.year, false)
	if err != nil {
		return nil, nil, nil, err
	}
	data, diags := rbac.Generate(r.mod, rbac.Options{RoleName: f.roleName, Header: head})
	if data == nil {
		return nil, nil, diags, nil
	}
	path := filepath.Join(r.a.abs(f.rbacDir), r.layout.RBACFile)
	return []generated{{path: path, content: data, owns: output.OwnManifest("ClusterRole", "Role"), what: "the RBAC role crdgen or controller-gen writes"}}, nil, diags, nil
}

// genWebhook writes the webhook configurations of the +kubebuilder:webhook
// markers.
func genWebhook(r *runState, f *genFlags) ([]generated, []output.Stale, markers.ErrorList, error) {
	head, err := header.Read(r.reads, r.layout.WebhookHeader, f.year, false)
	if err != nil {
		return nil, nil, nil, err
	}
	data, diags := webhook.Generate(r.mod, webhook.Options{Header: head})
	if data == nil {
		return nil, nil, diags, nil
	}
	path := filepath.Join(r.a.abs(f.webhookDir), "manifests.yaml")
	return []generated{{path: path, content: data, owns: output.OwnManifest("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"),
		what: "the webhook configurations crdgen or controller-gen writes"}}, nil, diags, nil
}

// addGenerated runs the generators asked for and adds their files to out,
// each with its year kept and its ownership checked before it is replaced.
func (r *runState) addGenerated(out *outputs, f *genFlags) error {
	owners := map[string]generated{}
	for _, g := range goGenerators() {
		if !f.runs(g.name) {
			continue
		}
		files, stale, diags, err := g.run(r, f)
		r.diags.Append(diags)
		if err != nil {
			return err
		}
		for _, file := range files {
			content := file.content
			if old, err := safefile.Read(file.path); err == nil {
				content = header.KeepYear(old, content, f.year)
			}
			out.Files[file.path] = output.Bytes(content)
			owners[file.path] = file
		}
		out.Stale = append(out.Stale, stale...)
	}
	checks := map[string]func([]byte) error{}
	for path, file := range owners {
		checks[path] = func(old []byte) error {
			if file.owns(old) {
				return nil
			}
			first, _, _ := strings.Cut(string(old), "\n")
			return fmt.Errorf("was not written by crdgen or controller-gen (it starts %q); crdgen replaces only %s: remove it, or turn the generator off with --generators", first, file.what)
		}
	}
	out.GuardPaths(checks)
	return nil
}
