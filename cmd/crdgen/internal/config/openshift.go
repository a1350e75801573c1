package config

// This file implements the openshift section of crdgen.yaml: openshift/api's
// feature sets, layout and overrides, read as its generators read them.

import (
	"fmt"
	"regexp"
)

// OpenShift is the openshift section of crdgen.yaml.
type OpenShift struct {
	// FeatureGates is the directory of openshift's FeatureGate manifests
	// (payload-manifests/featuregates): the feature sets and cluster
	// profiles the CRDs are built for.
	FeatureGates string `json:"featureGates"`
	// Manifests is the directory, in each version package, the CRDs go to
	// in openshift's layout (default zz_generated.crd-manifests).
	Manifests string `json:"manifests,omitempty"`
	// Overrides is the directory, in each version package, of the
	// hand-written manifests merged into its CRDs, one directory per CRD
	// (default manual-override-crd-manifests).
	Overrides string `json:"overrides,omitempty"`
}

// Defaults of the openshift section: openshift/api's directory names.
const (
	DefaultOpenShiftManifests = "zz_generated.crd-manifests"
	DefaultOpenShiftOverrides = "manual-override-crd-manifests"
)

// OpenShiftSettings returns the openshift section with its defaults and
// its feature gates directory resolved, or nil when there is none.
func (c *Config) OpenShiftSettings() *OpenShift {
	if c == nil || c.OpenShift == nil {
		return nil
	}
	o := *c.OpenShift
	o.FeatureGates = c.Resolve(o.FeatureGates)
	if o.Manifests == "" {
		o.Manifests = DefaultOpenShiftManifests
	}
	if o.Overrides == "" {
		o.Overrides = DefaultOpenShiftOverrides
	}
	return &o
}

// dirName is a directory name in a package: no separators, not . or ..
var dirName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)

// checkOpenShift checks the openshift section.
func (c *Config) checkOpenShift() error {
	o := c.OpenShift
	if o == nil {
		return nil
	}
	line := keyLine(c.data, "openshift")
	switch {
	case o.FeatureGates == "":
		return fmt.Errorf("%s:%d: openshift: featureGates names the directory of openshift's FeatureGate manifests (payload-manifests/featuregates)", c.path, line)
	case len(c.FeatureSets) > 0 || len(c.FeatureGates) > 0:
		return fmt.Errorf("%s:%d: openshift and featureSets (or featureGates) do not go together: the feature sets come from openshift's FeatureGate manifests", c.path, line)
	case c.OutputDir != "":
		return fmt.Errorf("%s:%d: openshift and outputDir do not go together: each version package's CRDs go to its %s directory", c.path, keyLine(c.data, "outputDir"), DefaultOpenShiftManifests)
	}
	for _, dir := range []string{o.Manifests, o.Overrides} {
		if dir != "" && !dirName.MatchString(dir) {
			return fmt.Errorf("%s:%d: openshift: %q is not a directory name (a name, in each version package)", c.path, line, dir)
		}
	}
	return nil
}
