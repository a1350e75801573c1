package main

import (
	"fmt"

	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crdgen/crdgen/pkg/pipeline"
)

// twoKinds are two kinds in two files, so that an edit to one leaves the
// other's types as they were.
var twoKinds = map[string]string{
	"api/v1/doc.go": "// +groupName=shop.example.com\npackage v1\n",
	"api/v1/widget.go": `package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec              WidgetSpec ` + "`json:\"spec,omitempty\"`" + `
}

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// Size is the size.
	// +kubebuilder:validation:Maximum=10
	Size int32 ` + "`json:\"size\"`" + `
	// Extra keeps whatever a client sends.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Extra map[string]string ` + "`json:\"extra,omitempty\"`" + `
}
`,
	"api/v1/gadget.go": `package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is a gadget.
type Gadget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec              GadgetSpec ` + "`json:\"spec,omitempty\"`" + `
}

// GadgetSpec is a gadget's spec.
type GadgetSpec struct {
	// Color is the color.
	Color string ` + "`json:\"color,omitempty\"`" + `
}
`,
}

// TestEditRebuildsOnlyWhatChanged follows an edit-regenerate loop with the
// cache: after an edit to one kind's file, the other CRD is taken as the
// last run built it, and every file is what a run without the cache
// writes. A remembered CRD whose file was edited, another crdgen, --check
// and --no-cache build everything.
func TestEditRebuildsOnlyWhatChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, twoKinds)
	cacheDir := t.TempDir()
	out := filepath.Join(dir, "crds")
	run := func(version string, args ...string) string {
		t.Helper()
		a, _, stderr := testApp(dir)
		a.cacheDir = cacheDir
		if version != "" {
			a.version = version
		}
		if code := a.main(append(append([]string{"crd", "-v", "-o", out}, args...), "./api/...")); code != exitOK {
			t.Fatalf("crd %v: exit %d\n%s", args, code, stderr)
		}
		return stderr.String()
	}
	// same checks the output directory against a run without the cache.
	same := func(when string) {
		t.Helper()
		fresh := filepath.Join(t.TempDir(), "crds")
		if code, _, stderr := crdgenIn(t, dir, "crd", "--no-cache", "-o", fresh, "./api/..."); code != exitOK {
			t.Fatalf("crd --no-cache: exit %d\n%s", code, stderr)
		}
		for _, name := range []string{"shop.example.com_widgets.yaml", "shop.example.com_gadgets.yaml"} {
			got, _ := os.ReadFile(filepath.Join(out, name))
			want, _ := os.ReadFile(filepath.Join(fresh, name))
			if len(want) == 0 || string(got) != string(want) {
				t.Errorf("%s: %s differs from a run without the cache:\n%s\nwant\n%s", when, name, got, want)
			}
		}
	}
	const widgetReused = "1 of 2 CRDs as the last run built them"
	edit := func(i int) {
		t.Helper()
		path := filepath.Join(dir, "api/v1/gadget.go")
		field := fmt.Sprintf("\t// Edit%d is an edit.\n\tEdit%d string `json:\"edit%d,omitempty\"`\n", i, i, i)
		text := strings.Replace(twoKinds["api/v1/gadget.go"], "\t// Color is the color.\n", field+"\t// Color is the color.\n", 1)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// warnings are the warning lines of a run's output.
	warnings := func(stderr string) string {
		var out []string
		for _, l := range strings.Split(stderr, "\n") {
			if strings.Contains(l, "warning:") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	first := run("")
	if strings.Contains(first, "as the last run built them") || !strings.Contains(first, "keeps unknown fields") {
		t.Fatalf("first run reused builds, or has no warning from the widget's build:\n%s", first)
	}
	edit(0)
	if stderr := run(""); !strings.Contains(stderr, widgetReused) || warnings(stderr) != warnings(first) {
		t.Errorf("after an edit to gadget.go, want the widget CRD reused, with its warning:\n%s", stderr)
	}
	same("after an edit")

	// The widget's file edited by hand: its remembered build is not taken.
	widgets := filepath.Join(out, "shop.example.com_widgets.yaml")
	data, _ := os.ReadFile(widgets)
	os.WriteFile(widgets, []byte(strings.Replace(string(data), "maximum: 10", "maximum: 11", 1)), 0o644)
	edit(1)
	if stderr := run(""); strings.Contains(stderr, "as the last run built them") {
		t.Errorf("a CRD whose file was edited was reused:\n%s", stderr)
	}
	same("after the widget's file was edited")

	edit(2)
	if stderr := run("v9.9.9-other"); strings.Contains(stderr, "as the last run built them") {
		t.Errorf("another crdgen reused the builds:\n%s", stderr)
	}
	edit(3)
	for _, flag := range []string{"--no-cache", "--check"} {
		if flag == "--check" {
			run("v9.9.9-other")
		}
		if stderr := run("v9.9.9-other", flag); strings.Contains(stderr, "as the last run built them") {
			t.Errorf("%s reused builds:\n%s", flag, stderr)
		}
	}
	run("")
	same("at the end")
}

// TestInflectionsAreInTheKeys checks that the custom inflections flect
// reads (which change CRD names, in controller-gen too) are part of what
// every cache is keyed by.
func TestInflectionsAreInTheKeys(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("INFLECT_PATH", filepath.Join(dir, "inflections.json"))
	before := inflectionStamp()
	env, build := environmentStamp(), (&runState{a: &app{version: "v"}}).buildIdentity()
	if err := os.WriteFile(filepath.Join(dir, "inflections.json"), []byte(`{"gadget": "gadgetry"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if inflectionStamp() == before || environmentStamp() == env || (&runState{a: &app{version: "v"}}).buildIdentity() == build {
		t.Error("a new inflections.json left a cache key as it was")
	}
}

// TestVerdictsAreTrimmed checks that the verdict store keeps the most
// recently used verdicts when it grows past verdictsKept, and that what it
// keeps still reads back.
func TestVerdictsAreTrimmed(t *testing.T) {
	s := &verdictStore{dir: t.TempDir(), build: "b"}
	old := time.Now().Add(-time.Hour)
	for i := range verdictsKept + 10 {
		path := filepath.Join(s.dir, fmt.Sprintf("old%05d", i))
		os.WriteFile(path, nil, 0o644)
		os.Chtimes(path, old, old)
	}
	s.Accept("fresh")
	entries, _ := os.ReadDir(s.dir)
	if len(entries) > verdictsKept/2+1 || !s.Accepted("fresh") {
		t.Errorf("%d verdicts after a trim, want at most %d, the fresh one kept", len(entries), verdictsKept/2+1)
	}
}

// A build taken back says the file it was read from holds it only while
// that file is as it was read: a same-size edit with its modification time
// put back (cp -p, rsync) is seen by its change time, and so is a file
// replaced by another.
func TestTakenBackBuildHoldsOnlyUnchangedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shop.example.com_widgets.yaml")
	content := []byte("kind: CustomResourceDefinition\nmaximum: 10\n")
	os.WriteFile(path, content, 0o644)
	s := &buildStore{old: map[string]builtRecord{"k": {Key: "k", Name: filepath.Base(path), Path: path, SHA256: sha256Hex(content)}}, kept: map[string]builtRecord{}}
	lookup := func() pipeline.File {
		t.Helper()
		b, ok := s.Lookup("k")
		if !ok || b.Holds == nil {
			t.Fatalf("Lookup: %v, holds %v", ok, b.Holds != nil)
		}
		f, err := pipeline.NewSpool(0).KeepRead(b.YAML, b.SHA256, b.ReadFrom, b.Holds)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	f := lookup()
	if !f.HoldsAt(path) {
		t.Fatal("an unchanged file does not hold what was read from it")
	}
	if f.HoldsAt(path + ".other") {
		t.Fatal("another path holds what was read")
	}
	info, _ := os.Stat(path)
	time.Sleep(10 * time.Millisecond) // past the clock's tick, for the change time
	os.WriteFile(path, []byte("kind: CustomResourceDefinition\nmaximum: 99\n"), 0o644)
	os.Chtimes(path, info.ModTime(), info.ModTime())
	if f.HoldsAt(path) {
		t.Error("a same-size edit with its modification time put back still holds what was read")
	}
	if changes, err := fileChanges(path, nil, &f); err != nil || len(changes.write) != 1 {
		t.Errorf("the write does not replace the edited file: %d changes, %v", len(changes.write), err)
	}
	os.WriteFile(path, content, 0o644)
	f = lookup()
	time.Sleep(10 * time.Millisecond)
	os.WriteFile(path+".new", []byte("kind: CustomResourceDefinition\nmaximum: 77\n"), 0o644)
	os.Chtimes(path+".new", info.ModTime(), info.ModTime())
	os.Rename(path+".new", path)
	if f.HoldsAt(path) {
		t.Error("a file replaced by another (a new inode) still holds what was read")
	}
}
