package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/celcost"
)

// goldenVersion is the version stamped on golden CRDs.
const goldenVersion = "v0.0.0-golden"

// repoRoot is the module root, where testdata lives.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// testApp runs crdgen in dir with a pinned version and captured output.
func testApp(dir string) (*app, *bytes.Buffer, *bytes.Buffer) {
	var stdout, stderr bytes.Buffer
	return &app{ctx: context.Background(), stdout: &stdout, stderr: &stderr, dir: dir, version: goldenVersion, cacheDir: "off"}, &stdout, &stderr
}

// TestGolden runs "crdgen crd" on every testdata/<case> and compares the
// whole output directory, plus the diagnostics as stderr.txt and the CEL
// cost reports as cost.txt, cost.json and cost.md, with testdata/<case>/want.
// A case may hold an "args" file with extra flags for crd. When crdgen
// reports an error, it must write nothing and exit 1.
func TestGolden(t *testing.T) {
	root := repoRoot(t)
	cases, err := filepath.Glob(filepath.Join(root, "testdata", "*", "want"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases under testdata: %v", err)
	}
	for _, want := range cases {
		dir := filepath.Dir(want)
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			args := []string{"crd", "-o", out}
			if extra, err := os.ReadFile(filepath.Join(dir, "args")); err == nil {
				args = append(args, strings.Fields(string(extra))...)
			}
			args = append(args, "./testdata/"+name+"/...")
			a, _, stderr := testApp(root)
			code := a.main(args)

			got := map[string][]byte{}
			entries, _ := os.ReadDir(out)
			for _, e := range entries {
				data, err := os.ReadFile(filepath.Join(out, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				got[e.Name()] = data
			}
			if stderr.Len() > 0 {
				got["stderr.txt"] = stderr.Bytes()
			}
			hasError := strings.Contains(stderr.String(), ": ") && hasErrorLine(stderr.String())
			switch {
			case hasError && code != exitFail:
				t.Errorf("exit code %d with errors reported, want %d", code, exitFail)
			case !hasError && code != exitOK:
				t.Errorf("exit code %d without errors, want %d\n%s", code, exitOK, stderr)
			case hasError && len(entries) > 0:
				t.Errorf("crdgen wrote %d files although it reported errors", len(entries))
			}
			for file, report := range costReports(t, root, name) {
				got[file] = report
			}
			if _, err := os.Stat(filepath.Join(dir, "before")); err == nil {
				for file, data := range diffOutputs(t, root, name) {
					got[file] = data
				}
			}
			if strings.HasPrefix(name, "conversion_") {
				for file, data := range conversionGoldens(t, root, name) {
					got[file] = data
				}
			}
			golden.CheckDir(t, want, got)
		})
	}
}

// costReports runs "crdgen cost" in each format on a case and returns the
// reports as cost.txt, cost.json and cost.md; none when the case has no
// CEL rule or its CRDs cannot be built.
func costReports(t *testing.T, root, name string) map[string][]byte {
	reports := map[string][]byte{}
	for _, f := range []struct{ format, file string }{{"text", "cost.txt"}, {"json", "cost.json"}, {"markdown", "cost.md"}} {
		a, stdout, _ := testApp(root)
		a.main([]string{"cost", "--format", f.format, "./testdata/" + name + "/..."})
		reports[f.file] = stdout.Bytes()
	}
	var report celcost.Report
	if err := json.Unmarshal(reports["cost.json"], &report); err != nil {
		return nil
	}
	for _, c := range report.CRDs {
		for _, s := range c.Schemas {
			if len(s.Rules) > 0 {
				return reports
			}
		}
	}
	return nil
}

// conversionGoldens runs "crdgen conversion --check --report json" on a
// case (without --check under -update, so that the generated Go files in the
// case's packages are rewritten) and returns the report as conversion.json
// and the diagnostics as conversion-stderr.txt. The generated files are
// goldens in place: --check fails when one differs.
func conversionGoldens(t *testing.T, root, name string) map[string][]byte {
	t.Helper()
	args := []string{"conversion", "--report", "json"}
	if !golden.Updating() {
		args = append(args, "--check")
	}
	a, stdout, stderr := testApp(root)
	code := a.main(append(args, "./testdata/"+name+"/..."))
	hasError := hasErrorLine(stderr.String())
	switch {
	case hasError && code != exitFail:
		t.Errorf("conversion: exit code %d with errors reported, want %d", code, exitFail)
	case !hasError && code != exitOK:
		t.Errorf("conversion: exit code %d: generated files are stale (go test ./cmd/crdgen -update rewrites them)\n%s%s", code, stderr, stdout)
	}
	if hasError {
		generated, _ := filepath.Glob(filepath.Join(root, "testdata", name, "*", "zz_generated.conversion*.go"))
		if len(generated) > 0 {
			t.Errorf("conversion reported errors, but the case has generated files %v", generated)
		}
	}
	out := map[string][]byte{}
	if stdout.Len() > 0 {
		out["conversion.json"] = stdout.Bytes()
	}
	if stderr.Len() > 0 {
		out["conversion-stderr.txt"] = stderr.Bytes()
	}
	return out
}

// diffOutputs runs "crdgen diff --against testdata/<case>/before" in each
// format and returns the reports as diff.txt, diff.json, diff.md and
// diff-github.txt; the exit code must be 1 exactly when a breaking change
// is reported.
func diffOutputs(t *testing.T, root, name string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, f := range []struct{ format, file string }{{"text", "diff.txt"}, {"json", "diff.json"}, {"markdown", "diff.md"}, {"github", "diff-github.txt"}} {
		a, stdout, stderr := testApp(root)
		code := a.main([]string{"diff", "--format", f.format, "--against", "testdata/" + name + "/before", "./testdata/" + name + "/..."})
		breaking := regexp.MustCompile(`(?m)^breaking `).MatchString(stdout.String())
		if f.format == "text" && breaking != (code == exitFail) {
			t.Errorf("diff: exit %d, breaking changes reported: %v\n%s", code, breaking, stderr)
		}
		out[f.file] = stdout.Bytes()
		if stderr.Len() > 0 {
			out["diff-stderr.txt"] = stderr.Bytes()
		}
	}
	return out
}

// hasErrorLine reports whether diagnostics hold an error (not only warnings).
func hasErrorLine(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "\t") {
			continue
		}
		if !strings.Contains(line, ": warning: ") {
			return true
		}
	}
	return false
}

// TestExampleIsUpToDate checks that the README's example output, committed
// under examples/config/crd/bases, is what crdgen writes today.
func TestExampleIsUpToDate(t *testing.T) {
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The README's command, with --check.
	var args []string
	for line := range strings.Lines(string(readme)) {
		if rest, ok := strings.CutPrefix(line, "go run ./cmd/crdgen "); ok {
			args = strings.Fields(rest)
			break
		}
	}
	if len(args) < 2 || !strings.Contains(strings.Join(args, " "), "./examples/api/...") {
		t.Fatalf("README.md has no \"go run ./cmd/crdgen\" command on ./examples/api/...: %q", args)
	}
	args = slices.Insert(args, 1, "--check")
	a, stdout, stderr := testApp(root)
	a.version = buildVersion()
	if code := a.main(args); code != exitOK {
		t.Fatalf("crdgen %s: exit %d\n%s%s", strings.Join(args, " "), code, stderr, stdout)
	}
}
