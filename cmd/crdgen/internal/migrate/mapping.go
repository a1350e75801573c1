package migrate

// This file implements mapping a controller-gen command line to crdgen's:
// the table of docs/guides/migrating-from-controller-gen.md, option by
// option. A line runs only the generators it names, with the flags its own
// options map to; where it has no output rule, controller-gen's default
// (config/<generator>, or the directory of an output rule for every
// generator) is given, since crdgen's defaults differ (config/crd/bases;
// a kubebuilder project's directories wherever crdgen runs in it).

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Mapped is the crdgen command a controller-gen line becomes.
type Mapped struct {
	// Command is generate, or crd for CRDs to standard output.
	Command string
	// Flags are the flags, each followed by its value if it takes one.
	Flags []string
	// Patterns are the package patterns.
	Patterns []string
	// Settings are what must go into crdgen.yaml (options with no flag).
	Settings []Setting
}

// Args are the arguments of crdgen: the command, the flags, the patterns.
func (m Mapped) Args() []string {
	return slices.Concat([]string{m.Command}, m.Flags, m.Patterns)
}

// Setting is one crdgen.yaml setting an option maps to.
type Setting struct {
	// Section and Key name it (rbac, fileName).
	Section, Key, Value string
	at                  arg
}

// Defaults are crdgen's defaults where a line's mapping depends on them.
type Defaults struct {
	// HeaderFile is crdgen's default Go header in the project (kubebuilder's
	// hack/boilerplate.go.txt), "" for none: a line that gives none gets
	// --header-file "" so that crdgen writes none either, as controller-gen.
	HeaderFile string
}

// optionRule maps one generator option: to flags, to a crdgen.yaml
// setting, to nothing (why says why it is not needed), or to an error.
type optionRule struct {
	flag    string // a flag taking the value
	boolean string // a flag set when the value is true (false: nothing)
	setting string // a crdgen.yaml key in the generator's section
	header  bool   // the Go header (--header-file), shared
	year    bool   // --year, shared
	// ignore is a value (or "*": any) that needs nothing in crdgen.
	ignore string
	// refuse says why the option cannot be mapped.
	refuse string
}

// optionRules are every option of controller-gen v0.23.0's generators.
func optionRules() map[string]map[string]optionRule {
	return map[string]map[string]optionRule{
		"crd": {
			"maxDescLen":                 {flag: "--max-description-length"},
			"allowDangerousTypes":        {boolean: "--allow-dangerous-types"},
			"generateEmbeddedObjectMeta": {boolean: "--generate-embedded-object-meta"},
			"crdVersions":                {ignore: "v1", refuse: "crdgen writes v1 CRDs only (no API server serves v1beta1 since Kubernetes 1.22)"},
			"ignoreUnexportedFields":     {ignore: "true", refuse: "crdgen always leaves unexported fields out: they are not part of the wire format"},
			"deprecatedV1beta1CompatibilityPreserveUnknownFields": {refuse: "it only matters for v1beta1 CRDs, which crdgen does not write"},
			"headerFile": {refuse: "crdgen writes no header above a CRD"},
			"year":       {refuse: "crdgen writes no header above a CRD"},
		},
		"rbac": {
			"roleName":   {flag: "--role-name"},
			"fileName":   {setting: "fileName"},
			"headerFile": {setting: "headerFile"},
			"year":       {year: true},
		},
		"webhook": {
			"headerFile": {setting: "headerFile"},
			"year":       {year: true},
		},
		"object": {
			"headerFile": {header: true},
			"year":       {year: true},
		},
		"applyconfiguration": {
			"headerFile":                  {header: true},
			"omitToolVersion":             {ignore: "*"},
			"externalApplyConfigurations": {refuse: "set applyConfiguration.external in crdgen.yaml by hand"},
		},
		"schemapatch": {},
	}
}

// manifestDirFlags are the flags of the directories of the generators
// that write manifests.
func manifestDirFlags() map[string]string {
	return map[string]string{"crd": "-o", "rbac": "--rbac-dir", "webhook": "--webhook-dir"}
}

// mapping is one line's mapping under way: the command so far, and the
// options several generators share (one header, one year).
type mapping struct {
	m            Mapped
	diags        markers.ErrorList
	header, year *Option
}

func (mp *mapping) fail(a arg, format string, v ...any) {
	mp.diags.Errorf(a.Pos, markers.CodeMigrate, "%s%s", fmt.Sprintf(format, v...), a.where())
}

// Map maps a line to crdgen's command.
func Map(inv *Invocation, d Defaults) (Mapped, markers.ErrorList) {
	mp := &mapping{m: Mapped{Command: "generate"}}
	var gens []string
	codeGen := false
	for _, g := range inv.Generators {
		if !slices.Contains(generators.Names(), g.Name) {
			mp.fail(g.at, "controller-gen's %s generator has no crdgen equivalent", g.Name)
			continue
		}
		if r := ruleOf(inv, g.Name); r.Kind == "none" {
			continue
		}
		if !slices.Contains(gens, g.Name) {
			gens = append(gens, g.Name)
		}
		codeGen = codeGen || g.Name == "object" || g.Name == "applyconfiguration"
		for _, o := range g.Options {
			mp.option(g.Name, o)
		}
	}
	m := &mp.m
	if mp.header != nil {
		m.Flags = append(m.Flags, "--header-file", mp.header.Value)
	} else if codeGen && d.HeaderFile != "" {
		m.Flags = append(m.Flags, "--header-file", "")
	}
	if mp.year != nil {
		m.Flags = append(m.Flags, "--year", mp.year.Value)
	}
	// In the table's order, as crdgen runs them.
	gens = slices.DeleteFunc(generators.Names(), func(n string) bool { return !slices.Contains(gens, n) })
	m.Flags = append(m.Flags, outputFlags(inv, gens, m, mp.fail)...)
	if len(inv.Tags) > 0 {
		m.Flags = append(m.Flags, "--tags", strings.Join(inv.Tags, ","))
	}
	if m.Command == "generate" {
		m.Flags = append([]string{"--generators", strings.Join(gens, ",")}, m.Flags...)
	}
	m.Patterns = inv.Paths
	return *m, mp.diags
}

// option maps one option of generator gen, by its row of optionRules.
func (mp *mapping) option(gen string, o Option) {
	rules := optionRules()[gen]
	r, ok := rules[o.Key]
	if !ok {
		msg := fmt.Sprintf("%s:%s: controller-gen's %s generator has no option %q", gen, o.Key, gen, o.Key)
		if s := markers.Suggest(o.Key, slices.Sorted(maps.Keys(rules))); s != "" {
			msg += fmt.Sprintf(", did you mean %q", s)
		}
		mp.fail(o.at, "%s", msg)
		return
	}
	// shared keeps the first value of an option several generators
	// share, and refuses a second that differs.
	shared := func(p **Option, what string) {
		switch {
		case *p == nil:
			*p = &o
		case (*p).Value != o.Value:
			mp.fail(o.at, "%s:%s=%s: crdgen gives every %s, and this line also names %s", gen, o.Key, o.Value, what, (*p).Value)
		}
	}
	m := &mp.m
	switch {
	case r.ignore == "*" || r.ignore != "" && strings.Trim(o.Value, "{}") == r.ignore:
	case r.refuse != "":
		mp.fail(o.at, "%s:%s=%s cannot be mapped: %s", gen, o.Key, o.Value, r.refuse)
	case r.flag != "":
		m.Flags = append(m.Flags, r.flag, o.Value)
	case r.boolean != "" && o.Value == "true":
		m.Flags = append(m.Flags, r.boolean)
	case r.boolean != "" && o.Value != "false":
		mp.fail(o.at, "%s:%s=%s: not true or false", gen, o.Key, o.Value)
	case r.setting != "":
		m.Settings = append(m.Settings, Setting{Section: gen, Key: r.setting, Value: o.Value, at: o.at})
	case r.header:
		shared(&mp.header, "Go file one header")
	case r.year:
		shared(&mp.year, "header one year")
	}
}

// ruleOf is the output rule of a generator on the line: its own, the
// line's rule for every generator, or controller-gen's default.
func ruleOf(inv *Invocation, gen string) OutputRule {
	if r, ok := inv.Outputs[gen]; ok {
		return r
	}
	if r, ok := inv.Outputs[""]; ok {
		return r
	}
	return OutputRule{Kind: "artifacts", Dir: "config/" + gen}
}

// outputFlags are the directory flags of the generators of a line; CRDs
// to standard output make the command crd -o -.
func outputFlags(inv *Invocation, gens []string, m *Mapped, fail func(arg, string, ...any)) []string {
	var out []string
	for _, gen := range gens {
		r := ruleOf(inv, gen)
		flag, manifests := manifestDirFlags()[gen]
		switch {
		case r.Kind == "stdout" && gen == "crd" && len(gens) == 1:
			m.Command = "crd"
			out = append(out, "-o", "-")
		case r.Kind == "stdout":
			fail(r.at, "output:%s:stdout: crdgen writes only CRDs to standard output (crdgen crd -o -); give this generator a directory", gen)
		case manifests && r.Dir != "":
			out = append(out, flag, r.Dir)
		case manifests:
			fail(r.at, "output:%s: artifacts code= is for Go code; give config=DIR", gen)
		case r.Kind == "dir" || r.Code != "":
			// Go code: crdgen writes it into each package (or under it),
			// as controller-gen's artifacts config= rule does.
			fail(r.at, "output rule for %s: crdgen writes its Go files into the packages, not into one directory", gen)
		}
	}
	return out
}
