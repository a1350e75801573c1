package config

// This file implements finding a kubebuilder project: its PROJECT file,
// which says how the project was scaffolded. In one, crdgen generate does
// what the scaffold's "make manifests generate" does, in its layout.

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/safefile"
)

// ProjectName is kubebuilder's project file.
const ProjectName = "PROJECT"

// FindProject looks for a kubebuilder PROJECT file (one whose layout is a
// go.kubebuilder.io plugin) in dir and its parents up to the module root,
// reading through fsys, and returns its directory ("" for none).
func FindProject(dir string, fsys safefile.FS) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := fsys.ReadFile(filepath.Join(d, ProjectName))
		switch {
		case err == nil:
			if isKubebuilder(data) {
				return d, nil
			}
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
		if _, err := fsys.Stat(filepath.Join(d, "go.mod")); err == nil || filepath.Dir(d) == d {
			return "", nil
		}
	}
}

// isKubebuilder reports whether a PROJECT file is kubebuilder's.
func isKubebuilder(data []byte) bool {
	var p struct {
		Layout []string `json:"layout"`
	}
	if yaml.Unmarshal(data, &p) != nil {
		return false
	}
	for _, l := range p.Layout {
		if strings.HasPrefix(l, "go.kubebuilder.io/") {
			return true
		}
	}
	return false
}
