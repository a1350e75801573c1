package featureset

// This file implements OpenShift's feature sets as openshift/api declares
// them: its FeatureGate manifests (payload-manifests/featuregates), one per
// cluster profile and feature set, each listing the gates on and off. Each
// becomes a set named <profile>-<feature set> (SelfManagedHA-Default), and
// each profile gets CustomNoUpgrade, with every gate on (openshift's
// generator builds it from every partial manifest). A cluster profile is a
// second dimension beside the gates: a manifest with include annotations is
// in the profiles whose annotation is "true".

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// ProfilePrefix starts the annotations that include a manifest in
// openshift's cluster profiles.
const ProfilePrefix = "include.release.openshift.io/"

// CustomNoUpgrade is openshift's feature set with every gate on.
const CustomNoUpgrade = "CustomNoUpgrade"

// openShiftProfiles are openshift's cluster profiles: the short name its
// generator names files with, by the name of its include annotation.
func openShiftProfiles() map[string]string {
	return map[string]string{
		"ibm-cloud-managed":              "Hypershift",
		"self-managed-high-availability": "SelfManagedHA",
	}
}

// ProfileAnnotation is the annotation that includes a manifest in a
// cluster profile, by its short name.
func ProfileAnnotation(profile string) string {
	for name, short := range openShiftProfiles() {
		if short == profile {
			return ProfilePrefix + name
		}
	}
	return ProfilePrefix + profile
}

// IncludesIn reports whether a manifest with these annotations is in the
// set's cluster profile: one without include annotations is in every
// profile, one with them in the profiles whose annotation is "true".
func (s *Set) IncludesIn(annotations map[string]string) bool {
	if s == nil || s.Profile == "" {
		return true
	}
	for k := range annotations {
		if strings.HasPrefix(k, ProfilePrefix) {
			return annotations[ProfileAnnotation(s.Profile)] == "true"
		}
	}
	return true
}

// FeatureGateManifest is one of openshift's FeatureGate manifests.
type FeatureGateManifest struct {
	// Profile is the cluster profile (its short name), FeatureSet the
	// feature set ("Default" when the manifest names none).
	Profile, FeatureSet string
	// Versions are the major versions it is for, as written.
	Versions string
	// Enabled and Disabled are its gates.
	Enabled, Disabled []string
}

// ReadFeatureGateManifest reads one of openshift's FeatureGate manifests.
func ReadFeatureGateManifest(data []byte) (FeatureGateManifest, error) {
	var doc struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
		Spec struct {
			FeatureSet string `json:"featureSet"`
		} `json:"spec"`
		Status struct {
			FeatureGates []struct {
				Enabled  []struct{ Name string } `json:"enabled"`
				Disabled []struct{ Name string } `json:"disabled"`
			} `json:"featureGates"`
		} `json:"status"`
	}
	var m FeatureGateManifest
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return m, err
	}
	for _, k := range slices.Sorted(maps.Keys(doc.Metadata.Annotations)) {
		if name, ok := strings.CutPrefix(k, ProfilePrefix); ok && doc.Metadata.Annotations[k] == "false-except-for-the-config-operator" {
			m.Profile = name
			if short, known := openShiftProfiles()[name]; known {
				m.Profile = short
			}
		}
	}
	if m.Profile == "" {
		return m, fmt.Errorf("no cluster profile: no %s<profile> annotation is \"false-except-for-the-config-operator\"", ProfilePrefix)
	}
	if len(doc.Status.FeatureGates) == 0 {
		return m, fmt.Errorf("no gates: status.featureGates is empty")
	}
	m.FeatureSet = doc.Spec.FeatureSet
	if m.FeatureSet == "" {
		m.FeatureSet = "Default"
	}
	m.Versions = doc.Metadata.Annotations["release.openshift.io/major-version"]
	for _, g := range doc.Status.FeatureGates[0].Enabled {
		m.Enabled = append(m.Enabled, g.Name)
	}
	for _, g := range doc.Status.FeatureGates[0].Disabled {
		m.Disabled = append(m.Disabled, g.Name)
	}
	return m, nil
}

// OpenShiftSets are the sets of openshift's FeatureGate manifests, sorted
// by name, and every gate they name. Manifests for different major
// versions are refused: openshift names those CRDs by version, which
// crdgen does not.
func OpenShiftSets(manifests []FeatureGateManifest) ([]*Set, []string, error) {
	var sets []*Set
	all := map[string]bool{}
	profiles := map[string]bool{}
	for _, m := range manifests {
		if m.Versions != manifests[0].Versions {
			return nil, nil, fmt.Errorf("the manifests are for different major versions (%q and %q); crdgen reads one range", manifests[0].Versions, m.Versions)
		}
		for _, g := range slices.Concat(m.Enabled, m.Disabled) {
			all[g] = true
		}
		profiles[m.Profile] = true
		name := m.Profile + "-" + m.FeatureSet
		if slices.ContainsFunc(sets, func(s *Set) bool { return s.Name == name }) {
			return nil, nil, fmt.Errorf("two manifests are for %s", name)
		}
		sets = append(sets, &Set{Name: name, Gates: slices.Sorted(slices.Values(m.Enabled)), Profile: m.Profile, FeatureSet: m.FeatureSet})
	}
	gates := slices.Sorted(maps.Keys(all))
	for p := range profiles {
		sets = append(sets, &Set{Name: p + "-" + CustomNoUpgrade, Gates: gates, Profile: p, FeatureSet: CustomNoUpgrade})
	}
	slices.SortFunc(sets, func(a, b *Set) int { return strings.Compare(a.Name, b.Name) })
	return sets, gates, nil
}
