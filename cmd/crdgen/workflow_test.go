package main

// These tests run crdgen the way projects do, in a module of their own
// made in a temporary directory: go generate with crdgen.yaml, a drift
// check in CI, a breaking-change check against git, and "go tool crdgen".

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tempModule makes a module in a temporary directory that requires
// k8s.io/apimachinery, with the given files, and resolves its requirements
// through the go command's usual GOPROXY: crdgen's own build has put most
// of them in the module cache, but go mod tidy also reads go.mod files of
// the module graph that no build downloads (on a fresh machine, offline
// tidy failed on github.com/davecgh/go-spew@v1.1.1's).
func tempModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/shop\n\ngo 1.26.8\n\nrequire k8s.io/apimachinery v0.37.2\n"
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum, err := os.ReadFile(filepath.Join(repoRoot(t), "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
	runOK(t, dir, "go", "mod", "tidy")
	return dir
}

// runOK runs a command in dir and fails the test on error.
func runOK(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	out, err := runErr(dir, name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

func runErr(dir string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	// The checksums come from crdgen's go.sum, so no checksum database is
	// asked.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOSUMDB=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

const shopTypes = `// +groupName=shop.example.com
package v1

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
}

// Gizmo is a gizmo.
type Gizmo struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
}
`

// crdgenIn runs crdgen in dir and returns its exit code and output.
func crdgenIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	a, stdout, stderr := testApp(dir)
	code := a.main(args)
	return code, stdout.String(), stderr.String()
}

// TestGenerateWithConfigAndDriftCheck follows a project through generate,
// a drift check after an edit, a regeneration, and a deleted kind.
func TestGenerateWithConfigAndDriftCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, map[string]string{
		"api/v1/types.go": shopTypes,
		"crdgen.yaml":     "packages: [./api/...]\noutputDir: config/crd\nomitVersionAnnotation: true\n",
	})
	// From a subdirectory, as go generate runs: crdgen.yaml is found in the module root.
	sub := filepath.Join(dir, "api", "v1")
	if code, _, stderr := crdgenIn(t, sub, "generate"); code != exitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	widgets := filepath.Join(dir, "config", "crd", "shop.example.com_widgets.yaml")
	data, err := os.ReadFile(widgets)
	if err != nil || strings.Contains(string(data), "crdgen.dev/version") {
		t.Fatalf("generate did not write %s as crdgen.yaml says: %v\n%s", widgets, err, data)
	}
	if code, stdout, stderr := crdgenIn(t, dir, "generate", "--check"); code != exitOK || stdout+stderr != "" {
		t.Fatalf("generate --check on fresh output: exit %d\n%s%s", code, stdout, stderr)
	}

	// An edit makes the output stale: --check fails with the diff and the fix.
	edited := strings.Replace(shopTypes, "Maximum=10", "Maximum=20", 1)
	os.WriteFile(filepath.Join(dir, "api/v1/types.go"), []byte(edited), 0o644)
	code, stdout, stderr := crdgenIn(t, dir, "generate", "--check")
	if code != exitFail {
		t.Errorf("--check after an edit: exit %d, want %d", code, exitFail)
	}
	// The diagnostic points at the first changed line of the file on disk.
	if want := `config/crd/shop.example.com_widgets.yaml:43: error: out of date from this line on; run "crdgen generate" to update it`; !strings.Contains(stderr, want) {
		t.Errorf("--check stderr lacks %q:\n%s", want, stderr)
	}
	if line := strings.Split(string(data), "\n")[42]; strings.TrimSpace(line) != "maximum: 10" {
		t.Errorf("line 43 of the stale file is %q, want the changed maximum", line)
	}
	if !strings.Contains(stdout, "-                maximum: 10\n+                maximum: 20\n") {
		t.Errorf("--check diff does not show the change:\n%s", stdout)
	}
	if code, _, stderr := crdgenIn(t, dir, "generate", "-v"); code != exitOK || !strings.Contains(stderr, "wrote config/crd/shop.example.com_widgets.yaml") {
		t.Errorf("generate -v: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := crdgenIn(t, dir, "generate", "--check"); code != exitOK {
		t.Errorf("--check after regenerating: exit %d\n%s", code, stderr)
	}

	// A deleted kind leaves a stale CRD.
	os.WriteFile(filepath.Join(dir, "api/v1/types.go"), []byte(edited[:strings.Index(edited, "// Gizmo")]), 0o644)
	code, _, stderr = crdgenIn(t, dir, "generate", "--check")
	if code != exitFail || !strings.Contains(stderr, `config/crd/shop.example.com_gizmoes.yaml:1: error: stale: no kind produces it any more; run "crdgen generate" to delete it`) {
		t.Errorf("--check after deleting a kind: exit %d\n%s", code, stderr)
	}

	// A flag wins over crdgen.yaml.
	if code, _, stderr := crdgenIn(t, dir, "crd", "-o", "elsewhere"); code != exitOK {
		t.Fatalf("crd -o elsewhere: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "elsewhere", "shop.example.com_widgets.yaml")); err != nil {
		t.Errorf("-o did not win over outputDir: %v", err)
	}
}

// TestDiffAgainstGit checks a breaking change against the CRDs of the last
// commit.
func TestDiffAgainstGit(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and a git repository")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	if code, _, stderr := crdgenIn(t, dir, "crd", "./api/..."); code != exitOK {
		t.Fatalf("crd: exit %d\n%s", code, stderr)
	}
	runOK(t, dir, "git", "init", "-q")
	runOK(t, dir, "git", "add", ".")
	runOK(t, dir, "git", "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "api")

	os.WriteFile(filepath.Join(dir, "api/v1/types.go"), []byte(strings.Replace(shopTypes, "Maximum=10", "Maximum=5", 1)), 0o644)
	if code, _, stderr := crdgenIn(t, dir, "crd", "./api/..."); code != exitOK {
		t.Fatalf("crd: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := crdgenIn(t, dir, "diff", "--against", "git:HEAD", "./api/...")
	if code != exitFail || !strings.Contains(stdout, "breaking  widgets.shop.example.com v1 .spec.size: maximum went from 10 to 5 [bound-tightened:widgets.shop.example.com/v1.spec.size]") {
		t.Errorf("diff --against git:HEAD: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "api/v1/types.go:16:5: objects already stored stay valid") {
		t.Errorf("diff does not point at the marker:\n%s", stdout)
	}
	code, stdout, _ = crdgenIn(t, dir, "diff", "--against", "git:HEAD", "--allow", "bound-tightened:widgets.shop.example.com/v1.spec.size", "./api/...")
	if code != exitOK || !strings.Contains(stdout, "0 breaking, 0 security, 1 allowed") {
		t.Errorf("diff --allow: exit %d\n%s", code, stdout)
	}
	// The working tree's output directory is the default.
	if code, stdout, _ := crdgenIn(t, dir, "diff", "./api/..."); code != exitOK || !strings.Contains(stdout, "0 breaking, 0 security, 0 allowed, 0 safe, 0 lint") {
		t.Errorf("diff against the up-to-date output: exit %d\n%s", code, stdout)
	}
}

// TestConfigMistakes checks that a bad crdgen.yaml is an error that names
// the line and suggests the setting meant.
func TestConfigMistakes(t *testing.T) {
	tests := []struct{ config, want string }{
		{"outputdir: x\n", `crdgen.yaml:1:1: error: unknown setting "outputdir", did you mean "outputDir"`},
		{"packages: [./...]\nconversion:\n  styl: methods\n", `crdgen.yaml:3:3: error: unknown setting "styl" in conversion, did you mean "style"`},
		{"unknownMarkers: wran\n", `crdgen.yaml:1: unknownMarkers: want one of error, warn, got "wran", did you mean "warn"`},
		{"kubeVersion: \"1.99\"\n", "crdgen.yaml: kubeVersion:"},
		{"suppress: [marker-ignored, lnit]\n", `crdgen.yaml:1: suppress: no diagnostic code "lnit", did you mean "lint"`},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte(tc.config), 0o644)
		code, _, stderr := crdgenIn(t, dir, "crd", "./...")
		if code != exitFail || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.config, code, stderr, tc.want)
		}
	}
}

// TestNestedModules runs crdgen from the root of a repository whose API
// types are a module of their own under api/ (with a replace to it in the
// root go.mod), as controller-gen's paths=./... reads it: "./..." and
// "./api/..." both reach the nested module, a new nested module is seen by
// the next cached run, and a nested module that cannot be loaded is an
// error at the pattern that reached it.
func TestNestedModules(t *testing.T) {
	if testing.Short() {
		t.Skip("makes modules and runs the go command")
	}
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	// The module made at the root becomes the nested one, under api/.
	api := filepath.Join(dir, "api")
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(strings.Replace(string(data), "module example.com/shop\n", "module example.com/shop/api\n", 1))
		if err := os.WriteFile(filepath.Join(api, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nimport _ \"example.com/shop/api/v1\"\n\nfunc main() {}\n"), 0o644)
	runOK(t, dir, "go", "mod", "edit", "-require=example.com/shop/api@v0.0.0", "-replace=example.com/shop/api=./api")
	runOK(t, dir, "go", "mod", "tidy")

	cacheDir := t.TempDir()
	crd := func(args ...string) (int, string) {
		t.Helper()
		a, _, stderr := testApp(dir)
		a.CacheDir = cacheDir
		return a.main(append([]string{"generate", "-v", "-o", "out"}, args...)), stderr.String()
	}
	widgets := filepath.Join(dir, "out", "shop.example.com_widgets.yaml")
	for _, pattern := range []string{"./...", "./api/...", "./api/v1"} {
		os.RemoveAll(filepath.Join(dir, "out"))
		if code, stderr := crd(pattern); code != exitOK {
			t.Fatalf("generate %s from the root: exit %d\n%s", pattern, code, stderr)
		}
		if _, err := os.Stat(widgets); err != nil {
			t.Errorf("generate %s from the root wrote no CRD of the nested module: %v", pattern, err)
		}
	}

	// A second nested module appears: the next run lists it, cache or not.
	crd("./...")
	if code, stderr := crd("./..."); code != exitOK || !strings.Contains(stderr, "nothing changed") {
		t.Fatalf("rerun: exit %d, want the cached run\n%s", code, stderr)
	}
	tools := filepath.Join(dir, "tools", "api", "v1")
	os.MkdirAll(tools, 0o755)
	for _, name := range []string{"go.mod", "go.sum"} {
		data, _ := os.ReadFile(filepath.Join(api, name))
		data = []byte(strings.Replace(string(data), "module example.com/shop/api\n", "module example.com/tools\n", 1))
		os.WriteFile(filepath.Join(dir, "tools", name), data, 0o644)
	}
	os.WriteFile(filepath.Join(tools, "types.go"), []byte(strings.Replace(shopTypes, "shop.example.com", "tools.example.com", 1)), 0o644)
	if code, stderr := crd("./..."); code != exitOK || strings.Contains(stderr, "nothing changed") {
		t.Fatalf("after a new nested module: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "tools.example.com_widgets.yaml")); err != nil {
		t.Errorf("the new nested module's CRD was not written: %v", err)
	}

	// A nested module that cannot be loaded is named with the pattern.
	os.WriteFile(filepath.Join(dir, "tools", "go.mod"), []byte("module example.com/tools\n\nrequire (\n"), 0o644)
	code, stderr := crd("./...")
	if want := "listing ./...: the module in tools:"; code == exitOK || !strings.Contains(stderr, want) {
		t.Errorf("a broken nested module: exit %d, want %q in\n%s", code, want, stderr)
	}
}

// TestNoChangeRerunIsCheap runs generate twice with a rerun cache: the
// second run finds nothing changed, repeats the first one's warnings and
// does no work; --check never uses the cache; an edited input, an edited
// output (even one of the same size with its time put back), a deleted
// output or a malformed record make the next run do everything again.
func TestNoChangeRerunIsCheap(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	types := strings.Replace(shopTypes, "// WidgetSpec is a widget's spec.\n", "// WidgetSpec is a widget's spec.\n// +optional\n", 1)
	dir := tempModule(t, map[string]string{"api/v1/types.go": types})
	cacheDir := t.TempDir()
	gen := func(args ...string) (int, string) {
		t.Helper()
		a, _, stderr := testApp(dir)
		a.CacheDir = cacheDir
		code := a.main(append(append([]string{"generate", "-v"}, args...), "./api/..."))
		return code, stderr.String()
	}
	const warning = "api/v1/types.go:14:4: warning: +optional is a field marker and has no effect on a type"
	const cached = "nothing changed since the last run"
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) || !strings.Contains(stderr, warning) {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	if code, stderr := gen(); code != exitOK || !strings.Contains(stderr, cached) || !strings.Contains(stderr, warning) {
		t.Errorf("rerun: exit %d, want the cached run with its warning\n%s", code, stderr)
	}
	// --check, which CI trusts, never takes the cache's word.
	if code, stderr := gen("--check"); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("--check after a run that left the outputs up to date: exit %d, want a whole run that finds them up to date\n%s", code, stderr)
	}

	widgets := filepath.Join(dir, "config", "crd", "bases", "shop.example.com_widgets.yaml")
	want, _ := os.ReadFile(widgets)
	// A same-size edit with the modification time put back (cp -p, rsync).
	info, _ := os.Stat(widgets)
	sameSize := strings.Replace(string(want), "maximum: 10", "maximum: 99", 1)
	if sameSize == string(want) || len(sameSize) != len(want) {
		t.Fatal("no same-size edit to make")
	}
	os.WriteFile(widgets, []byte(sameSize), 0o644)
	os.Chtimes(widgets, info.ModTime(), info.ModTime())
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("after a same-size edit with its time put back: exit %d, want a whole run\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(widgets); string(got) != string(want) {
		t.Error("the same-size edit was not put right")
	}
	// The go command's environment is an input: build tags, for one.
	if code, stderr := gen(); code != exitOK || !strings.Contains(stderr, cached) {
		t.Fatalf("rerun: exit %d, want the cached run\n%s", code, stderr)
	}
	t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -tags=crdgen_test_tag"))
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("after GOFLAGS changed: exit %d, want a whole run\n%s", code, stderr)
	}
	// A record that does not read back, or that lists no output, is a miss.
	records, _ := filepath.Glob(filepath.Join(cacheDir, "*.json"))
	for _, r := range records {
		os.WriteFile(r, []byte(`{"key": "`), 0o644)
	}
	if len(records) == 0 {
		t.Fatal("no cache record")
	}
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("after a malformed record: exit %d, want a whole run\n%s", code, stderr)
	}
	os.WriteFile(widgets, []byte(strings.Replace(string(want), "description: ", "description: edited ", 1)), 0o644)
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("after editing an output: exit %d\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(widgets); string(got) != string(want) {
		t.Error("the edited output was not rewritten")
	}
	os.Remove(widgets)
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("after deleting an output: exit %d\n%s", code, stderr)
	}
	os.WriteFile(filepath.Join(dir, "api/v1/types.go"), []byte(strings.Replace(types, "Maximum=10", "Maximum=11", 1)), 0o644)
	if code, stderr := gen(); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("after editing an input: exit %d\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(widgets); !strings.Contains(string(got), "maximum: 11") {
		t.Error("the edited input did not reach the output")
	}
	if code, stderr := gen("--no-cache"); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("--no-cache: exit %d\n%s", code, stderr)
	}
}

// TestEveryCommandHasTheRerunCache checks that cost, diff and conversion
// have the rerun cache too: a no-change rerun prints what the first run
// printed (the report) without doing the work, and what the outputs depend
// on besides the packages (the previous CRDs diff compares with) is
// checked like an output.
func TestEveryCommandHasTheRerunCache(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	cacheDir := t.TempDir()
	run := func(args ...string) (int, string, string) {
		t.Helper()
		a, stdout, stderr := testApp(dir)
		a.CacheDir = cacheDir
		code := a.main(append(append(args[:1:1], "-v"), append(args[1:], "./api/...")...))
		return code, stdout.String(), stderr.String()
	}
	const cached = "nothing changed since the last run"
	previous := filepath.Join(dir, "previous")
	if code, _, stderr := run("crd", "-o", previous); code != exitOK {
		t.Fatalf("crd: exit %d\n%s", code, stderr)
	}
	for _, args := range [][]string{
		{"cost", "--format", "markdown"},
		{"diff", "--against", previous},
		{"conversion", "--report", "json"},
	} {
		code1, out1, stderr1 := run(args...)
		code2, out2, stderr2 := run(args...)
		switch {
		case code1 != exitOK || strings.Contains(stderr1, cached):
			t.Errorf("%v: first run: exit %d\n%s", args, code1, stderr1)
		case code2 != exitOK || !strings.Contains(stderr2, cached):
			t.Errorf("%v: rerun: exit %d, want the cached run\n%s", args, code2, stderr2)
		case out1 != out2:
			t.Errorf("%v: the rerun printed\n%s\nthe first run\n%s", args, out2, out1)
		}
	}
	// diff's previous CRDs are an input: changing one is a whole run.
	widgets := filepath.Join(previous, "shop.example.com_widgets.yaml")
	data, _ := os.ReadFile(widgets)
	os.WriteFile(widgets, []byte(strings.Replace(string(data), "maximum: 10", "maximum: 5", 1)), 0o644)
	if code, out, stderr := run("diff", "--against", previous); code != exitOK || strings.Contains(stderr, cached) || !strings.Contains(out, "maximum") {
		t.Errorf("diff after a previous CRD changed: exit %d, want a whole run that reports the bound\n%s%s", code, stderr, out)
	}
	os.WriteFile(filepath.Join(previous, "extra.yaml"), []byte("kind: ConfigMap\n"), 0o644)
	if code, _, stderr := run("diff", "--against", previous); code != exitOK || strings.Contains(stderr, cached) {
		t.Errorf("diff after a file appeared among the previous CRDs: exit %d, want a whole run\n%s", code, stderr)
	}
}
