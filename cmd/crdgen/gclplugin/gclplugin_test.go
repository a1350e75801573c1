package gclplugin

// These tests run a golangci-lint built with the plugin (hack/gclplugin.sh
// builds it with golangci-lint custom and runs them) on a kubebuilder
// project, and crdgen crd on the same tree: what golangci-lint reports
// must be what crdgen prints, and nothing on a clean tree.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

// golangciYAML is .golangci.yml as docs/guides/lint.md has it for a
// kubebuilder project, with crdgen the only linter (the test compares its
// reports, not the others').
const golangciYAML = `version: "2"
linters:
  default: none
  enable:
    - crdgen
  settings:
    custom:
      crdgen:
        type: module
        description: crdgen's diagnostics of the API types (markers, CEL, the API server's verdict)
`

// mistakes are what the test writes into the clean project's
// api/v1/guestbook_types.go (one text for another), and a word of what
// crdgen reports of each.
var mistakes = []struct{ name, clean, broken, reported string }{
	{"misspelt marker", "// +kubebuilder:validation:Maximum=100", "// +kubebuilder:validation:Maxmum=100", "Maxmum"},
	{"broken CEL rule", `rule="self.minReplicas <= self.maxReplicas"`, `rule="self.minReplicas <= self.maxReplica"`, "maxReplica"},
	{"bad marker argument", "// +kubebuilder:validation:MaxLength=64", "// +kubebuilder:validation:MaxLength=sixty-four", "MaxLength"},
	// In LegacySettings, whose //nolint:crdgen golangci-lint honours.
	{"misspelt marker under nolint", "// +kubebuilder:validation:MinLength=1", "// +kubebuilder:validation:MinLenght=1", "MinLenght"},
}

// TestGolangciLint runs the custom golangci-lint of $CRDGEN_GOLANGCI_LINT
// and crdgen crd on the clean project, then with the mistakes, then
// golangci-lint run --fix.
func TestGolangciLint(t *testing.T) {
	gcl := os.Getenv("CRDGEN_GOLANGCI_LINT")
	if gcl == "" {
		t.Skip("CRDGEN_GOLANGCI_LINT is not set: hack/gclplugin.sh builds golangci-lint with the plugin (golangci-lint custom) and runs this test with it")
	}
	crdgen := buildCrdgen(t)
	dir := project(t)

	if got := crdgenReports(t, crdgen, dir); len(got) != 0 {
		t.Fatalf("crdgen crd on the clean project: got %q, want nothing", got)
	}
	if got, _ := golangciReports(t, gcl, dir, "run"); len(got) != 0 {
		t.Fatalf("golangci-lint on the clean project: got %q, want nothing", got)
	}

	types := filepath.Join(dir, "api", "v1", "guestbook_types.go")
	src := read(t, types)
	for _, m := range mistakes {
		if !strings.Contains(src, m.clean) {
			t.Fatalf("%s: %q is not in guestbook_types.go", m.name, m.clean)
		}
		src = strings.Replace(src, m.clean, m.broken, 1)
	}
	write(t, types, src)

	want := crdgenReports(t, crdgen, dir)
	for _, m := range mistakes {
		name := strings.Fields(strings.TrimPrefix(m.broken, "// "))[0]
		if !slices.ContainsFunc(want, func(r string) bool {
			return strings.Contains(r, strings.TrimPrefix(name, "+")) || strings.Contains(r, "maxReplica")
		}) {
			t.Errorf("crdgen crd reports nothing of the %s: %q", m.name, want)
		}
	}
	// golangci-lint leaves out what //nolint:crdgen covers, and nothing
	// else.
	want = slices.DeleteFunc(want, func(r string) bool { return strings.Contains(r, "MinLenght") })
	got, fixes := golangciReports(t, gcl, dir, "run")
	if !slices.Equal(got, want) {
		t.Errorf("golangci-lint reports\n%s\nwant crdgen crd's\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Contains(fixes, "rename to +kubebuilder:validation:Maximum") {
		t.Errorf("golangci-lint's suggested fixes are %q, want the rename to +kubebuilder:validation:Maximum", fixes)
	}

	// --fix applies the rename, and only it: the marker under //nolint
	// keeps its typo.
	golangciReports(t, gcl, dir, "run", "--fix")
	fixed := read(t, types)
	if !strings.Contains(fixed, "// +kubebuilder:validation:Maximum=100") || !strings.Contains(fixed, "MinLenght") {
		t.Errorf("after golangci-lint run --fix, guestbook_types.go is\n%s", fixed)
	}
}

// buildCrdgen builds the crdgen command of this checkout.
func buildCrdgen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "crdgen")
	runOK(t, "", "go", "build", "-o", bin, "github.com/crdgen/crdgen/cmd/crdgen")
	return bin
}

// project is testdata/guestbook in a temporary directory, as a module of
// its own with the golangci-lint configuration.
func project(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", "guestbook")
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		write(t, dst, read(t, path))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "go.mod"), "module example.com/guestbook\n\ngo 1.26.8\n\nrequire (\n\tk8s.io/apimachinery v0.37.2\n\tsigs.k8s.io/controller-runtime v0.25.2\n)\n")
	// crdgen's go.sum holds every sum the project needs.
	write(t, filepath.Join(dir, "go.sum"), read(t, filepath.Join("..", "..", "..", "go.sum")))
	write(t, filepath.Join(dir, ".golangci.yml"), golangciYAML)
	runOK(t, dir, "go", "mod", "tidy")
	return dir
}

// crdgenReports are crdgen crd's diagnostics of dir as golangci-lint
// would print them: "file:line:col: Message".
func crdgenReports(t *testing.T, crdgen, dir string) []string {
	t.Helper()
	cmd := exec.Command(crdgen, "crd", "--format=json", "-o", "-")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CRDGEN_CACHE=off")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("crdgen crd: %v\n%s", err, stderr.String())
	}
	var report struct {
		Diagnostics []struct {
			File           string
			Line, Column   int
			Severity, Code string
			Message        string
			Related        []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(stderr.String()), &report); err != nil {
		t.Fatalf("crdgen crd --format=json: %v\n%s", err, stderr.String())
	}
	var out []string
	for _, d := range report.Diagnostics {
		sev := markers.Error
		if d.Severity == "warning" {
			sev = markers.Warning
		}
		if len(d.Related) > 0 {
			t.Fatalf("%s:%d: the test compares diagnostics without related places", d.File, d.Line)
		}
		msg := Message(markers.Diagnostic{Severity: sev, Code: markers.Code(d.Code), Msg: d.Message})
		out = append(out, fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Column, msg))
	}
	slices.Sort(out)
	return out
}

// golangciReports runs golangci-lint in dir and returns the crdgen
// linter's issues ("file:line:col: text", sorted) and the messages of their
// suggested fixes.
func golangciReports(t *testing.T, gcl, dir string, args ...string) (reports, fixes []string) {
	t.Helper()
	args = append(args, "--output.json.path=stdout", "--max-issues-per-linter=0", "--max-same-issues=0", "--show-stats=false")
	cmd := exec.Command(gcl, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+filepath.Join(dir, ".cache"), "CRDGEN_CACHE=off")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("golangci-lint %s: %v\n%s\n%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
			SuggestedFixes []struct{ Message string }
		}
	}
	if err := json.Unmarshal([]byte(stdout.String()), &report); err != nil {
		t.Fatalf("golangci-lint's JSON: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	for _, is := range report.Issues {
		if is.FromLinter != Name {
			t.Errorf("an issue of %s: %s", is.FromLinter, is.Text)
			continue
		}
		reports = append(reports, fmt.Sprintf("%s:%d:%d: %s", is.Pos.Filename, is.Pos.Line, is.Pos.Column, is.Text))
		for _, f := range is.SuggestedFixes {
			fixes = append(fixes, f.Message)
		}
	}
	slices.Sort(reports)
	return reports, fixes
}

func runOK(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
