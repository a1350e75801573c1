package config

// This file implements the feature sets of crdgen.yaml: named sets of
// feature gates, each generating its own CRDs (an API channel, an
// OpenShift feature set), with where they go and what they carry.

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"

	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
)

// FeatureSet is one set of featureSets in crdgen.yaml.
type FeatureSet struct {
	// OutputDir is where the set's CRDs go.
	OutputDir string `json:"outputDir"`
	// Gates are the gates on in the set.
	Gates []string `json:"gates,omitempty"`
	// Kinds, when given, are the only kinds of the set: Kind, Kind.group
	// or *.group.
	Kinds []string `json:"kinds,omitempty"`
	// UnservedVersions are versions the set's CRDs keep but do not serve
	// (patterns: v1alpha*).
	UnservedVersions []string `json:"unservedVersions,omitempty"`
	// Annotations are set on each of the set's CRDs.
	Annotations map[string]string `json:"annotations,omitempty"`
}

var featureSetKeys = []string{"outputDir", "gates", "kinds", "unservedVersions", "annotations"}

// checkSets checks the feature sets: known keys (with a did-you-mean), an
// output directory each, and gate names.
func (c *Config) checkSets() error {
	var raw struct {
		FeatureSets map[string]map[string]any `json:"featureSets"`
	}
	if err := yaml.Unmarshal(c.data, &raw); err != nil {
		return fmt.Errorf("%s:%d: featureSets: %v", c.path, keyLine(c.data, "featureSets"), err)
	}
	for _, name := range slices.Sorted(maps.Keys(raw.FeatureSets)) {
		for k := range raw.FeatureSets[name] {
			if slices.Contains(featureSetKeys, k) {
				continue
			}
			msg := fmt.Sprintf("%s:%d: unknown setting %q in feature set %s", c.path, keyLine(c.data, k), k, name)
			if s := markers.Suggest(k, featureSetKeys); s != "" {
				msg += fmt.Sprintf(", did you mean %q", s)
			}
			return fmt.Errorf("%s", msg)
		}
	}
	dirs := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(c.FeatureSets)) {
		s := c.FeatureSets[name]
		if err := checkSetName(name); err != nil {
			return fmt.Errorf("%s:%d: featureSets: %v", c.path, keyLine(c.data, name), err)
		}
		if s == nil || s.OutputDir == "" {
			return fmt.Errorf("%s:%d: feature set %s has no outputDir", c.path, keyLine(c.data, name), name)
		}
		// Two spellings of one directory (config/crd/x, ./config/crd/x,
		// a/../x, a link to it) are one directory.
		dir := resolved(c.Resolve(s.OutputDir))
		if other, dup := dirs[dir]; dup {
			return fmt.Errorf("%s:%d: feature sets %s and %s both write to %s", c.path, keyLine(c.data, name), other, name, s.OutputDir)
		}
		dirs[dir] = name
		for _, k := range s.Kinds {
			if err := checkKind(k); err != nil {
				return fmt.Errorf("%s:%d: feature set %s: kinds: %v", c.path, keyLine(c.data, "kinds"), name, err)
			}
		}
		for _, v := range s.UnservedVersions {
			if err := checkPattern(v); err != nil {
				return fmt.Errorf("%s:%d: feature set %s: unservedVersions: %v", c.path, keyLine(c.data, "unservedVersions"), name, err)
			}
		}
		for _, g := range append(slices.Clone(s.Gates), c.FeatureGates...) {
			if err := featureset.CheckName(g); err != nil || g[0] == '!' {
				return fmt.Errorf("%s:%d: feature set %s: %q is not a feature gate name", c.path, keyLine(c.data, name), name, g)
			}
		}
	}
	if len(c.FeatureSets) > 0 && c.OutputDir != "" {
		return fmt.Errorf("%s:%d: outputDir and featureSets do not go together: each feature set has its own outputDir", c.path, keyLine(c.data, "outputDir"))
	}
	return nil
}

// Sets returns the feature sets, by name, their paths resolved.
func (c *Config) Sets() []*featureset.Set {
	var out []*featureset.Set
	for _, name := range slices.Sorted(maps.Keys(c.FeatureSets)) {
		s := c.FeatureSets[name]
		out = append(out, &featureset.Set{Name: name, Gates: s.Gates, Kinds: s.Kinds, Unserved: s.UnservedVersions,
			Annotations: s.Annotations, OutputDir: c.Resolve(s.OutputDir)})
	}
	return out
}

// KnownGates are the gates of every set, and those declared on their own.
func (c *Config) KnownGates() []string {
	var out []string
	for _, s := range c.FeatureSets {
		out = append(out, s.Gates...)
	}
	out = append(out, c.FeatureGates...)
	slices.Sort(out)
	return slices.Compact(out)
}

// SetsKey is the feature sets as the rerun cache's key holds them.
func SetsKey(sets []*featureset.Set) string {
	data, _ := json.Marshal(sets)
	return string(data)
}

// setName is a feature set's name: it names files (report.<set>.md) and
// directories, so it is a DNS-label-like word: letters, digits, '-' and
// '_', starting and ending with a letter or digit, at most 63 characters.
var setName = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?$`)

// checkSetName reports what is wrong with a feature set's name.
func checkSetName(name string) error {
	if !setName.MatchString(name) {
		return fmt.Errorf("%q is not a feature set name: letters, digits, '-' and '_', starting and ending with a letter or digit, at most 63 characters (it names files and directories)", name)
	}
	return nil
}

// checkPattern reports an unservedVersions pattern that path.Match cannot
// read (which would match nothing).
func checkPattern(pat string) error {
	if _, err := path.Match(pat, pat); err != nil || pat == "" {
		return fmt.Errorf("%q is not a version pattern (v1alpha1, v1alpha*)", pat)
	}
	return nil
}

// kindEntry is an entry of a set's kinds: Kind, Kind.group or *.group.
var kindEntry = regexp.MustCompile(`^(\*|[A-Za-z_][A-Za-z0-9_]*)(\.[a-z0-9]([a-z0-9.-]*[a-z0-9])?)?$`)

// checkKind reports an entry of kinds that can name no kind.
func checkKind(k string) error {
	if !kindEntry.MatchString(k) {
		return fmt.Errorf("%q names no kind: write Kind, Kind.group or *.group", k)
	}
	return nil
}

// resolved is a directory cleaned and with its symbolic links resolved, as
// far as it exists.
func resolved(dir string) string {
	dir = filepath.Clean(dir)
	for d, rest := dir, ""; ; {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(real, rest)
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d, rest = up, filepath.Join(filepath.Base(d), rest)
	}
}
