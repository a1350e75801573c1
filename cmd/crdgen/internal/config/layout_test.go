package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crdgen/crdgen/internal/safefile"
)

func TestLayoutOf(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "hack"), 0o755); err != nil {
		t.Fatal(err)
	}
	header := filepath.Join(project, "hack", "boilerplate.go.txt")
	if err := os.WriteFile(header, []byte("/* YEAR */\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	plain := LayoutOf(nil, "", safefile.OS{})
	if !slices.Equal(plain.Generators, []string{"crd", "conversion"}) || plain.CRDDir != "config/crd/bases" || plain.RoleName != "" || plain.Packages != nil {
		t.Errorf("outside a project: got %+v", plain)
	}

	kb := LayoutOf(nil, project, safefile.OS{})
	want := KubebuilderGenerators()
	if !slices.Equal(kb.Generators, want) {
		t.Errorf("kubebuilder generators: got %q, want %q", kb.Generators, want)
	}
	if kb.Kubebuilder != project || kb.HeaderFile != header || kb.RoleName != KubebuilderRoleName ||
		kb.CRDDir != filepath.Join(project, "config", "crd", "bases") || !slices.Equal(kb.Packages, []string{filepath.Join(project, "...")}) {
		t.Errorf("kubebuilder: got %+v", kb)
	}

	cfg := &Config{dir: "/m", OutputDir: "crds", Year: "2020", RBAC: &RBAC{RoleName: "r", FileName: "x.yaml"}, Generators: []string{"crd"}}
	over := LayoutOf(cfg, project, safefile.OS{})
	if over.CRDDir != "/m/crds" || over.Year != "2020" || over.RoleName != "r" || over.RBACFile != "x.yaml" || !slices.Equal(over.Generators, []string{"crd"}) {
		t.Errorf("crdgen.yaml over kubebuilder's defaults: got %+v", over)
	}
	if over.HeaderFile != header {
		t.Errorf("a header crdgen.yaml does not name: got %q, want kubebuilder's %q", over.HeaderFile, header)
	}
}
