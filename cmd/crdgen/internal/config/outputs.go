package config

// This file implements where crdgen.yaml sends outputs, so that a run can
// refuse a place outside the project at its line before it writes.

import (
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Output is a place crdgen.yaml sends an output to.
type Output struct {
	// Key names the setting (docs.outputDir); Line is its line.
	Key  string
	Line int
	// Path is the place, absolute.
	Path string
}

// Outputs are the places crdgen.yaml sends outputs to, in the file's
// order of keys (feature sets by name).
func (c *Config) Outputs() []Output {
	var out []Output
	add := func(value string, keys ...string) {
		if value != "" {
			out = append(out, Output{Key: strings.Join(keys, "."), Line: lineOf(c.data, keys...), Path: c.Resolve(value)})
		}
	}
	add(c.OutputDir, "outputDir")
	add(c.CostReport, "costReport")
	if r := c.RBAC; r != nil {
		add(r.OutputDir, "rbac", "outputDir")
	}
	if w := c.Webhook; w != nil {
		add(w.OutputDir, "webhook", "outputDir")
	}
	if j := c.JSONSchema; j != nil {
		add(j.OutputDir, "jsonSchema", "outputDir")
	}
	if d := c.Docs; d != nil {
		add(d.OutputDir, "docs", "outputDir")
	}
	for _, name := range slices.Sorted(maps.Keys(c.FeatureSets)) {
		if s := c.FeatureSets[name]; s != nil {
			add(s.OutputDir, "featureSets", name, "outputDir")
		}
	}
	return out
}

// Module is the root of the module crdgen.yaml is in ("" when it is in
// none): with crdgen.yaml's own directory, the project its outputs stay
// in.
func (c *Config) Module() string { return c.module }

// Refuse returns the error of an output outside the project (the module,
// crdgen.yaml's directory) and every directory allowed: at the setting's
// line, saying how to write there on purpose.
func (o Output) Refuse(c *Config) error {
	where := c.dir
	if c.module != "" {
		where = c.module
	}
	return fmt.Errorf("%s:%d: %s: %s is outside the project (%s); a setting of %s never writes outside it: name the directory on the command line (-o, or --allow-outside %s)",
		c.path, o.Line, o.Key, o.Path, where, Name, filepath.Dir(o.Path))
}

// lineOf is the line of a key in YAML text, by its path of keys from the
// top (rbac, outputDir), as the YAML parser sees it; keyLine's guess when
// the text does not parse or has no such key.
func lineOf(data []byte, keys ...string) int {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return keyLine(data, keys[len(keys)-1])
	}
	n := doc.Content[0]
	line := 0
	for _, k := range keys {
		if n.Kind != yaml.MappingNode {
			return keyLine(data, keys[len(keys)-1])
		}
		found := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				line, n, found = n.Content[i].Line, n.Content[i+1], true
				break
			}
		}
		if !found {
			return keyLine(data, keys[len(keys)-1])
		}
	}
	return line
}

// unknownKeys reports every key of crdgen.yaml no setting has, at its line
// and column, in the file's order, each with a did-you-mean: all of them,
// whatever order a map would give (nil when there is none).
func unknownKeys(path string, data []byte) markers.ErrorList {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	known := configKeys()
	var diags markers.ErrorList
	check := func(m *yaml.Node, section string) {
		keys := known[section]
		for i := 0; i+1 < len(m.Content); i += 2 {
			k := m.Content[i]
			if slices.Contains(keys, k.Value) {
				continue
			}
			msg := fmt.Sprintf("unknown setting %q", k.Value)
			if section != "" {
				msg += " in " + section
			}
			if s := markers.Suggest(k.Value, keys); s != "" {
				msg += fmt.Sprintf(", did you mean %q", s)
			}
			diags.Add(markers.Diagnostic{Pos: token.Position{Filename: path, Line: k.Line, Column: k.Column}, Code: markers.CodeConfig, Msg: msg})
		}
	}
	top := doc.Content[0]
	check(top, "")
	for i := 0; i+1 < len(top.Content); i += 2 {
		if name, v := top.Content[i].Value, top.Content[i+1]; name != "" && known[name] != nil && v.Kind == yaml.MappingNode {
			check(v, name)
		}
	}
	if diags == nil {
		return nil
	}
	return diags.Sorted()
}

// moduleRoot is the nearest directory at or above dir with a go.mod ("":
// none).
func moduleRoot(fsys safefile.FS, dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := fsys.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		} else if !errors.Is(err, fs.ErrNotExist) || filepath.Dir(d) == d {
			return ""
		}
	}
}
