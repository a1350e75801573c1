package crtest

// This file implements reading test suites: openshift/api's format for CRD
// test suites (so that suites written for its envtest harness run
// unchanged), with a few extensions, read strictly: an unknown key, a
// missing object or a malformed patch is an error at its line.

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"

	yaml "go.yaml.in/yaml/v3"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Suite is one suite file: the cases of one CRD.
type Suite struct {
	// File is the suite's path.
	File string `yaml:"-"`
	// Name names the suite in results.
	Name string `yaml:"name"`
	// CRDName is the CRD the cases run against (widgets.example.com).
	CRDName string `yaml:"crdName"`
	// Version is the version the cases' objects are of; "" is the CRD's
	// storage version.
	Version string `yaml:"version"`
	// FeatureGates select the feature sets the suite runs in: those with
	// every "Gate" on and every "-Gate" off (without it, every set).
	FeatureGates []string `yaml:"featureGates"`
	Tests        Tests    `yaml:"tests"`
	// APIVersion is ignored: openshift/api's suites carry one so that
	// controller-gen leaves them alone.
	APIVersion string `yaml:"apiVersion"`
	// keys are where the suite's keys are, for messages.
	keys map[string]position
	// Unrun are cases openshift/api's harness never runs, read by
	// ParseSuiteTolerant (cases outside tests:, or under a key given
	// again), and unrunWhy says why.
	Unrun    []*Case `yaml:"-"`
	unrunWhy map[*Case]string
}

// position is a line and column of a suite.
type position struct{ line, column int }

// Tests are a suite's cases.
type Tests struct {
	OnCreate []*Case `yaml:"onCreate"`
	OnUpdate []*Case `yaml:"onUpdate"`
}

// Case is one test: an object created (onCreate), or created and then
// updated (onUpdate), and what must come of it.
type Case struct {
	// Name names the case; Line and Column are where it starts.
	Name         string `yaml:"name"`
	Line, Column int    `yaml:"-"`
	// OnUpdate says the case is an update.
	OnUpdate bool `yaml:"-"`
	// Initial is the object created (YAML).
	Initial string `yaml:"initial"`
	// Updated is the object it is replaced with (onUpdate); with a status,
	// the status is then written through /status.
	Updated string `yaml:"updated"`
	// UpdatedScale, a crdgen extension, sets the replicas through /scale
	// (after Updated, if any).
	UpdatedScale *int64 `yaml:"updatedScale"`
	// Expected is the object as stored at the end (YAML); server-set
	// metadata is not compared.
	Expected string `yaml:"expected"`
	// ExpectedError must be part of the error of the create (onCreate), or
	// of the update or scale (onUpdate).
	ExpectedError string `yaml:"expectedError"`
	// ExpectedStatusError must be part of the error of the /status update.
	ExpectedStatusError string `yaml:"expectedStatusError"`
	// ExpectedWarnings, a crdgen extension, are the warnings the requests
	// must get, each part of one warning, and no others; nil checks none.
	ExpectedWarnings []string `yaml:"expectedWarnings"`
	// FieldValidation, a crdgen extension, is the requests' field
	// validation directive: Strict, Warn (the default, as for clients that
	// send none) or Ignore.
	FieldValidation string `yaml:"fieldValidation"`
	// InitialCRDPatches (onUpdate) are JSON patches (RFC 6902) of the CRD
	// the initial object is created under: the update then runs under the
	// CRD as it is, against an object stored under an older one
	// (ratcheting).
	InitialCRDPatches []Patch `yaml:"initialCRDPatches"`
}

// Patch is one operation of a JSON patch of the CRD, as openshift/api's
// suites write them.
type Patch struct {
	Op    string `yaml:"op" json:"op"`
	Path  string `yaml:"path" json:"path"`
	From  string `yaml:"from,omitempty" json:"from,omitempty"`
	Value any    `yaml:"value,omitempty" json:"value,omitempty"`
}

// SyntaxError is a suite that cannot be run, at its line.
type SyntaxError struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// Diagnostic is the error as a diagnostic of code test-suite, at its line.
func (e *SyntaxError) Diagnostic() markers.Diagnostic {
	return markers.Diagnostic{Pos: token.Position{Filename: e.File, Line: e.Line, Column: e.Column}, Code: markers.CodeTestSuite, Msg: e.Msg}
}

// ReadSuites reads the suite files through fsys, each as ReadSuite does:
// the suites, and a diagnostic for each malformed one (which is left
// out). Another error stops the reading, with the diagnostics so far.
func ReadSuites(files []string, fsys safefile.FS) ([]*Suite, markers.ErrorList, error) {
	var suites []*Suite
	var diags markers.ErrorList
	for _, file := range files {
		s, err := ReadSuite(file, fsys)
		var se *SyntaxError
		switch {
		case errors.As(err, &se):
			diags.Add(se.Diagnostic())
		case err != nil:
			return nil, diags, err
		default:
			suites = append(suites, s)
		}
	}
	return suites, diags, nil
}

// ReadSuite reads a suite file through fsys. A malformed suite is a
// *SyntaxError.
func ReadSuite(path string, fsys safefile.FS) (*Suite, error) {
	data, err := fsys.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSuite(path, data)
}

// ParseSuite parses a suite.
func ParseSuite(path string, data []byte) (*Suite, error) {
	fail := func(line, col int, format string, args ...any) error {
		return &SyntaxError{File: path, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(path, err, nil)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fail(1, 1, "a suite is a mapping with name, crdName and tests")
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	s := &Suite{File: path}
	if err := dec.Decode(s); err != nil {
		return nil, yamlError(path, err, &doc)
	}
	var more yaml.Node
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		return nil, fail(more.Line, more.Column, "a suite file holds one suite (one YAML document)")
	}
	return s, s.finish(doc.Content[0])
}

// finish records where a decoded suite's keys are and checks it.
func (s *Suite) finish(root *yaml.Node) error {
	fail := func(line, col int, format string, args ...any) error {
		return &SyntaxError{File: s.File, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
	}
	s.keys = map[string]position{"": {root.Line, root.Column}}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		s.keys[k.Value] = position{k.Line, k.Column}
	}
	if s.CRDName == "" {
		return fail(root.Line, root.Column, "crdName is missing: name the CRD the cases run against (widgets.example.com)")
	}
	for _, gate := range s.FeatureGates {
		if strings.TrimPrefix(gate, "-") == "" {
			return fail(root.Line, root.Column, "featureGates: %q is not a gate name", gate)
		}
	}
	tests := child(root, "tests")
	for _, list := range []struct {
		key      string
		cases    []*Case
		onUpdate bool
	}{{"onCreate", s.Tests.OnCreate, false}, {"onUpdate", s.Tests.OnUpdate, true}} {
		nodes := child(tests, list.key)
		for i, c := range list.cases {
			c.OnUpdate = list.onUpdate
			if nodes != nil && i < len(nodes.Content) {
				c.Line, c.Column = nodes.Content[i].Line, nodes.Content[i].Column
			}
			if err := c.check(list.key); err != "" {
				return fail(c.Line, c.Column, "%s", err)
			}
		}
	}
	if len(s.Tests.OnCreate)+len(s.Tests.OnUpdate)+len(s.Unrun) == 0 {
		return fail(root.Line, root.Column, "the suite has no cases (tests.onCreate and tests.onUpdate are empty)")
	}
	return nil
}

// check says what is wrong with a case, or "".
func (c *Case) check(list string) string {
	switch {
	case c.Name == "":
		return fmt.Sprintf("a case of %s has no name", list)
	case strings.TrimSpace(c.Initial) == "":
		return fmt.Sprintf("%q has no initial object", c.Name)
	case c.OnUpdate && strings.TrimSpace(c.Updated) == "" && c.UpdatedScale == nil:
		return fmt.Sprintf("%q updates nothing: give updated (or updatedScale)", c.Name)
	case !c.OnUpdate && (c.Updated != "" || c.UpdatedScale != nil || c.ExpectedStatusError != "" || len(c.InitialCRDPatches) > 0):
		return fmt.Sprintf("%q is an onCreate case: updated, updatedScale, expectedStatusError and initialCRDPatches belong to onUpdate", c.Name)
	case c.Expected != "" && (c.ExpectedError != "" || c.ExpectedStatusError != ""):
		return fmt.Sprintf("%q expects both an object and an error: a request that fails stores nothing", c.Name)
	case c.FieldValidation != "" && !slices.Contains([]string{metav1.FieldValidationStrict, metav1.FieldValidationWarn, metav1.FieldValidationIgnore}, c.FieldValidation):
		return fmt.Sprintf("%q: fieldValidation is Strict, Warn or Ignore, not %q", c.Name, c.FieldValidation)
	}
	for _, p := range c.InitialCRDPatches {
		switch {
		case !slices.Contains([]string{"add", "remove", "replace", "move", "copy", "test"}, p.Op):
			return fmt.Sprintf("%q: a patch's op is add, remove, replace, move, copy or test, not %q", c.Name, p.Op)
		case !strings.HasPrefix(p.Path, "/"):
			return fmt.Sprintf("%q: a patch's path is a JSON pointer into the CRD (/spec/versions/0/...), not %q", c.Name, p.Path)
		}
	}
	return ""
}

// child is the value of key in a mapping node, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// yamlError turns the YAML decoder's error ("yaml: line 4: ...") into a
// SyntaxError at that line; an unknown key is said at its column, with the
// keys that would do (doc is the document, when it parsed).
func yamlError(path string, err error, doc *yaml.Node) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	line, col := 0, 1
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			fmt.Sscanf(n, "%d", &line)
			msg = after
		}
	}
	var key, typ string
	if n, _ := fmt.Sscanf(msg, "field %s not found in type %s", &key, &typ); n == 2 {
		keys := keysOf[strings.TrimPrefix(typ, "crtest.")]
		msg = fmt.Sprintf("unknown key %q", key)
		if s := markers.Suggest(key, keys); s != "" {
			msg += fmt.Sprintf(", did you mean %q?", s)
		} else if len(keys) > 0 {
			msg += " (the keys here are " + strings.Join(keys, ", ") + ")"
		}
		col = keyColumn(doc, key, line, col)
	}
	return &SyntaxError{File: path, Line: line, Column: col, Msg: msg}
}

// keysOf are the keys of each mapping of a suite.
var keysOf = map[string][]string{
	"Suite": {"name", "crdName", "version", "featureGates", "tests", "apiVersion"},
	"Tests": {"onCreate", "onUpdate"},
	"Case": {"name", "initial", "updated", "updatedScale", "expected", "expectedError", "expectedStatusError",
		"expectedWarnings", "fieldValidation", "initialCRDPatches"},
	"Patch": {"op", "path", "from", "value"},
}

// keyColumn is the column of key on line in doc, or col.
func keyColumn(doc *yaml.Node, key string, line, col int) int {
	if doc == nil {
		return col
	}
	var find func(n *yaml.Node) int
	find = func(n *yaml.Node) int {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i]; k.Value == key && k.Line == line {
					return k.Column
				}
			}
		}
		for _, c := range n.Content {
			if found := find(c); found > 0 {
				return found
			}
		}
		return 0
	}
	if found := find(doc); found > 0 {
		return found
	}
	return col
}

// FindSuites lists the suite files under the tests directories of dirs
// (dir/tests/**/*.yaml), and of paths (a file, or every .yaml file under a
// directory), sorted and without duplicates, reading through fsys. A
// missing tests directory is no error; a missing path is. Symbolic links
// are followed, to files and to directories alike; a directory reached
// again (a link back up the tree) is not walked twice.
func FindSuites(dirs, paths []string, fsys safefile.FS) ([]string, error) {
	w := &suiteWalk{fsys: fsys, files: map[string]bool{}, walked: map[string]bool{}}
	for _, d := range dirs {
		if err := w.root(filepath.Join(d, "tests"), false); err != nil {
			return nil, err
		}
	}
	for _, p := range paths {
		if err := w.root(p, true); err != nil {
			return nil, err
		}
	}
	return slices.Sorted(maps.Keys(w.files)), nil
}

// suiteWalk finds suite files.
type suiteWalk struct {
	fsys  safefile.FS
	files map[string]bool
	// walked are the directories walked, by their path with every link
	// resolved.
	walked map[string]bool
}

// root adds a path: a file as it is, a directory's .yaml files. A path that
// does not exist is an error when must is set.
func (w *suiteWalk) root(path string, must bool) error {
	info, err := w.fsys.Stat(path)
	if err != nil {
		if !must && errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if !info.IsDir() {
		w.files[path] = true
		return nil
	}
	return w.dir(path)
}

// dir adds the .yaml files under a directory, following links.
func (w *suiteWalk) dir(dir string) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if w.walked[real] {
		return nil
	}
	w.walked[real] = true
	entries, err := w.fsys.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			info, err := w.fsys.Stat(p)
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			isDir = info.IsDir()
		}
		switch {
		case isDir:
			if err := w.dir(p); err != nil {
				return err
			}
		case strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml"):
			w.files[p] = true
		}
	}
	return nil
}
