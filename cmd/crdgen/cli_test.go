package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cache"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
)

// TestCRDsToStdout checks -o -: the CRDs, in file name order, as one YAML
// stream on standard output, byte for byte the files -o DIR writes, and
// nothing on disk.
func TestCRDsToStdout(t *testing.T) {
	root := repoRoot(t)
	patterns := []string{"./testdata/well_known_types/...", "./testdata/printer_columns_and_selectable_fields/..."}
	a, stdout, stderr := testApp(root)
	if code := a.main(append([]string{"crd", "-o", "-"}, patterns...)); code != exitOK {
		t.Fatalf("crd -o -: exit %d\n%s", code, stderr)
	}
	var want []byte
	for _, f := range []string{"printer_columns_and_selectable_fields/want/batch.example.com_jobs.yaml", "well_known_types/want/special.example.com_gadgets.yaml"} {
		data, err := os.ReadFile(filepath.Join(root, "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, data...)
	}
	if got := stdout.String(); got != string(want) {
		t.Errorf("crd -o - printed %d bytes, want the two golden files (%d bytes) in name order", len(got), len(want))
	}
	if _, err := os.Stat(filepath.Join(root, "-")); err == nil {
		t.Errorf("crd -o - made a directory named -")
	}
}

// TestSpoolIsAlwaysRemoved runs every command that builds CRDs with a
// memory budget so small that every CRD is spooled to disk, and checks
// that nothing is left in the temporary directory, whatever the command
// and however it ends (generate and cost used to leave their spool).
func TestSpoolIsAlwaysRemoved(t *testing.T) {
	root := repoRoot(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	pkgs := "./testdata/well_known_types/..."
	for _, args := range [][]string{
		{"crd", "-o", t.TempDir(), pkgs},
		{"crd", "-o", "-", pkgs},
		{"generate", "-o", t.TempDir(), "--cost-report", filepath.Join(t.TempDir(), "cost.md"), pkgs},
		{"cost", pkgs},
		{"diff", "--against", t.TempDir(), pkgs},
		{"crd", "-o", t.TempDir(), "./testdata/broken_package_reports_every_error/..."},
		{"cost", "./testdata/cel_rules_that_do_not_compile/..."},
	} {
		a, _, stderr := testApp(root)
		a.MemoryBudget = 1
		code := a.main(args)
		if code == exitUsage {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		entries, _ := os.ReadDir(tmp)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "crdgen-spool-") {
				t.Errorf("%v (exit %d) left %s behind", args, code, e.Name())
				os.RemoveAll(filepath.Join(tmp, e.Name()))
			}
		}
	}
}

// TestSuppress checks --suppress and crdgen.yaml's suppress: warnings of
// the named codes are not printed, errors are, and a misspelt code is a
// mistake with a did-you-mean.
func TestSuppress(t *testing.T) {
	root := repoRoot(t)
	run := func(args ...string) (int, string) {
		t.Helper()
		a, _, stderr := testApp(root)
		code := a.main(append(append([]string{"crd", "-o", t.TempDir()}, args...), "./testdata/unknown_markers_warn_for_migrations/..."))
		return code, stderr.String()
	}
	code, stderr := run("--unknown-markers=warn", "--suppress", "unknown-marker")
	if code != exitOK || strings.Contains(stderr, "unknown marker") || !strings.Contains(stderr, "is a type marker and has no effect on a field") {
		t.Errorf("--suppress unknown-marker: exit %d, want only the other warnings:\n%s", code, stderr)
	}
	if code, stderr := run("--unknown-markers=warn", "--suppress", "unknown-marker,marker-target", "--format", "json"); code != exitOK || stderr != "{\n  \"diagnostics\": [],\n  \"errors\": 0,\n  \"warnings\": 0\n}\n" {
		t.Errorf("--suppress of every code present: exit %d, want an empty JSON array and zero counts:\n%s", code, stderr)
	}
	// Errors are not suppressed.
	if code, stderr := run("--suppress", "unknown-marker"); code != exitFail || !strings.Contains(stderr, "unknown marker +kubebuilder:validation:Maximun") {
		t.Errorf("--suppress on errors: exit %d, want the errors\n%s", code, stderr)
	}
	if code, stderr := run("--suppress", "unknown-markers"); code != exitUsage || !strings.Contains(stderr, `no diagnostic code "unknown-markers", did you mean "unknown-marker"`) {
		t.Errorf("--suppress with a misspelt code: exit %d\n%s", code, stderr)
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"crd"},
		{"crd", "--no-such-flag", "./x/..."},
		{"crd", "--unknown-markers=loud", "./x/..."},
		{"crd", "--max-description-length=-1", "./x/..."},
		{"crd", "--kube-version=1.12", "./x/..."},
		{"cost", "--kube-version=latest", "./x/..."},
		{"cost", "--format=yaml", "./x/..."},
		{"cost", "--fail-above=lots", "./x/..."},
		{"crd", "-o", "-", "--check", "./x/..."},
		{"generate", "-o", "-", "./x/..."},
		{"generate", "paths=./x/..."},
	} {
		a, _, stderr := testApp(repoRoot(t))
		if code := a.main(args); code != exitUsage {
			t.Errorf("crdgen %s: exit %d, want %d\n%s", strings.Join(args, " "), code, exitUsage, stderr)
		}
	}
}

// TestFlagsOfGeneratorsNotAskedFor checks that a flag only generators
// not asked for read is a usage error that names the generators to add
// (--role-name without rbac used to be ignored, and no role written),
// while the same flag with its generator, or the default of a layout or
// crdgen.yaml, is not.
func TestFlagsOfGeneratorsNotAskedFor(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--role-name", "manager-role"}, "--role-name changes nothing with --generators crd,conversion: the rbac generator reads it; add rbac to --generators, or leave the flag out"},
		{[]string{"--generators", "object", "--allow-dangerous-types"}, "--allow-dangerous-types changes nothing with --generators object: the crd generator reads it; add crd to --generators"},
		{[]string{"--generators", "rbac,webhook", "--role-name", "r", "-o", "config/crd"}, "--output-dir changes nothing with --generators rbac,webhook: the crd generator reads it"},
		{[]string{"--generators", "crd", "--header-file", "hack/boilerplate.go.txt"}, "--header-file changes nothing with --generators crd: the object and applyconfiguration generators read it; add object or applyconfiguration to --generators"},
		{[]string{"--generators", "crd", "--webhook-dir", "x"}, "the webhook generator reads it"},
		{[]string{"--generators", "object", "--conversion-style", "functions"}, "the conversion generator reads it"},
		{[]string{"--generators", "object", "--cost-report", "-"}, "--cost-report changes nothing with --generators object"},
	}
	for _, tc := range tests {
		a, _, stderr := testApp(repoRoot(t))
		if code := a.main(append(append([]string{"generate"}, tc.args...), "./x/...")); code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("generate %s: exit %d, want %d and %q in\n%s", strings.Join(tc.args, " "), code, exitUsage, tc.want, stderr)
		}
	}
	for _, args := range [][]string{
		{"--generators", "rbac", "--role-name", "r", "--year", "2026"},
		{"--generators", "object", "--header-file", "hack/boilerplate.go.txt"},
		{"--generators", "crd", "-o", "out", "--allow-dangerous-types"},
	} {
		a, _, stderr := testApp(t.TempDir())
		if code := a.main(append(append([]string{"generate"}, args...), "./x/...")); code == exitUsage {
			t.Errorf("generate %s: a usage error\n%s", strings.Join(args, " "), stderr)
		}
	}
}

func TestVersion(t *testing.T) {
	a, stdout, _ := testApp(repoRoot(t))
	if code := a.main([]string{"version"}); code != exitOK || stdout.String() != "crdgen "+goldenVersion+"\n" {
		t.Errorf("crdgen version: exit %d, output %q", code, stdout)
	}
}

// TestCheckReportsDriftAndStaleFiles edits an API type after generating, and
// checks that --check fails with a diff, that regenerating fixes it, that a
// CRD whose kind was deleted is stale, and that unchanged files are not
// rewritten.
func TestCheckReportsDriftAndStaleFiles(t *testing.T) {
	root := repoRoot(t)
	out := t.TempDir()
	gen := func(extra ...string) (int, string, string) {
		a, stdout, stderr := testApp(root)
		args := append([]string{"crd", "-o", out}, extra...)
		args = append(args, "./testdata/printer_columns_and_selectable_fields/...")
		code := a.main(args)
		return code, stdout.String(), stderr.String()
	}
	if code, _, stderr := gen(); code != exitOK {
		t.Fatalf("first generation: exit %d\n%s", code, stderr)
	}
	if code, stdout, stderr := gen("--check"); code != exitOK || stdout != "" || stderr != "" {
		t.Fatalf("--check right after generating: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}

	crd := filepath.Join(out, "batch.example.com_jobs.yaml")
	before, _ := os.Stat(crd)
	edited, _ := os.ReadFile(crd)
	os.WriteFile(crd, []byte(strings.Replace(string(edited), "name: Queue", "name: Q", 1)), 0o644)
	stale := filepath.Join(out, "batch.example.com_oldjobs.yaml")
	os.WriteFile(stale, []byte("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: batch.example.com\n  names:\n    plural: oldjobs\n"), 0o644)
	kustomization := filepath.Join(out, "kustomization.yaml")
	os.WriteFile(kustomization, []byte("resources: []\n"), 0o644)

	code, stdout, stderr := gen("--check")
	if code != exitFail {
		t.Fatalf("--check after edits: exit %d, want %d", code, exitFail)
	}
	for _, want := range []string{"-      name: Q\n", "+      name: Queue\n", "--- a/", "+++ b/", "-kind: CustomResourceDefinition\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("--check diff lacks %q:\n%s", want, stdout)
		}
	}
	for _, want := range []string{"batch.example.com_jobs.yaml:20: error: out of date from this line on; run \"crdgen crd -o ", "batch.example.com_oldjobs.yaml:1: error: stale: no kind produces it any more; run \"crdgen crd -o "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("--check report lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "kustomization") {
		t.Errorf("--check reported a file crdgen does not own:\n%s", stderr)
	}

	// For CI, the findings come in the chosen format, with a code: one
	// JSON document with the counts, or workflow commands on the file's
	// changed line.
	_, _, stderr = gen("--check", "--format", "json")
	var report struct {
		Diagnostics []struct {
			File     string `json:"file"`
			Line     int    `json:"line"`
			Severity string `json:"severity"`
			Code     string `json:"code"`
		}
		Errors, Warnings int
	}
	if err := json.Unmarshal([]byte(stderr), &report); err != nil {
		t.Fatalf("--check --format json: stderr is not one JSON document: %v\n%s", err, stderr)
	}
	if report.Errors != 2 || report.Warnings != 0 {
		t.Errorf("--check --format json: the counts: %+v\n%s", report, stderr)
	}
	var codes []string
	for _, d := range report.Diagnostics {
		codes = append(codes, fmt.Sprintf("%s:%d %s %s", filepath.Base(d.File), d.Line, d.Severity, d.Code))
	}
	if want := []string{"batch.example.com_jobs.yaml:20 error stale", "batch.example.com_oldjobs.yaml:1 error stale"}; !slices.Equal(codes, want) {
		t.Errorf("--check --format json: got %q, want %q", codes, want)
	}
	_, _, stderr = gen("--check", "--format", "github")
	if want := "batch.example.com_jobs.yaml,line=20,title=crdgen stale::out of date from this line on; run \"crdgen crd -o "; !strings.Contains(stderr, want) || !strings.HasPrefix(stderr, "::error file=") {
		t.Errorf("--check --format github lacks %q:\n%s", want, stderr)
	}

	time.Sleep(10 * time.Millisecond)
	if code, _, stderr := gen(); code != exitOK {
		t.Fatalf("regenerating: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale CRD file was not removed")
	}
	if _, err := os.Stat(kustomization); err != nil {
		t.Errorf("a file crdgen does not own was touched: %v", err)
	}
	if code, _, _ := gen("--check"); code != exitOK {
		t.Errorf("--check after regenerating: exit %d", code)
	}
	after, _ := os.Stat(crd)
	if !after.ModTime().After(before.ModTime()) {
		t.Errorf("the edited file was not rewritten")
	}
	again, _ := os.Stat(crd)
	if code, _, _ := gen(); code != exitOK {
		t.Fatal("third generation failed")
	}
	if third, _ := os.Stat(crd); !third.ModTime().Equal(again.ModTime()) {
		t.Errorf("an unchanged file was rewritten")
	}
}

// TestOutputDoesNotDependOnParallelism generates the same packages with one
// and with several threads and compares every byte.
func TestOutputDoesNotDependOnParallelism(t *testing.T) {
	root := repoRoot(t)
	run := func(procs int) map[string]string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		out := t.TempDir()
		a, _, stderr := testApp(root)
		if code := a.main([]string{"crd", "-o", out, "./testdata/three_versions_storage_and_deprecated/...", "./testdata/well_known_types/...", "./testdata/go_shapes/..."}); code != exitOK {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		files := map[string]string{}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			data, _ := os.ReadFile(filepath.Join(out, e.Name()))
			files[e.Name()] = string(data)
		}
		return files
	}
	one, many := run(1), run(4)
	if len(one) != 3 {
		t.Fatalf("got %d files, want 3", len(one))
	}
	for name, data := range one {
		if many[name] != data {
			t.Errorf("%s differs between GOMAXPROCS=1 and 4", name)
		}
	}
}

// TestErrorsWriteNothing runs a broken package into a directory that already
// holds a CRD, and checks that the directory is left as it was.
func TestErrorsWriteNothing(t *testing.T) {
	root := repoRoot(t)
	out := t.TempDir()
	existing := filepath.Join(out, "broken.example.com_brokens.yaml")
	os.WriteFile(existing, []byte("old\n"), 0o644)
	a, _, stderr := testApp(root)
	if code := a.main([]string{"crd", "-o", out, "./testdata/broken_package_reports_every_error/..."}); code != exitFail {
		t.Fatalf("exit %d, want %d\n%s", code, exitFail, stderr)
	}
	entries, _ := os.ReadDir(out)
	data, _ := os.ReadFile(existing)
	if len(entries) != 1 || string(data) != "old\n" {
		t.Errorf("the output directory changed although the run failed")
	}
}

// TestCostExitCodes checks --fail-above and that over-budget rules always
// fail, while the report is still printed.
func TestCostExitCodes(t *testing.T) {
	root := repoRoot(t)
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"cost", "./testdata/k8s_tags_and_one_of_markers/..."}, exitOK},
		{[]string{"cost", "--fail-above=50", "./testdata/k8s_tags_and_one_of_markers/..."}, exitOK},
		{[]string{"cost", "--fail-above=1", "./testdata/k8s_tags_and_one_of_markers/..."}, exitFail},
		{[]string{"cost", "./testdata/cel_rules_over_budget_with_fixes/..."}, exitFail},
		{[]string{"cost", "--kube-version=1.30", "./testdata/crontab_every_validation_marker/..."}, exitOK},
	} {
		a, stdout, stderr := testApp(root)
		if code := a.main(c.args); code != c.want {
			t.Errorf("crdgen %s: exit %d, want %d\n%s", strings.Join(c.args, " "), code, c.want, stderr)
		}
		if !strings.Contains(stdout.String(), "CEL cost report for Kubernetes") {
			t.Errorf("crdgen %s printed no report:\n%s", strings.Join(c.args, " "), stdout)
		}
	}
}

// TestSuppressFlagWinsOverConfig checks that crdgen.yaml's suppress list
// applies, and that --suppress on the command line replaces it.
func TestSuppressFlagWinsOverConfig(t *testing.T) {
	cfg := &config.Config{Suppress: []string{"marker-ignored"}}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "marker-ignored"},
		{[]string{"--suppress", "lint", "--suppress", "cel-cost,lint"}, "lint,cel-cost"},
	} {
		a, _, _ := testApp(t.TempDir())
		r, err := app.NewRequest(a.Env, crdCommand(), cfg, config.LayoutOf(cfg, "", safefile.OS{}), &cache.Inputs{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.FS.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if got := r.Suppress.String(); got != tc.want {
			t.Errorf("%q: suppressed %q, want %q", tc.args, got, tc.want)
		}
	}
}
