package main

// This file implements generate's flags of the generators beside the CRDs
// and conversions (internal/generators), and puts their files in a run's
// outputs.

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
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

// flagReaders are generate's flags that only some generators read, and
// which: the conversions' style and tests, the CRDs' flags (those of
// crdFlags, the output directory, the cost report, the suites run first),
// the role's name and directory, the webhook configurations' directory,
// the Go header, and the year of every header.
func flagReaders() map[string][]string {
	crd := []string{"crd"}
	return map[string][]string{
		"conversion-style": {"conversion"}, "conversion-tests": {"conversion"},
		"output-dir": crd, "cost-report": crd, "test": crd,
		"allow-dangerous-types": crd, "max-description-length": crd, "omit-version-annotation": crd,
		"generate-embedded-object-meta": crd, "kube-version": crd, "max-crd-bytes": crd, "size-limits": crd,
		"omit-descriptions": crd, "cost-over-budget": crd,
		"role-name": {"rbac"}, "rbac-dir": {"rbac"}, "webhook-dir": {"webhook"},
		"header-file": {"object", "applyconfiguration"},
		"year":        {"object", "rbac", "webhook", "applyconfiguration"},
	}
}

// checkReaders refuses a flag given on the command line that no generator
// asked for reads: it would change nothing (--role-name without rbac used
// to be ignored, and no role written).
func (f *genFlags) checkReaders(fs *cli.FlagSet) error {
	readers := flagReaders()
	for _, name := range slices.Sorted(maps.Keys(readers)) {
		gens := readers[name]
		if !fs.IsSet(name) || slices.ContainsFunc(gens, f.runs) {
			continue
		}
		what := "the " + gens[0] + " generator reads it"
		if len(gens) > 1 {
			what = "the " + strings.Join(gens[:len(gens)-1], ", ") + " and " + gens[len(gens)-1] + " generators read it"
		}
		return fmt.Errorf("--%s changes nothing with --generators %s: %s; add %s to --generators, or leave the flag out", name, strings.Join(f.which, ","), what, strings.Join(gens, " or "))
	}
	return nil
}

// settings are the generators' settings from the flags and the layout.
func (f *genFlags) settings(r *runState) generators.Settings {
	head := f.headerFile
	if head != "" {
		// Relative to where crdgen runs, as controller-gen's headerFile.
		head = r.a.abs(head)
	}
	return generators.Settings{
		HeaderFile: head, RBACHeader: r.layout.RBACHeader, WebhookHeader: r.layout.WebhookHeader,
		Year: f.year, RoleName: f.roleName,
		RBACPath:    filepath.Join(r.a.abs(f.rbacDir), r.layout.RBACFile),
		WebhookPath: filepath.Join(r.a.abs(f.webhookDir), "manifests.yaml"),
		External:    r.layout.External,
		Inside:      r.bounds().Inside,
	}
}

// addGenerated runs the generators asked for and adds their files to out.
func (r *runState) addGenerated(out *outputs, f *genFlags) error {
	set, diags, err := generators.Run(f.which, r.mod, r.reads, f.settings(r))
	r.diags.Append(diags)
	if err == nil {
		out.Add(set)
	}
	return err
}
