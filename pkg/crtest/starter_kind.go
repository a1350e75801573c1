package crtest

// This file implements what crdgen test --init needs around Starter:
// finding the CRD of the kind asked for, where its suite goes, and the
// line that says what was written.

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// FindKind finds the CRD of kind (Kind, Kind.group or the CRD's name)
// among the CRDs of sets, and the featureGates its starter suite selects:
// the gates of the first set that has it on, every other known gate off
// (none without sets). No CRD, or more than one, is an error, with a
// did-you-mean for a kind no CRD has.
func FindKind(kind string, sets []SetCRDs, knownGates []string) (*schemagen.CRD, []string, error) {
	var names []string
	var found []*schemagen.CRD
	var gates []string
	for _, s := range sets {
		for _, c := range s.CRDs {
			o := c.Object
			k := o.Spec.Names.Kind
			names = append(names, k, k+"."+o.Spec.Group)
			if (kind == k || kind == k+"."+o.Spec.Group || kind == o.Name) && !slices.ContainsFunc(found, func(f *schemagen.CRD) bool { return f.Object.Name == o.Name }) {
				found = append(found, c)
				gates = selecting(s, knownGates)
			}
		}
	}
	switch {
	case len(found) == 0:
		hint := ""
		if s := markers.Suggest(kind, names); s != "" {
			hint = fmt.Sprintf(", did you mean %s?", s)
		}
		return nil, nil, fmt.Errorf("no CRD of the packages has that kind%s", hint)
	case len(found) > 1:
		var crds []string
		for _, c := range found {
			crds = append(crds, c.Object.Name)
		}
		return nil, nil, fmt.Errorf("%s have that kind; say which with Kind.group", strings.Join(crds, " and "))
	}
	return found[0], gates, nil
}

// selecting are the featureGates of a suite that runs in s's set only:
// its gates on, every other known gate off (none without a set).
func selecting(s SetCRDs, knownGates []string) []string {
	if s.Set == nil {
		return nil
	}
	var out []string
	for _, g := range knownGates {
		if s.Set.Holds(g) {
			out = append(out, g)
		} else {
			out = append(out, "-"+g)
		}
	}
	return out
}

// StarterPath is where a CRD's starter suite goes, beside the package of
// its storage version: tests/<crd name>/<kind>.yaml. ok is false when that
// package is not the main module's.
func StarterPath(crd *schemagen.CRD) (path string, ok bool) {
	for i, v := range crd.Object.Spec.Versions {
		if v.Storage && i < len(crd.Kinds) {
			if p := crd.Kinds[i].Package(); p != nil {
				if !p.Local || p.Dir == "" {
					return "", false
				}
				return filepath.Join(p.Dir, "tests", crd.Object.Name, strings.ToLower(crd.Object.Spec.Names.Kind)+".yaml"), true
			}
		}
	}
	return "", false
}

// Summary is the line that says a starter suite was written at path (as
// the user reads it): its cases, the validations without one, and whether
// it stopped at MaxStarterCases.
func (s *StarterSuite) Summary(path string) string {
	msg := fmt.Sprintf("wrote %s: %d cases", path, s.Cases)
	if s.Cases == 1 {
		msg = fmt.Sprintf("wrote %s: 1 case", path)
	}
	switch {
	case s.Skipped == 1:
		msg += "; 1 validation has no case (see its comments)"
	case s.Skipped > 1:
		msg += fmt.Sprintf("; %d validations have no case (see its comments)", s.Skipped)
	}
	if s.Full {
		msg += fmt.Sprintf("; it stops at %d failing cases", MaxStarterCases)
	}
	return msg
}
