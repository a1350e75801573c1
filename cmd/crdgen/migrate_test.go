package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/migrate"
)

// makeLines are the crdgen command lines make runs for targets in dir,
// expanded by make itself, with the binary as __CRDGEN__ (-o: make need
// not install it).
func makeLines(t *testing.T, dir string, targets ...string) [][]string {
	t.Helper()
	args := append([]string{"-n", "--no-print-directory", "-C", dir}, targets...)
	args = append(args, "CRDGEN=__CRDGEN__", "YEAR=2026", "-o", "__CRDGEN__")
	out, err := exec.Command("make", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("make -n: %v\n%s", err, out)
	}
	var lines [][]string
	for _, line := range strings.Split(string(out), "\n") {
		words := migrate.Words(line)
		if len(words) > 0 && words[0] == "__CRDGEN__" {
			lines = append(lines, words[1:])
		}
	}
	return lines
}

// TestMigrateKubebuilderProject migrates a project scaffolded as
// kubebuilder v4 does (its Makefile's manifests and generate lines, its
// install convention), then runs the rewritten lines as make expands
// them: they write the same files as the lines the migration guide gives
// for a kubebuilder project, and go.mod and go.sum are unchanged.
func TestMigrateKubebuilderProject(t *testing.T) {
	dir := kubebuilderMakefileProject(t)
	guide := filepath.Join(t.TempDir(), "guide")
	runOK(t, "", "cp", "-a", dir, guide)
	before := snapshot(t, dir)

	code, stdout, stderr := crdgenIn(t, dir, "migrate", "--check")
	if code != exitFail || !strings.Contains(stdout, "+\t\"$(CRDGEN)\" generate --generators crd,rbac,webhook,applyconfiguration") {
		t.Fatalf("migrate --check: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := snapshot(t, dir); got["Makefile"] != before["Makefile"] {
		t.Fatal("migrate --check changed the Makefile")
	}
	code, stdout, stderr = crdgenIn(t, dir, "migrate", "--crdgen-version", "v0.1.0")
	if code != exitOK || !strings.Contains(stdout, "2 controller-gen invocations now run crdgen") {
		t.Fatalf("migrate: exit %d\n%s%s", code, stdout, stderr)
	}
	after := snapshot(t, dir)
	for _, name := range []string{"go.mod", "go.sum"} {
		if after[name] != before[name] {
			t.Errorf("migrate changed %s", name)
		}
	}
	if !strings.Contains(after["Makefile"], "CRDGEN_VERSION ?= v0.1.0\n") {
		t.Errorf("Makefile has no CRDGEN_VERSION:\n%s", after["Makefile"])
	}

	lines := makeLines(t, dir, "manifests", "generate")
	if len(lines) != 2 {
		t.Fatalf("make manifests generate runs %d crdgen lines, want 2: %q", len(lines), lines)
	}
	for _, args := range lines {
		if code, _, stderr := crdgenIn(t, dir, args...); code != exitOK {
			t.Fatalf("crdgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
	// The migration guide's lines for a kubebuilder project.
	for _, args := range [][]string{
		{"generate", "--generators", "crd,rbac,webhook,applyconfiguration"},
		{"generate", "--generators", "object", "--year", "2026"},
	} {
		if code, _, stderr := crdgenIn(t, guide, args...); code != exitOK {
			t.Fatalf("crdgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
	got, want := snapshot(t, dir), snapshot(t, guide)
	delete(got, "Makefile")
	delete(want, "Makefile")
	for name, text := range want {
		if got[name] != text {
			t.Errorf("%s: the migrated lines wrote\n%s\nthe guide's lines\n%s", name, got[name], text)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: written by the migrated lines only", name)
		}
	}
	for _, name := range []string{"config/crd/bases/shop.example.com_widgets.yaml", "config/rbac/role.yaml", "config/webhook/manifests.yaml", "api/v1/zz_generated.deepcopy.go"} {
		if _, ok := got[filepath.FromSlash(name)]; !ok {
			t.Errorf("%s not written", name)
		}
	}
}

// TestMigrateRefusesWhatItCannotMap checks that an option crdgen cannot
// map stops the migration at its line and column, with nothing written.
func TestMigrateRefusesWhatItCannotMap(t *testing.T) {
	dir := t.TempDir()
	makefile := "CRD_OPTIONS ?= crd:crdVersions=v1beta1\n\nmanifests:\n\t$(CONTROLLER_GEN) object paths=./...\n\t$(CONTROLLER_GEN) $(CRD_OPTIONS) paths=./...\n"
	os.WriteFile(filepath.Join(dir, "Makefile"), []byte(makefile), 0o644)
	code, stdout, stderr := crdgenIn(t, dir, "migrate")
	want := "Makefile:5:20: error: crd:crdVersions=v1beta1 cannot be mapped: crdgen writes v1 CRDs only (no API server serves v1beta1 since Kubernetes 1.22) (in $(CRD_OPTIONS))"
	if code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("exit %d\n%s%s\nwant a line %s", code, stdout, stderr, want)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "Makefile")); string(data) != makefile {
		t.Errorf("the Makefile changed:\n%s", data)
	}
}

// TestMigrateLetsThroughWhatControllerGenDrops migrates a kubebuilder
// project whose API has a misspelt marker, which controller-gen drops
// silently and crdgen refuses: the migrated manifests line gets
// --unknown-markers=warn, so make manifests writes what controller-gen
// wrote, and migrate names the marker as a warning to fix; the generate
// line, which reads no validation marker, stays as it maps.
func TestMigrateLetsThroughWhatControllerGenDrops(t *testing.T) {
	dir := kubebuilderMakefileProject(t)
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	typo := strings.Replace(string(data), "+kubebuilder:validation:Maximum=10", "+kubebuilder:validation:Maximun=10", 1)
	if typo == string(data) {
		t.Fatal("the project's types have no Maximum=10 to misspell")
	}
	os.WriteFile(types, []byte(typo), 0o644)

	code, stdout, stderr := crdgenIn(t, dir, "migrate", "--crdgen-version", "v0.1.0")
	if code != exitOK {
		t.Fatalf("migrate: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "this line gets --unknown-markers=warn") || !strings.Contains(stderr, "warning: unknown marker +kubebuilder:validation:Maximun") {
		t.Errorf("migrate did not name the misspelt marker:\n%s", stderr)
	}
	lines := makeLines(t, dir, "manifests", "generate")
	if len(lines) != 2 {
		t.Fatalf("make -n manifests generate runs %d crdgen lines, want 2: %q", len(lines), lines)
	}
	if !slices.Contains(lines[0], "--unknown-markers=warn") {
		t.Errorf("the manifests line has no --unknown-markers=warn: %q", lines[0])
	}
	if slices.Contains(lines[1], "--unknown-markers=warn") {
		t.Errorf("the generate line got --unknown-markers=warn: %q", lines[1])
	}
	// The migrated lines run: the manifests line writes the CRD.
	for _, args := range lines {
		if code, _, stderr := crdgenIn(t, dir, args...); code != exitOK {
			t.Errorf("crdgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
}

// kubebuilderMakefileProject is a kubebuilder project with the Makefile of
// internal/migrate's testdata (kubebuilder v4's lines); it skips without
// make, and under -short.
func kubebuilderMakefileProject(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	makefile, err := os.ReadFile(filepath.Join("internal", "migrate", "testdata", "kubebuilder", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	dir := kubebuilderProject(t)
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), makefile, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
