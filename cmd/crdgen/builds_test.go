package main

import (
	"fmt"

	"os"
	"path/filepath"
	"strings"
	"testing"
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
		a.CacheDir = cacheDir
		if version != "" {
			a.Version = version
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
