package migrate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// repoRoot is crdgen's checkout.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// crdgenProxy writes a module proxy in a directory (GOPROXY=file://DIR)
// that serves this checkout as github.com/crdgen/crdgen at version.
func crdgenProxy(t *testing.T, version string) string {
	t.Helper()
	root := repoRoot(t)
	dir := t.TempDir()
	at := filepath.Join(dir, "github.com", "crdgen", "crdgen", "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	var zip bytes.Buffer
	if err := modzip.CreateFromDir(&zip, module.Version{Path: "github.com/crdgen/crdgen", Version: version}, root); err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(`{"Version":"` + version + `","Time":"2026-12-02T00:00:00Z"}`),
		version + ".mod":  goMod,
		version + ".zip":  zip.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestInstallThroughTheMigratedMakefile installs crdgen the way a
// migrated kubebuilder Makefile does (make crdgen: go-install-tool puts
// CRDGEN_VERSION into $(LOCALBIN)), from a module proxy that serves this
// checkout as a version, and runs it: the binary names its version, and
// nothing but bin/ appears in the project. (It is here, not in
// cmd/crdgen, so that its build runs beside that package's tests.)
func TestInstallThroughTheMigratedMakefile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crdgen with the go command")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	// The go command resolves crdgen's requirements through the proxy the
	// environment gives it, as in TestGoTool.
	list := exec.Command("go", "list", "-m", "all")
	list.Dir = repoRoot(t)
	list.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if out, err := list.CombinedOutput(); err != nil {
		t.Fatalf("go list -m all in crdgen's module: %v\n%s", err, out)
	}
	goproxy, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	const version = "v0.0.1"
	proxy := crdgenProxy(t, version)

	dir := t.TempDir()
	makefile, err := os.ReadFile(filepath.Join("testdata", "kubebuilder", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "Makefile"), makefile, 0o644)
	res, diags, err := Run(Options{Dir: dir, Version: version})
	if err != nil || diags.HasErrors() {
		t.Fatalf("migrate: %v %v", err, diags)
	}
	for path, c := range res.Set.Files {
		data, _ := c.Bytes()
		os.WriteFile(path, data, 0o644)
	}
	cmd := exec.Command("make", "crdgen")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=file://"+filepath.ToSlash(proxy)+","+strings.TrimSpace(string(goproxy)),
		"GONOSUMDB=github.com/crdgen/crdgen", "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make crdgen: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "bin", "crdgen"), "version").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "crdgen "+version {
		t.Errorf("bin/crdgen version: %v %q, want %q", err, out, "crdgen "+version)
	}
	if _, err := os.Stat(filepath.Join(dir, "bin", "crdgen-"+version)); err != nil {
		t.Errorf("go-install-tool's versioned binary: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "Makefile bin" {
		t.Errorf("the project holds %q after make crdgen, want Makefile and bin", names)
	}
}
