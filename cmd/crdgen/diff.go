package main

// This file implements "crdgen diff": the breaking-change check of the CRDs
// crdgen would write now against the previous ones, and the security lint.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/crddiff"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// diffEntry is a change as diff reports it.
type diffEntry struct {
	crddiff.Change
	ID      string `json:"id"`
	Allowed bool   `json:"allowed,omitempty"`
	// Pos is where the change is in the Go source, when crdgen knows.
	Pos token.Position `json:"-"`
	// Source is Pos as file:line:col, for JSON.
	Source string `json:"source,omitempty"`
}

func diffCommand() *command {
	var outputDir, against string
	var allow stringList
	format := &choice{value: "text", allowed: []string{"text", "json", "markdown", "github"}}
	return &command{
		name: "diff",
		about: `Usage: crdgen diff [flags] PACKAGES...

Compares the CRDs crdgen would write for PACKAGES with the previous ones and
classifies every change as breaking or safe, per version; also lints the new
CRDs (subtrees that keep unknown fields, strings read by CEL rules without a
maxLength). Exits 1 when a breaking change is not allowed.
`,
		builds: true,
		flags: func(r *runState, fs *flagSet, cfg *config) {
			fs.StringVar(&against, "against", "DIR|git:REF", "", "the previous CRDs: a directory, or the output directory at a git revision (default: the output directory as it is)")
			outputDirFlag(fs, &outputDir, cfg, "where the CRDs live")
			fs.Var(&allow, "allow", "ID", "accept a breaking change: its check (field-removed) or its full id (field-removed:widgets.example.com/v1.spec.size); repeatable")
			fs.Var(format, "format", "text|json|markdown|github", "the report's format (github: workflow commands, and diagnostics too)")
		},
		check: func(r *runState) error {
			if format.value == "github" {
				r.a.format = "github"
			}
			r.keepObjects = true
			return r.checkOutputDir()
		},
		slot: func(r *runState) ([]string, error) {
			ref, ok := strings.CutPrefix(against, "git:")
			if !ok {
				return nil, nil
			}
			commit, err := r.a.git("rev-parse", "--verify", ref+"^{commit}")
			return []string{strings.TrimSpace(string(commit))}, err
		},
		produce: func(r *runState) (*outputs, error) {
			if !r.built() {
				return nil, nil
			}
			out := &outputs{}
			var b bytes.Buffer
			var docs []json.RawMessage
			for _, sr := range r.results {
				dir, from := sr.dir(r.a, outputDir), against
				if sr.set != nil && against != "" && !strings.HasPrefix(against, "git:") {
					from = filepath.Join(r.a.abs(against), sr.set.Name)
				}
				previous, err := r.a.previousCRDs(dir, from, out)
				if err != nil {
					return nil, err
				}
				entries, failed := r.a.changes(previous, sr.res.CRDs, allow)
				out.failed = out.failed || failed
				if sr.set == nil {
					printChanges(&b, entries, format.value)
					continue
				}
				if format.value == "json" {
					var one bytes.Buffer
					printChanges(&one, entries, "json")
					entry, _ := json.Marshal(map[string]any{"featureSet": sr.set.Name, "changes": json.RawMessage(one.Bytes())})
					docs = append(docs, entry)
					continue
				}
				fmt.Fprintf(&b, "== feature set %s\n", sr.set.Name)
				printChanges(&b, entries, format.value)
			}
			if docs != nil {
				data, _ := json.MarshalIndent(docs, "", "  ")
				b.Write(append(data, '\n'))
			}
			out.stdout = []pipeline.File{pipeline.FileOf(b.Bytes())}
			return out, nil
		},
	}
}

// changes compares the CRDs with the previous ones and lints them, and
// reports whether a breaking change is not allowed.
func (a *app) changes(previous []*apiextv1.CustomResourceDefinition, crds []*schemagen.CRD, allow []string) ([]diffEntry, bool) {
	next := make([]*apiextv1.CustomResourceDefinition, len(crds))
	byName := map[string]*schemagen.CRD{}
	for i, c := range crds {
		next[i] = c.Object
		byName[c.Object.Name] = c
	}
	changes := append(crddiff.Compare(previous, next), crddiff.Lint(next)...)
	entries := make([]diffEntry, len(changes))
	failed := false
	for i, c := range changes {
		e := diffEntry{Change: c, ID: c.ID()}
		if c.Severity == crddiff.Breaking || c.Severity == crddiff.Security {
			e.Allowed = slices.Contains(allow, e.ID) || slices.Contains(allow, string(c.Check))
			failed = failed || !e.Allowed
		}
		if crd := byName[c.CRD]; crd != nil && c.FieldPath != "" {
			e.Pos = crd.Locate(c.FieldPath)
			e.Pos.Filename = a.rel(e.Pos.Filename)
			if e.Pos.IsValid() {
				e.Source = e.Pos.String()
			}
		}
		entries[i] = e
	}
	return entries, failed
}

// previousCRDs reads the CRDs to compare with: the YAML files of a
// directory, or of the output directory at a git revision. What it reads
// from the disk goes in out's inputs, for the rerun cache.
func (a *app) previousCRDs(outputDir, against string, out *outputs) ([]*apiextv1.CustomResourceDefinition, error) {
	if ref, ok := strings.CutPrefix(against, "git:"); ok {
		return a.gitCRDs(a.abs(outputDir), ref)
	}
	dir := outputDir
	if against != "" {
		dir = against
	}
	dir = a.abs(dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the previous CRDs: %w", err)
	}
	out.inputDirs = append(out.inputDirs, dir)
	var crds []*apiextv1.CustomResourceDefinition
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") && !strings.HasSuffix(e.Name(), ".yml") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out.inputs = append(out.inputs, path)
		if crd := decodeCRD(data); crd != nil {
			crds = append(crds, crd)
		}
	}
	return crds, nil
}

// git runs git in the working directory.
func (a *app) git(args ...string) ([]byte, error) {
	cmd := exec.CommandContext(a.ctx, "git", args...)
	cmd.Dir = a.dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// gitCRDs reads the CRD files of dir as they were at a git revision.
func (a *app) gitCRDs(dir, ref string) ([]*apiextv1.CustomResourceDefinition, error) {
	git := a.git
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(strings.TrimSpace(string(top)), dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("%s is not in the git repository of %s", dir, a.dir)
	}
	list, err := git("ls-tree", "--name-only", ref, "--", filepath.ToSlash(rel)+"/")
	if err != nil {
		return nil, err
	}
	var out []*apiextv1.CustomResourceDefinition
	for _, path := range strings.Fields(string(list)) {
		if !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
			continue
		}
		data, err := git("show", ref+":"+path)
		if err != nil {
			return nil, err
		}
		if crd := decodeCRD(data); crd != nil {
			out = append(out, crd)
		}
	}
	return out, nil
}

// decodeCRD decodes a CRD file, or returns nil for any other file.
func decodeCRD(data []byte) *apiextv1.CustomResourceDefinition {
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.Unmarshal(data, crd); err != nil || crd.Kind != "CustomResourceDefinition" {
		return nil
	}
	return crd
}

// printChanges prints the changes in a format.
func printChanges(w io.Writer, entries []diffEntry, format string) {
	var breaking, security, allowed, safe, lint int
	for _, e := range entries {
		switch {
		case e.Allowed:
			allowed++
		case e.Severity == crddiff.Breaking:
			breaking++
		case e.Severity == crddiff.Security:
			security++
		case e.Severity == crddiff.Finding:
			lint++
		default:
			safe++
		}
	}
	summary := fmt.Sprintf("%d breaking, %d security, %d allowed, %d safe, %d lint", breaking, security, allowed, safe, lint)
	switch format {
	case "json":
		data, _ := json.MarshalIndent(struct {
			Changes []diffEntry `json:"changes"`
			Summary string      `json:"summary"`
		}{append([]diffEntry{}, entries...), summary}, "", "  ")
		fmt.Fprintf(w, "%s\n", data)
	case "markdown":
		fmt.Fprintf(w, "| | CRD | version | field | change | id |\n|---|---|---|---|---|---|\n")
		for _, e := range entries {
			msg := e.Message
			if e.Note != "" {
				msg += " (" + e.Note + ")"
			}
			fmt.Fprintf(w, "| %s | %s | %s | `%s` | %s | `%s` |\n", label(e), e.CRD, e.Version, orDash(e.Path), strings.ReplaceAll(msg, "|", "\\|"), e.ID)
		}
		fmt.Fprintf(w, "\n%s\n", summary)
	case "github":
		for _, e := range entries {
			if e.Severity == crddiff.Safe {
				continue
			}
			d := markers.Diagnostic{Pos: e.Pos, Code: markers.CodeBreaking, Msg: describe(e)}
			if e.Severity == crddiff.Security {
				d.Code = markers.CodeUnknownFields
			}
			if e.Severity == crddiff.Finding {
				d.Code, d.Severity = markers.CodeLint, markers.Warning
			} else if e.Allowed {
				d.Severity = markers.Warning
			}
			fmt.Fprintln(w, d.GitHub())
		}
		fmt.Fprintln(w, summary)
	default:
		for _, e := range entries {
			fmt.Fprintf(w, "%-9s %s [%s]\n", label(e), headline(e), e.ID)
			var more []string
			if e.Source != "" {
				more = append(more, e.Source)
			}
			if e.Note != "" {
				more = append(more, e.Note)
			}
			if len(more) > 0 {
				fmt.Fprintf(w, "    %s\n", strings.Join(more, ": "))
			}
		}
		fmt.Fprintln(w, summary)
	}
}

// headline writes where a change is and what it is.
func headline(e diffEntry) string {
	s := e.CRD
	if e.Version != "" {
		s += " " + e.Version
	}
	if e.Path != "" {
		s += " " + e.Path
	}
	return s + ": " + e.Message
}

// describe writes a change on one line: where, what, why, and its id.
func describe(e diffEntry) string {
	s := headline(e)
	if e.Note != "" {
		s += " (" + e.Note + ")"
	}
	return s + " [" + e.ID + "]"
}

func label(e diffEntry) string {
	switch {
	case e.Allowed:
		return "allowed"
	case e.Severity == crddiff.Finding:
		return "lint"
	}
	return string(e.Severity)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
