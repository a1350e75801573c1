package config

// This file implements the feature sets of crdgen.yaml: named sets of
// feature gates, each generating its own CRDs (an API channel, an
// OpenShift feature set), with where they go and what they carry.

import (
	"encoding/json"
	"fmt"
	"maps"
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
		if s == nil || s.OutputDir == "" {
			return fmt.Errorf("%s:%d: feature set %s has no outputDir", c.path, keyLine(c.data, name), name)
		}
		if other, dup := dirs[s.OutputDir]; dup {
			return fmt.Errorf("%s:%d: feature sets %s and %s both write to %s", c.path, keyLine(c.data, name), other, name, s.OutputDir)
		}
		dirs[s.OutputDir] = name
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
