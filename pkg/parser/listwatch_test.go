package parser

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const watchArchive = `
-- go.mod --
module example.com/w

go 1.22
-- api/v1/types.go --
// Package v1 is an API.
package v1

import "example.com/w/api/shared"

// T is a type.
type T struct {
	S shared.S
}

func (T) M() int { return 1 }
-- api/shared/shared.go --
//go:build !nope

package shared

// S is shared.
type S struct{ N int }
`

// TestListingWatchSeesEveryChange makes each change that gives another
// listing (a file added, a package directory added, an import, a build
// constraint, go.mod, a new go.work or vendor directory, a //go:embed
// line) and checks that the watch no longer holds; edits that give the
// same listing (a body, a field, a comment below the imports, a touch)
// keep it.
func TestListingWatchSeesEveryChange(t *testing.T) {
	type change struct {
		name  string
		do    func(dir string)
		holds bool
	}
	write := func(dir, name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit := func(name, old, new string) func(dir string) {
		return func(dir string) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !strings.Contains(string(data), old) {
				t.Fatalf("%s has no %q", name, old)
			}
			write(dir, name, strings.Replace(string(data), old, new, 1))
		}
	}
	changes := []change{
		{"a body", edit("api/v1/types.go", "return 1", "return 2"), true},
		{"a field", edit("api/v1/types.go", "S shared.S", "S shared.S\n\tU int"), true},
		{"a doc comment", edit("api/shared/shared.go", "// S is shared.", "// S is shared by all."), true},
		{"a touch", func(dir string) {
			later := time.Now().Add(time.Hour)
			os.Chtimes(filepath.Join(dir, "api/v1/types.go"), later, later)
		}, true},
		{"a new file", func(dir string) { write(dir, "api/v1/more.go", "package v1\n") }, false},
		{"a new package", func(dir string) { write(dir, "api/v2/types.go", "package v2\n") }, false},
		{"a new empty directory", func(dir string) { os.MkdirAll(filepath.Join(dir, "api/v3"), 0o755) }, false},
		{"an import", edit("api/v1/types.go", `import "example.com/w/api/shared"`, "import (\n\t\"example.com/w/api/shared\"\n\t_ \"strings\"\n)"), false},
		{"a package clause", edit("api/v1/types.go", "package v1", "package v2"), false},
		{"a build constraint", edit("api/shared/shared.go", "//go:build !nope", "//go:build nope"), false},
		{"go.mod", edit("go.mod", "go 1.22", "go 1.23"), false},
		{"a go.work", func(dir string) { write(dir, "go.work", "go 1.22\n\nuse .\n") }, false},
		{"a vendor directory", func(dir string) { write(dir, "vendor/modules.txt", "") }, false},
		{"a //go:embed line", edit("api/v1/types.go", "func (T) M()", "//go:embed x\nvar x string\n\nfunc (T) M()"), false},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			dir := fixture(t, watchArchive)
			l, err := List(context.Background(), []string{"./..."}, Options{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			w, err := l.Watch(nil, nil)
			if err != nil {
				t.Fatalf("Watch: %v", err)
			}
			if !w.Holds() {
				t.Fatal("the watch does not hold before any change")
			}
			c.do(dir)
			if got := w.Holds(); got != c.holds {
				t.Errorf("after %s the watch holds: %v, want %v", c.name, got, c.holds)
			}
			if c.holds {
				// What the watch let through must list the same.
				again, err := List(context.Background(), []string{"./..."}, Options{Dir: dir})
				if err != nil {
					t.Fatal(err)
				}
				before, _ := l.Encode()
				after, _ := again.Encode()
				if string(before) != string(after) {
					t.Errorf("after %s the go command lists otherwise:\n%s\nwant\n%s", c.name, after, before)
				}
			}
		})
	}
}

// TestListingsNotKept checks the listings whose inputs the watch cannot
// see: import path patterns with "...", and a listing with errors.
func TestListingsNotKept(t *testing.T) {
	dir := fixture(t, watchArchive)
	for _, patterns := range [][]string{{"example.com/w/..."}, {"./api/nothing"}} {
		l, err := List(context.Background(), patterns, Options{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Watch(nil, nil); err == nil {
			t.Errorf("%v: a listing was kept", patterns)
		}
	}
}

// TestListingChangedWhileListedIsNotKept checks that a listing is not kept
// when what it depends on changed while the go command was reading it: the
// watch, taken after, would record the new state beside a listing of the
// old one.
func TestListingChangedWhileListedIsNotKept(t *testing.T) {
	dir := fixture(t, watchArchive)
	before := StateBefore(dir, []string{"./..."}, nil, nil)
	l, err := List(context.Background(), []string{"./..."}, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Watch(nil, before); err != nil {
		t.Fatalf("nothing changed, yet the listing is not kept: %v", err)
	}
	path := filepath.Join(dir, "api/v1/types.go")
	data, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(data), `import "example.com/w/api/shared"`, "import (\n\t\"example.com/w/api/shared\"\n\t_ \"strings\"\n)", 1)), 0o644)
	if _, err := l.Watch(nil, before); err == nil {
		t.Error("a file that changed during the listing left the listing kept")
	}
}
