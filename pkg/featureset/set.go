package featureset

// This file implements feature sets and the conditions they hold.

import (
	"fmt"
	"path"
	"strings"
)

// Set is a feature set: the gates it turns on, and what its CRDs get.
type Set struct {
	// Name names the set ("standard").
	Name string
	// Gates are the gates on in the set; every other gate is off.
	Gates []string
	// Kinds, when not empty, are the only kinds the set has: "Kind",
	// "Kind.group" or "*.group".
	Kinds []string
	// Unserved are versions the set's CRDs keep but do not serve, as
	// path.Match patterns ("v1alpha*").
	Unserved []string
	// Annotations are set on each of the set's CRDs.
	Annotations map[string]string
	// OutputDir is where the set's CRDs go.
	OutputDir string
	// Profile and FeatureSet, when the sets have a second dimension beside
	// their gates, are the set's place in it: OpenShift's cluster profile
	// (SelfManagedHA) and feature set (Default) of a set named
	// SelfManagedHA-Default. Both are "" otherwise.
	Profile, FeatureSet string
}

// HasKind reports whether the set has a kind of a group.
func (s *Set) HasKind(kind, group string) bool {
	if s == nil || len(s.Kinds) == 0 {
		return true
	}
	for _, k := range s.Kinds {
		name, g, qualified := strings.Cut(k, ".")
		if (name == "*" || name == kind) && (!qualified || g == group) {
			return true
		}
	}
	return false
}

// Serves reports whether the set's CRDs serve a version.
func (s *Set) Serves(version string) bool {
	if s == nil {
		return true
	}
	for _, p := range s.Unserved {
		if ok, _ := path.Match(p, version); ok {
			return false
		}
	}
	return true
}

// CheckName reports what is wrong with a gate name: a letter followed by
// letters, digits, '.', '_' and '-'.
func CheckName(gate string) error {
	if gate == "" {
		return fmt.Errorf("a feature gate has a name")
	}
	for i, r := range gate {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')) {
			return fmt.Errorf("%q is not a feature gate name (a letter, then letters, digits, '.', '_' or '-')", gate)
		}
	}
	return nil
}
