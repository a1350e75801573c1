package parser

// Loader tests: small fixture modules, written out as txtar archives, and
// the model facts crdgen reads of them (which packages are the user's own,
// enum values, positions, fields). They need no network: the fixtures
// import nothing outside themselves.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// fixture writes a txtar archive into a temporary directory.
func fixture(t *testing.T, archive string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range txtar.Parse([]byte(archive)).Files {
		path := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// load loads patterns in dir, with the environment of the go command
// offline (the fixtures import nothing outside themselves).
func load(t *testing.T, dir string, opts Options, patterns ...string) (*model.Model, markers.ErrorList) {
	t.Helper()
	opts.Dir = dir
	opts.Env = append(append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod"), opts.Env...)
	m, diags, err := Load(context.Background(), patterns, opts)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if m == nil {
		t.Fatalf("load: no model: %v", diags)
	}
	return m, diags
}

// pkg finds a package of the model by import path.
func pkg(t *testing.T, m *model.Model, path string) *model.Package {
	t.Helper()
	for _, p := range m.Packages {
		if string(p.Path) == path {
			return p
		}
	}
	t.Fatalf("no package %s in the model", path)
	return nil
}

// diagText prints diagnostics one per line.
func diagText(diags markers.ErrorList) string {
	var lines []string
	for _, d := range diags.Sorted() {
		lines = append(lines, d.String())
	}
	return strings.Join(lines, "\n")
}

// typeNames lists the names of a package's types.
func typeNames(p *model.Package) []string {
	var out []string
	for _, t := range p.Types {
		out = append(out, t.Ident.Name)
	}
	return out
}

func TestWorkspaceModulesAreAllLocal(t *testing.T) {
	dir := fixture(t, `
-- go.work --
go 1.24

use (
	./a
	./b
)
-- a/go.mod --
module example.com/a

go 1.24
-- a/api/types.go --
// +groupName=a.example.com
package api

// A is in the first module.
type A struct {
	// +kubebuilder:validation:Maximum=3
	N int32 `+"`json:\"n\"`"+`
}
-- b/go.mod --
module example.com/b

go 1.24
-- b/api/types.go --
// +groupName=b.example.com
package api

// B is in the second module, with a typo.
type B struct {
	// +kubebuilder:validation:Minimun=1
	N int32 `+"`json:\"n\"`"+`
}
`)
	m, diags := load(t, dir, Options{Env: []string{"GOWORK=", "GOFLAGS="}}, "./a/...", "./b/...")
	for _, path := range []string{"example.com/a/api", "example.com/b/api"} {
		if p := pkg(t, m, path); !p.Local {
			t.Errorf("%s is not the user's own", path)
		}
	}
	if !strings.Contains(diagText(diags), "b/api/types.go:6:5: error: unknown marker +kubebuilder:validation:Minimun") {
		t.Errorf("the typo in the second module is not an error: %v", diags)
	}
}

func TestVendoredDependency(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24

require example.com/dep v1.0.0
-- vendor/modules.txt --
# example.com/dep v1.0.0
## explicit; go 1.24
example.com/dep/levels
-- vendor/example.com/dep/levels/levels.go --
package levels

// Level is a level.
// +k8s:enum
type Level string

const (
	Low  Level = "low"
	High Level = "high"
)
-- api/types.go --
// +groupName=m.example.com
package api

import "example.com/dep/levels"

// Spec uses a vendored type.
type Spec struct {
	L levels.Level `+"`json:\"l\"`"+`
}
`)
	m, diags := load(t, dir, Options{Env: []string{"GOFLAGS=-mod=vendor"}}, "./api/...")
	if diags.HasErrors() {
		t.Fatalf("diagnostics: %v", diags)
	}
	dep := pkg(t, m, "example.com/dep/levels")
	if dep.Local {
		t.Error("the vendored package is the user's own")
	}
	if lvl := m.Lookup(model.GoIdent{ImportPath: "example.com/dep/levels", Name: "Level"}); lvl == nil || !slices.Equal(lvl.EnumValues, []string{"high", "low"}) {
		t.Errorf("vendored enum: %+v", lvl)
	}
	if !pkg(t, m, "example.com/m/api").Local {
		t.Error("the API package is not the user's own")
	}
}

func TestCgoFileDeclaresAPIType(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler: the go command leaves cgo files out")
	}
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- api/doc.go --
// +groupName=m.example.com
package api
-- api/native.go --
package api

// #include <stdlib.h>
import "C"

// Native is declared in a file that uses cgo.
type Native struct {
	// +kubebuilder:validation:Maximum=9
	N int32 `+"`json:\"n\"`"+`
}
`)
	m, diags := load(t, dir, Options{Env: []string{"CGO_ENABLED=1"}}, "./api/...")
	if diags.HasErrors() {
		t.Fatalf("diagnostics: %v", diags)
	}
	if !slices.Contains(typeNames(pkg(t, m, "example.com/m/api")), "Native") {
		t.Errorf("the type of the cgo file is missing: %v", typeNames(pkg(t, m, "example.com/m/api")))
	}
}

func TestBuildTagsSelectFiles(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- api/doc.go --
// +groupName=m.example.com
package api

// Always is always there.
type Always struct{}
-- api/special.go --
//go:build special

package api

// Special is there with the tag special.
type Special struct{}
-- api/zz_generated.deepcopy.go --
//go:build !ignore_autogenerated

// Code generated by controller-gen. DO NOT EDIT.

package api

// Generated is in a generated file, which controller-gen leaves out.
type Generated struct{}
`)
	m, _ := load(t, dir, Options{}, "./api/...")
	if got := typeNames(pkg(t, m, "example.com/m/api")); !slices.Equal(got, []string{"Always"}) {
		t.Errorf("without tags: %v, want [Always]", got)
	}
	m, _ = load(t, dir, Options{BuildTags: []string{"special"}}, "./api/...")
	if got := typeNames(pkg(t, m, "example.com/m/api")); !slices.Equal(got, []string{"Always", "Special"}) {
		t.Errorf("with --tags special: %v, want [Always Special]", got)
	}
	m, _ = load(t, dir, Options{Env: []string{"GOFLAGS=-mod=mod -tags=special"}}, "./api/...")
	if got := typeNames(pkg(t, m, "example.com/m/api")); !slices.Equal(got, []string{"Always", "Special"}) {
		t.Errorf("with GOFLAGS=-tags=special: %v, want [Always Special]", got)
	}
}

func TestGenericTypeAndDotImport(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- shared/shared.go --
package shared

// Mode is dot-imported.
// +kubebuilder:validation:Enum=a;b
type Mode string
-- api/types.go --
// +groupName=m.example.com
package api

import . "example.com/m/shared"

// Pair is generic.
type Pair[T any] struct {
	Key   string `+"`json:\"key\"`"+`
	Value T      `+"`json:\"value\"`"+`
}

// Spec uses both.
type Spec struct {
	P Pair[int64] `+"`json:\"p\"`"+`
	M Mode        `+"`json:\"m\"`"+`
}
`)
	m, diags := load(t, dir, Options{}, "./api/...")
	if diags.HasErrors() {
		t.Fatalf("diagnostics: %v", diags)
	}
	fields := m.Lookup(model.GoIdent{ImportPath: "example.com/m/api", Name: "Spec"}).Underlying.(*model.Struct).Fields
	if n, ok := fields[0].Type.(*model.Named); !ok || n.Type.Ident.Name != "Pair[int64]" {
		t.Errorf("generic field: %v", fields[0].Type)
	}
	if n, ok := fields[1].Type.(*model.Named); !ok || n.Type.Ident != (model.GoIdent{ImportPath: "example.com/m/shared", Name: "Mode"}) || len(n.Type.Markers) != 1 {
		t.Errorf("dot-imported field: %v", fields[1].Type)
	}
}

func TestPackagesDriverIsUsed(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- api/types.go --
// +groupName=m.example.com
package api

// T is a type.
type T struct{}
-- driver.sh --
#!/bin/sh
# A GOPACKAGESDRIVER that leaves a trace and hands the work back to go list.
echo "$@" >> "$TRACE"
cat > /dev/null
echo '{"NotHandled": true}'
`)
	trace := filepath.Join(t.TempDir(), "trace")
	m, diags := load(t, dir, Options{Env: []string{"GOPACKAGESDRIVER=" + filepath.Join(dir, "driver.sh"), "TRACE=" + trace}}, "./api/...")
	if diags.HasErrors() || !slices.Contains(typeNames(pkg(t, m, "example.com/m/api")), "T") {
		t.Fatalf("load through the driver: %v", diags)
	}
	if data, err := os.ReadFile(trace); err != nil || !strings.Contains(string(data), "./api/...") {
		t.Errorf("the driver did not run: %q, %v", data, err)
	}
}

func TestOverlayReplacesFiles(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- api/types.go --
// +groupName=m.example.com
package api

// OnDisk is what the file on disk holds.
type OnDisk struct{}
`)
	overlay := map[string][]byte{
		filepath.Join(dir, "api", "types.go"): []byte("// +groupName=m.example.com\npackage api\n\n// Unsaved is what the editor holds.\ntype Unsaved struct{}\n"),
		filepath.Join(dir, "api", "new.go"):   []byte("package api\n\n// Added is a file that is not on disk yet.\ntype Added struct{}\n"),
	}
	m, diags := load(t, dir, Options{Overlay: overlay}, "./api/...")
	if diags.HasErrors() {
		t.Fatalf("diagnostics: %v", diags)
	}
	if got := typeNames(pkg(t, m, "example.com/m/api")); !slices.Equal(got, []string{"Added", "Unsaved"}) {
		t.Errorf("with an overlay: %v, want [Added Unsaved]", got)
	}
}
