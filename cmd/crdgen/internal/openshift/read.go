package openshift

// This file implements reading what the openshift section names: the
// FeatureGate manifests and the overrides.

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// ReadFeatureGates reads the FeatureGate manifests of o.FeatureGates
// through fsys: the feature sets (with their cluster profiles) and every
// gate they name. rel shows a path in an error.
func ReadFeatureGates(o *config.OpenShift, fsys safefile.FS, rel func(string) string) ([]*featureset.Set, []string, error) {
	entries, err := fsys.ReadDir(o.FeatureGates)
	if err != nil {
		return nil, nil, fmt.Errorf("openshift.featureGates: %w", err)
	}
	var manifests []featureset.FeatureGateManifest
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		path := filepath.Join(o.FeatureGates, e.Name())
		data, err := fsys.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		m, err := featureset.ReadFeatureGateManifest(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", rel(path), err)
		}
		manifests = append(manifests, m)
	}
	if len(manifests) == 0 {
		return nil, nil, fmt.Errorf("openshift.featureGates: %s holds no FeatureGate manifest", rel(o.FeatureGates))
	}
	sets, gates, err := featureset.OpenShiftSets(manifests)
	if err != nil {
		return nil, nil, fmt.Errorf("openshift.featureGates: %v", err)
	}
	return sets, gates, nil
}

// ReadOverrides reads the hand-written overrides of the main module's API
// packages of mod, from the directory dir (the section's overrides) of
// each, through fsys: <dir>/<crd>/<file>.yaml. A package without the
// directory has none. rel shows a path in an error.
func ReadOverrides(mod *model.Model, dir string, fsys safefile.FS, rel func(string) string) ([]schemagen.Override, error) {
	out := []schemagen.Override{}
	for _, p := range mod.Packages {
		if !p.Root || !p.Local || p.Dir == "" {
			continue
		}
		pdir := filepath.Join(p.Dir, dir)
		crds, err := fsys.ReadDir(pdir)
		if err != nil {
			continue // no overrides
		}
		for _, crd := range crds {
			if !crd.IsDir() {
				continue
			}
			files, err := fsys.ReadDir(filepath.Join(pdir, crd.Name()))
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				if f.IsDir() || !strings.HasSuffix(f.Name(), ".yaml") {
					continue
				}
				path := filepath.Join(pdir, crd.Name(), f.Name())
				data, err := fsys.ReadFile(path)
				if err != nil {
					return nil, err
				}
				js, err := yaml.YAMLToJSON(data)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", rel(path), err)
				}
				out = append(out, schemagen.Override{Dir: p.Dir, CRD: crd.Name(), Name: f.Name(), JSON: js})
			}
		}
	}
	return out, nil
}

// PackageDirs are the directories of the main module's API packages of
// mod, sorted: where openshift's harness reads tests, CRDs or not.
func PackageDirs(mod *model.Model) []string {
	var out []string
	for _, p := range mod.Packages {
		if p.Root && p.Local && p.Dir != "" && !slices.Contains(out, p.Dir) {
			out = append(out, p.Dir)
		}
	}
	slices.Sort(out)
	return out
}
