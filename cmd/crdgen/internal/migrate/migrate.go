package migrate

// This file implements a migration from start to end: find the files,
// read every invocation, map it, and make the edits.

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Package is crdgen's main package, which the install target installs.
const Package = "github.com/crdgen/crdgen/cmd/crdgen"

// Options are the settings of a migration.
type Options struct {
	// Dir is the project's directory (absolute): its Makefile, the
	// scripts it runs and its Go files are read.
	Dir string
	// Version is the version of crdgen the Makefile installs
	// (CRDGEN_VERSION) and go run runs.
	Version string
	// Defaults are crdgen's defaults in the project.
	Defaults Defaults
	// Lenient, when set, runs a mapped line's crdgen command in dir (its
	// working directory) and reports whether it fails only on markers
	// controller-gen drops silently (unknown or misplaced markers), with
	// those problems: the line then gets --unknown-markers=warn, so that
	// the migrated target writes what controller-gen wrote, and the
	// problems are printed as warnings to fix.
	Lenient func(dir string, args []string) (bool, markers.ErrorList)
}

// Change is one line migrate rewrites.
type Change struct {
	// File is relative to the project; Line is 1-based.
	File     string
	Line     int
	Old, New string
}

// Result is what a migration changes.
type Result struct {
	// Set holds the new content of every file it changes, each owned by
	// the bytes migrate read (a file changed since is not replaced).
	Set *output.Set
	// Changes are the lines changed (the invocations, the prerequisites,
	// a script's run), in file and line order; Invocations counts the
	// invocations rewritten.
	Changes     []Change
	Invocations int
	// Added are the lines added for the install convention, by file.
	Added map[string][]string
}

// makefileNames are the names GNU make looks for, in its order.
func makefileNames() []string { return []string{"GNUmakefile", "makefile", "Makefile"} }

// Run works out the migration of a project. Diagnostics with errors mean
// nothing may be written; the error is a failure to read.
func Run(opts Options) (*Result, markers.ErrorList, error) {
	f, diags, err := find(opts.Dir)
	if err != nil {
		return nil, nil, err
	}
	mapped := make([]Mapped, len(f.sites))
	for i, s := range f.sites {
		inv, d := parseInvocation(s.args)
		diags.Append(d)
		m, d := Map(inv, opts.Defaults)
		diags.Append(d)
		if s.runner == goTool && s.kind == inGoGenerate {
			diags.Errorf(s.src.pos(s.Start), markers.CodeMigrate, "go tool runs controller-gen as a tool of this module; crdgen migrate does not change go.mod: run crdgen from $PATH or go run %s@VERSION instead", Package)
		}
		mapped[i] = m
	}
	if opts.Lenient != nil && !diags.HasErrors() {
		for i, s := range f.sites {
			if s.kind != inMakefile || strings.Contains(s.dir, "$") || slices.Contains(mapped[i].Flags, "--unknown-markers=warn") {
				continue
			}
			// The line as make runs it: its variables ($(EXP_DIR) in a
			// pattern) expanded from the Makefile.
			args, ok := slices.Clone(mapped[i].Args()), true
			for j, arg := range args {
				if strings.Contains(arg, "$") && f.mf != nil {
					args[j], ok = f.mf.expand(arg, 0)
				}
				if !ok || strings.Contains(args[j], "$") {
					break
				}
			}
			if !ok {
				continue
			}
			warn, found := opts.Lenient(filepath.Join(opts.Dir, s.dir), args)
			if !warn {
				continue
			}
			mapped[i].Flags = append(mapped[i].Flags, "--unknown-markers=warn")
			pos := s.src.pos(s.Start)
			diags.Warnf(pos, markers.CodeMigrate, "this line gets --unknown-markers=warn: crdgen refuses %d marker(s) of the project that controller-gen drops silently (below); fix them and remove the flag", len(found))
			for _, e := range found {
				e.Severity = markers.Warning
				diags.Add(e)
			}
		}
	}
	settings, d := settingsOf(f.sites, mapped)
	diags.Append(d)
	if diags.HasErrors() {
		return nil, diags, nil
	}
	r := &Result{Set: &output.Set{}, Added: map[string][]string{}}
	if len(settings) > 0 {
		path := filepath.Join(opts.Dir, config.Name)
		if _, err := os.Stat(path); err == nil {
			for _, s := range settings {
				diags.Errorf(s.at.Pos, markers.CodeMigrate, "%s.%s: %s exists; add %s.%s: %s to it by hand, or remove the option", s.Section, s.Key, config.Name, yamlSection(s.Section), s.Key, s.Value)
			}
			return nil, diags, nil
		}
		text := configText(settings)
		r.Set.Put(path, output.Bytes(text), output.NewOnly)
		r.Added[config.Name] = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	}
	r.rewrite(f, mapped, opts.Version)
	return r, diags, nil
}

// found are the invocations of a project and the files they are in.
type found struct {
	mf      *makefile // nil: no Makefile
	scripts map[string]*source
	sites   []*site
}

// find reads the project's Makefile, the scripts its recipes run and its
// Go files, and finds the invocations; one that only prints (--version)
// is left as it is, with a warning.
func find(dir string) (*found, markers.ErrorList, error) {
	f := &found{scripts: map[string]*source{}}
	var diags markers.ErrorList
	for _, name := range makefileNames() {
		src, err := read(dir, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		var d markers.ErrorList
		f.mf, d = readMakefile(src)
		diags.Append(d)
		break
	}
	if f.mf != nil {
		f.sites = append(f.sites, f.mf.sites...)
		for _, run := range f.mf.scripts {
			name := run.name()
			if _, seen := f.scripts[name]; seen || filepath.IsAbs(name) || strings.HasPrefix(name, "../") {
				continue
			}
			src, err := read(dir, name)
			if err != nil {
				continue // a script the checkout does not have (made by the build)
			}
			f.scripts[name] = src
			f.sites = append(f.sites, readScript(src)...)
		}
	}
	goSites, err := goGenerateSites(dir)
	if err != nil {
		return nil, nil, err
	}
	f.sites = append(f.sites, goSites...)
	f.sites = slices.DeleteFunc(f.sites, func(s *site) bool {
		if !printsOnly(s.args) {
			return false
		}
		diags.Warnf(s.src.pos(s.Start), markers.CodeMigrate, "left as it is: controller-gen %s generates nothing", s.args[0].Value)
		return true
	})
	return f, diags, nil
}

// rewrite puts the new content of every file with an invocation into the
// result: each invocation replaced by its crdgen command, and the
// Makefile's install convention.
func (r *Result) rewrite(f *found, mapped []Mapped, version string) {
	bySource := map[*source][]edit{}
	for i, s := range f.sites {
		text := commandText(s, version) + " " + argsText(mapped[i].Args())
		bySource[s.src] = append(bySource[s.src], edit{s.Start, s.End, text})
	}
	r.Invocations = len(f.sites)
	if f.mf != nil {
		edits, added := f.mf.install(f.sites, f.scripts, version)
		if len(edits) > 0 {
			bySource[f.mf.src] = append(bySource[f.mf.src], edits...)
		}
		if len(added) > 0 {
			r.Added[f.mf.src.Name] = added
		}
	}
	for src, edits := range bySource {
		r.Changes = append(r.Changes, lineChanges(src, edits)...)
		read := []byte(src.Data)
		r.Set.Put(src.Path, output.Bytes(applyEdits(src.Data, edits)), func(old []byte) error {
			if !bytes.Equal(old, read) {
				return errors.New("changed while crdgen migrate read it; run crdgen migrate again")
			}
			return nil
		})
	}
	slices.SortFunc(r.Changes, func(a, b Change) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Line - b.Line
	})
}

// printsOnly reports whether a command line only prints (controller-gen
// --version, as a Makefile's install rule checks it, or the markers' help).
func printsOnly(args []arg) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		switch strings.TrimLeft(a.Value, "-") {
		case "version", "help", "h", "w", "ww":
		default:
			return false
		}
		if !strings.HasPrefix(a.Value, "-") {
			return false
		}
	}
	return true
}

// read reads a file of the project.
func read(dir, name string) (*source, error) {
	path := filepath.Join(dir, filepath.FromSlash(name))
	data, err := safefile.Read(path)
	if err != nil {
		return nil, err
	}
	return newSource(name, path, string(data)), nil
}

// goGenerateSites are the controller-gen directives of the project's Go
// files (not in vendor, testdata or hidden directories).
func goGenerateSites(dir string) ([]*site, error) {
	var out []*site
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || !d.Type().IsRegular() {
			return nil
		}
		data, err := safefile.Read(path)
		if err != nil || !bytes.Contains(data, []byte(goGeneratePrefix)) {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, readGoFile(newSource(filepath.ToSlash(rel), path, string(data)))...)
		return nil
	})
	return out, err
}

// commandText is what runs crdgen where controller-gen ran.
func commandText(s *site, version string) string {
	switch {
	case s.kind == inMakefile && s.quoted:
		return `"$(CRDGEN)"`
	case s.kind == inMakefile:
		return "$(CRDGEN)"
	case s.runner == goRun:
		return "go run " + Package + "@" + version
	case s.kind == inScript:
		return `"${CRDGEN:-crdgen}"`
	}
	return "crdgen"
}

// argsText joins arguments for the shell.
func argsText(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}

// lineChanges are the lines of src that edits change (not those they
// add), each as it was and as it is, continuation lines shown as one.
func lineChanges(src *source, edits []edit) []Change {
	lines := src.logicalLines()
	byLine := map[int][]edit{}
	for _, e := range edits {
		if e.Start == e.End && (strings.HasPrefix(e.Text, "\n") || strings.HasSuffix(e.Text, "\n")) {
			continue // whole lines added
		}
		i := slices.IndexFunc(lines, func(ll logicalLine) bool { return ll.Start <= e.Start && e.End <= ll.End })
		if i >= 0 {
			byLine[i] = append(byLine[i], edit{e.Start - lines[i].Start, e.End - lines[i].Start, e.Text})
		}
	}
	var out []Change
	for _, i := range slices.Sorted(maps.Keys(byLine)) {
		ll := lines[i]
		old := src.Data[ll.Start:ll.End]
		out = append(out, Change{File: src.Name, Line: src.pos(ll.Start).Line, Old: oneLine(old), New: oneLine(applyEdits(old, byLine[i]))})
	}
	return out
}

// oneLine shows a command that spans lines on one.
func oneLine(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l), `\`)))
	}
	return strings.Join(slices.DeleteFunc(out, func(s string) bool { return s == "" }), " ")
}

// settingsOf are the crdgen.yaml settings of every line: one value for
// each, which every line that runs its generator must give (crdgen.yaml
// holds one for the project).
func settingsOf(sites []*site, mapped []Mapped) ([]Setting, markers.ErrorList) {
	var diags markers.ErrorList
	var out []Setting
	for _, m := range mapped {
		for _, s := range m.Settings {
			i := slices.IndexFunc(out, func(o Setting) bool { return o.Section == s.Section && o.Key == s.Key })
			switch {
			case i < 0:
				out = append(out, s)
			case out[i].Value != s.Value:
				diags.Errorf(s.at.Pos, markers.CodeMigrate, "%s:%s=%s: crdgen.yaml holds one %s.%s for the project, and another line gives %s", s.Section, s.Key, s.Value, yamlSection(s.Section), s.Key, out[i].Value)
			}
		}
	}
	for _, s := range out {
		for i, m := range mapped {
			if !slices.Contains(strings.Split(flagValue(m.Flags, "--generators"), ","), s.Section) {
				continue
			}
			if !slices.ContainsFunc(m.Settings, func(o Setting) bool { return o.Section == s.Section && o.Key == s.Key }) {
				diags.Errorf(sites[i].src.pos(sites[i].Start), markers.CodeMigrate, "this line runs %s without %s=, and another gives %s:%s=%s: crdgen.yaml holds one for the project", s.Section, s.Key, s.Section, s.Key, s.Value)
			}
		}
	}
	return out, diags
}

// flagValue is the value of a flag in a mapped command's flags.
func flagValue(flags []string, name string) string {
	if i := slices.Index(flags, name); i >= 0 && i+1 < len(flags) {
		return flags[i+1]
	}
	return ""
}

// yamlSection is crdgen.yaml's section of a generator.
func yamlSection(gen string) string {
	if gen == "applyconfiguration" {
		return "applyConfiguration"
	}
	return gen
}

// configText is a new crdgen.yaml with the settings.
func configText(settings []Setting) string {
	var b strings.Builder
	b.WriteString("# controller-gen options crdgen generate takes here (written by crdgen migrate).\n")
	sections := map[string][]Setting{}
	for _, s := range settings {
		sections[yamlSection(s.Section)] = append(sections[yamlSection(s.Section)], s)
	}
	for _, sec := range sortedKeys(sections) {
		fmt.Fprintf(&b, "%s:\n", sec)
		for _, s := range sections[sec] {
			fmt.Fprintf(&b, "  %s: %s\n", s.Key, strconv.Quote(s.Value))
		}
	}
	return b.String()
}
