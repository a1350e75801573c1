package featureset

// This file implements how openshift/api writes a CRD's sets as files:
// the sets whose CRD is the same are written once, one file where every
// set agrees (no suffix), else one per cluster profile (-Hypershift) when
// the profiles differ but each agrees across its feature sets, one per
// feature set (-Default) when the profiles agree, and one per profile and
// feature set (-SelfManagedHA-Default) otherwise. A file names the feature
// sets it is for in its release.openshift.io/feature-set annotation unless
// it is for all of them (or the CRD carries a release.openshift.io/feature-gate
// annotation and every set that has it agrees), and its cluster profiles
// in their include annotations.

import (
	"maps"
	"slices"
	"strings"
)

// Variant is one set's CRD, for OpenShiftLayout.
type Variant struct {
	Set *Set
	// Key is the CRD's content: equal keys are the same CRD.
	Key string
	// FeatureGate says the CRD has a release.openshift.io/feature-gate
	// annotation.
	FeatureGate bool
}

// LayoutFile is one manifest of a CRD in openshift's layout.
type LayoutFile struct {
	// Suffix goes where openshift's name pattern has its markers: "",
	// "-Default", "-Hypershift", "-SelfManagedHA-Default".
	Suffix string
	// Variant is the index of the variant whose CRD the file holds.
	Variant int
	// Profiles are the cluster profiles it is for (short names), and
	// FeatureSets those its feature-set annotation names (none: no
	// annotation).
	Profiles, FeatureSets []string
	// DropFeatureGate says its release.openshift.io/feature-gate
	// annotation goes.
	DropFeatureGate bool
}

// layoutGroup is variants with the same CRD, their profiles and feature
// sets.
type layoutGroup struct {
	variant      int
	profiles, fs map[string]bool
}

// OpenShiftLayout writes a CRD's variants (one per set that has the CRD)
// as openshift's files; allFeatureSets are the feature sets of every set.
func OpenShiftLayout(variants []Variant, allFeatureSets []string) []LayoutFile {
	knownProfiles, knownFS := map[string]bool{}, map[string]bool{}
	fsByProfile := map[string]map[string]bool{}
	for _, v := range variants {
		knownProfiles[v.Set.Profile] = true
		knownFS[v.Set.FeatureSet] = true
		if fsByProfile[v.Set.Profile] == nil {
			fsByProfile[v.Set.Profile] = map[string]bool{}
		}
		fsByProfile[v.Set.Profile][v.Set.FeatureSet] = true
	}
	var out []LayoutFile
	for _, g := range groupVariants(variants) {
		out = append(out, layoutFiles(g, variants[g.variant], knownProfiles, knownFS, fsByProfile, allFeatureSets)...)
	}
	slices.SortFunc(out, func(a, b LayoutFile) int { return strings.Compare(a.Suffix, b.Suffix) })
	return out
}

// groupVariants groups variants as openshift does: those of one profile
// with the same CRD (their feature sets joined), then those with the same
// CRD and feature sets (their profiles joined).
func groupVariants(variants []Variant) []layoutGroup {
	var byFS []layoutGroup
	for i, v := range variants {
		at := slices.IndexFunc(byFS, func(g layoutGroup) bool {
			return g.profiles[v.Set.Profile] && variants[g.variant].Key == v.Key
		})
		if at < 0 {
			byFS = append(byFS, layoutGroup{variant: i, profiles: map[string]bool{v.Set.Profile: true}, fs: map[string]bool{}})
			at = len(byFS) - 1
		}
		byFS[at].fs[v.Set.FeatureSet] = true
	}
	var out []layoutGroup
	for _, g := range byFS {
		at := slices.IndexFunc(out, func(o layoutGroup) bool {
			return maps.Equal(o.fs, g.fs) && variants[o.variant].Key == variants[g.variant].Key
		})
		if at < 0 {
			out = append(out, layoutGroup{variant: g.variant, profiles: map[string]bool{}, fs: g.fs})
			at = len(out) - 1
		}
		maps.Copy(out[at].profiles, g.profiles)
	}
	return out
}

// layoutFiles are the files of one group of sets with the same CRD.
func layoutFiles(g layoutGroup, v Variant, knownProfiles, knownFS map[string]bool, fsByProfile map[string]map[string]bool, all []string) []LayoutFile {
	allFS := maps.Equal(g.fs, knownFS)
	allProfiles := maps.Equal(g.profiles, knownProfiles)
	if !allProfiles {
		allFS = true
		for p := range g.profiles {
			allFS = allFS && maps.Equal(g.fs, fsByProfile[p])
		}
	}
	fs := slices.Sorted(maps.Keys(g.fs))
	drop := v.FeatureGate
	if v.FeatureGate && allFS {
		fs, drop = nil, false
	}
	if slices.Equal(fs, slices.Sorted(slices.Values(all))) {
		fs = nil
	}
	profiles := slices.Sorted(maps.Keys(g.profiles))
	file := func(suffix string, profiles, fs []string) LayoutFile {
		return LayoutFile{Suffix: suffix, Variant: g.variant, Profiles: profiles, FeatureSets: fs, DropFeatureGate: drop}
	}
	var out []LayoutFile
	switch {
	case allFS && allProfiles:
		out = append(out, file("", profiles, fs))
	case allFS:
		// openshift's generator adds each profile to the name's parts
		// without starting again, so a second profile's file is named
		// for both; a group here has one profile.
		suffix := ""
		for _, p := range profiles {
			suffix += "-" + p
			out = append(out, file(suffix, []string{p}, fs))
		}
	case allProfiles:
		for _, f := range fs {
			out = append(out, file("-"+f, profiles, []string{f}))
		}
	default:
		for _, p := range profiles {
			for _, f := range fs {
				out = append(out, file("-"+p+"-"+f, []string{p}, []string{f}))
			}
		}
	}
	return out
}
