package main

// The install paths the README names, each run as a user runs it.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoTool installs crdgen as a module tool of a project (go get -tool
// with a replace to this checkout) and runs it with "go tool crdgen".
func TestGoTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crdgen with the go command")
	}
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	runOK(t, dir, "go", "mod", "edit", "-replace", "github.com/crdgen/crdgen="+repoRoot(t))
	// go get -tool reads the go.mod of every module in crdgen's module
	// graph: the go command fetches it through the environment's proxy
	// first, as for any project.
	fetchModuleGraph(t)
	// Then offline: crdgen is replaced by this checkout, but go get still
	// asks the proxy whether github.com/crdgen/crdgen/cmd/crdgen is a module
	// of its own, and a proxy that answers 403 for an unpublished path (as
	// some do) would fail the test for a reason that is not crdgen's.
	t.Setenv("GOPROXY", "off")
	runOK(t, dir, "go", "get", "-tool", "github.com/crdgen/crdgen/cmd/crdgen")
	if out := runOK(t, dir, "go", "tool", "crdgen", "version"); !strings.HasPrefix(out, "crdgen ") {
		t.Errorf("go tool crdgen version: %q", out)
	}
	runOK(t, dir, "go", "tool", "crdgen", "generate", "./api/...")
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "shop.example.com_widgets.yaml")); err != nil {
		t.Errorf("go tool crdgen generate wrote nothing: %v", err)
	}
	// A drift check names the command as the project runs it.
	os.WriteFile(filepath.Join(dir, "api/v1/types.go"), []byte(strings.Replace(shopTypes, "Maximum=10", "Maximum=20", 1)), 0o644)
	out, err := runErr(dir, "go", "tool", "crdgen", "generate", "--check", "./api/...")
	if want := `run "go tool crdgen generate ./api/..." to update it`; err == nil || !strings.Contains(out, want) {
		t.Errorf("go tool crdgen generate --check after an edit: %v, want %q in\n%s", err, want, out)
	}
}

// TestGoToolInASeparateModfile installs crdgen as a tool of a module file
// of its own (go get -tool -modfile=tools.mod, the README's way to keep a
// tool's requirements out of the project's build) and runs it with go tool
// -modfile: the project's go.mod and go.sum are not changed by a byte.
func TestGoToolInASeparateModfile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crdgen with the go command")
	}
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	goMod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	goSum, _ := os.ReadFile(filepath.Join(dir, "go.sum"))
	fetchModuleGraph(t)
	t.Setenv("GOPROXY", "off")
	runOK(t, dir, "go", "mod", "init", "-modfile=tools.mod", "example.com/shop")
	runOK(t, dir, "go", "mod", "edit", "-modfile=tools.mod", "-replace", "github.com/crdgen/crdgen="+repoRoot(t))
	runOK(t, dir, "go", "get", "-modfile=tools.mod", "-tool", "github.com/crdgen/crdgen/cmd/crdgen")
	runOK(t, dir, "go", "tool", "-modfile=tools.mod", "crdgen", "generate", "./api/...")
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "shop.example.com_widgets.yaml")); err != nil {
		t.Errorf("go tool -modfile=tools.mod crdgen generate wrote nothing: %v", err)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "go.mod")); string(now) != string(goMod) {
		t.Errorf("the project's go.mod changed:\n%s\nwas\n%s", now, goMod)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "go.sum")); string(now) != string(goSum) {
		t.Error("the project's go.sum changed")
	}
}

// TestGoInstallFromAClone installs crdgen from a checkout of this
// repository with go install (the README's way before a version is
// published) and runs the binary in a project.
func TestGoInstallFromAClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crdgen with the go command")
	}
	bin := t.TempDir()
	t.Setenv("GOBIN", bin)
	runOK(t, repoRoot(t), "go", "install", "./cmd/crdgen")
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	crdgen := filepath.Join(bin, "crdgen")
	if out := runOK(t, dir, crdgen, "version"); !strings.HasPrefix(out, "crdgen ") {
		t.Errorf("crdgen version: %q", out)
	}
	runOK(t, dir, crdgen, "generate", "./api/...")
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "shop.example.com_widgets.yaml")); err != nil {
		t.Errorf("crdgen generate wrote nothing: %v", err)
	}
}

// fetchModuleGraph has the go command read the go.mod of every module in
// crdgen's graph through the environment's proxy, as go get -tool does
// for any project (building a test binary downloads only the modules whose
// packages it compiles).
func fetchModuleGraph(t *testing.T) {
	t.Helper()
	list := exec.Command("go", "list", "-m", "all")
	list.Dir = repoRoot(t)
	list.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if out, err := list.CombinedOutput(); err != nil {
		t.Fatalf("go list -m all in crdgen's module: %v\n%s", err, out)
	}
}
