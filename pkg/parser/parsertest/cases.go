// Package parsertest loads the golden cases of the generators that read
// the model (pkg/rbac, pkg/webhook, pkg/deepcopy) for their tests. It is
// test support: only _test.go files import it (TestFloors holds that),
// since it loads packages through pkg/parser, above every generator.
//
// A case is a directory testdata/<case>/ of the test's package: Go packages
// (loaded as ./testdata/<case>/..., the way controller-gen's paths= loads
// them), an optional options.json with the generator's options as
// controller-gen takes them, and want/ with the expected files.
package parsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
)

// Options are a case's options.json: controller-gen's generator options.
type Options struct {
	// RoleName is rbac's roleName ("manager-role" when not set).
	RoleName string `json:"roleName"`
	// HeaderFile is the header file, relative to the case's directory.
	HeaderFile string `json:"headerFile"`
	// Year replaces " YEAR" in the header.
	Year string `json:"year"`
	// Differs says why controller-gen's output differs from the case's
	// want/ (a controller-gen bug, or an input crdgen rejects); empty when
	// it does not.
	Differs string `json:"differs"`
}

// Case is a loaded case.
type Case struct {
	Dir     string
	Model   *model.Model
	Load    markers.ErrorList
	Options Options
	// Header is the header file's text with " YEAR" replaced, as
	// controller-gen replaces it; nil without a header file.
	Header []byte
}

// Names lists the cases in testdata (of pkg/deepcopy's too, which loads
// them its own way).
func Names(t testing.TB) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		t.Fatal("no golden cases under testdata")
	}
	return out
}

// Load loads testdata/<name>: its packages and its options.
func Load(t *testing.T, name string) *Case {
	t.Helper()
	c := &Case{Dir: filepath.Join("testdata", name), Options: Options{RoleName: "manager-role"}}
	if data, err := os.ReadFile(filepath.Join(c.Dir, "options.json")); err == nil {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c.Options); err != nil {
			t.Fatalf("%s/options.json: %v", c.Dir, err)
		}
	}
	if c.Options.HeaderFile != "" {
		data, err := os.ReadFile(filepath.Join(c.Dir, c.Options.HeaderFile))
		if err != nil {
			t.Fatal(err)
		}
		c.Header = []byte(strings.ReplaceAll(string(data), " YEAR", " "+c.Options.Year))
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	m, diags, err := parser.Load(context.Background(), []string{"./" + filepath.ToSlash(c.Dir) + "/..."}, parser.Options{Dir: dir})
	if err != nil || m == nil {
		t.Fatalf("load %s: %v %v", name, err, diags)
	}
	c.Model, c.Load = m, diags
	return c
}

// Stderr renders diagnostics as the command line prints them, sorted, with
// paths relative to the test's package directory.
func Stderr(t *testing.T, diags markers.ErrorList) []byte {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, d := range diags.Sorted() {
		d.Pos.Filename = rel(dir, d.Pos.Filename)
		for i := range d.Related {
			d.Related[i].Pos.Filename = rel(dir, d.Related[i].Pos.Filename)
		}
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

func rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return path
}
