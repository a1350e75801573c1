package main

// This file holds the golden harness's table of commands (a row per command
// a case may run: how its arguments are prepared, which files are its
// goldens, what its exit code must be) and running one command of a case.

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/internal/golden"
)

// goldenCommands are the commands a case may run (testdata/README.md).
func goldenCommands() map[string]goldenCommand {
	return map[string]goldenCommand{
		"crd": {
			prepare: func(t *testing.T, s *shared, args []string) ([]string, string) {
				if s.openshift {
					// openshift's layout writes in the case's packages: its
					// manifests are goldens in place, as conversion's files.
					if !golden.Updating() {
						args = slices.Insert(args, 1, "--check")
					}
					return args, ""
				}
				if s.setsDir != "" && len(s.results) > 0 && s.results[0].Set != nil {
					return args, s.setsDir // each feature set writes to s.setsDir/<set>
				}
				out := t.TempDir()
				return slices.Insert(args, 1, "-o", out), out
			},
			stderr: "stderr.txt",
			check: func(t *testing.T, _ string, g goldenRun) {
				if g.hasError && g.written > 0 {
					t.Errorf("crdgen wrote %d files although it reported errors", g.written)
				}
				if !g.hasError && g.code != exitOK {
					t.Errorf("%v: exit code %d without errors\n%s", g.args, g.code, g.stderr)
				}
			},
		},
		"cost": {
			format: "format", def: "text", keepEmpty: true,
			stdout: map[string]string{"text": "cost.txt", "json": "cost.json", "markdown": "cost.md"},
		},
		"size": {
			format: "format", def: "text", keepEmpty: true,
			stdout: map[string]string{"text": "size.txt", "json": "size.json", "markdown": "size.md"},
			stderr: "size-stderr.txt",
		},
		"diff": {
			format: "format", def: "text", keepEmpty: true,
			stdout: map[string]string{"text": "diff.txt", "json": "diff.json", "markdown": "diff.md", "github": "diff-github.txt"},
			stderr: "diff-stderr.txt",
			check: func(t *testing.T, _ string, g goldenRun) {
				breaking := regexp.MustCompile(`(?m)^breaking `).MatchString(g.stdout.String())
				if flagValue(g.args, "format", "text") == "text" && breaking != (g.code == exitFail) {
					t.Errorf("diff: exit %d, breaking changes reported: %v\n%s", g.code, breaking, g.stderr)
				}
			},
		},
		"test": {
			format: "format", def: "text",
			stdout: map[string]string{"text": "test.txt", "json": "test.json", "github": "test-github.txt"},
			stderr: "test-stderr.txt",
			check: func(t *testing.T, _ string, g goldenRun) {
				failed := strings.Contains(g.stdout.String(), "FAIL")
				switch {
				case strings.Contains(g.stderr.String(), "test-suite") || g.hasError && g.code == exitUsage:
					if g.code != exitUsage {
						t.Errorf("test: exit %d for a malformed suite, want %d", g.code, exitUsage)
					}
				case failed != (g.code == exitFail):
					t.Errorf("test: exit %d, failures reported: %v\n%s", g.code, failed, g.stderr)
				}
			},
		},
		"validate": {
			format: "format", def: "text",
			stdout: map[string]string{"text": "validate.txt", "json": "validate.json", "github": "validate-github.txt"},
			stderr: "validate-stderr.txt",
			check: func(t *testing.T, _ string, g goldenRun) {
				failed := regexp.MustCompile(`(?m)^(::notice title=crdgen validate::)?FAIL: |"summary": "FAIL: `).MatchString(g.stdout.String())
				if failed != (g.code == exitFail) {
					t.Errorf("validate: exit %d, failures reported: %v\n%s", g.code, failed, g.stderr)
				}
			},
		},
		"jsonschema": {
			// The files go to want/jsonschema (want/jsonschema/<set> with
			// feature sets).
			prepare: func(t *testing.T, s *shared, args []string) ([]string, string) {
				out := t.TempDir()
				return slices.Insert(args, 1, "-o", filepath.Join(out, "jsonschema")), out
			},
			stderr: "jsonschema-stderr.txt",
		},
		"docs": {
			// The reference goes to want/docs/.
			prepare: func(t *testing.T, s *shared, args []string) ([]string, string) {
				out := t.TempDir()
				return slices.Insert(args, 1, "-o", filepath.Join(out, "docs")), out
			},
			stderr: "docs-stderr.txt",
		},
		"conversion": {
			// The generated Go files are goldens in place, in the case's
			// packages: --check compares them, -update rewrites them.
			prepare: func(t *testing.T, s *shared, args []string) ([]string, string) {
				if !golden.Updating() {
					args = slices.Insert(args, 1, "--check")
				}
				return args, ""
			},
			format: "report",
			stdout: map[string]string{"json": "conversion.json", "text": "conversion.txt"},
			stderr: "conversion-stderr.txt",
			check: func(t *testing.T, root string, g goldenRun) {
				if !g.hasError && g.code != exitOK {
					t.Errorf("conversion: exit code %d: generated files are stale (go test ./cmd/crdgen -update rewrites them)\n%s%s", g.code, g.stderr, g.stdout)
				}
				if g.hasError {
					generated, _ := filepath.Glob(filepath.Join(root, strings.TrimSuffix(g.args[len(g.args)-1], "/..."), "*", "zz_generated.conversion*.go"))
					if len(generated) > 0 {
						t.Errorf("conversion reported errors, but the case has generated files %v", generated)
					}
				}
			},
		},
	}
}

// runGolden runs one command of a case on the shared load and returns what
// it makes, by golden file name, as its row of goldenCommands says.
func runGolden(t *testing.T, root string, s *shared, args []string) map[string][]byte {
	t.Helper()
	gc, ok := goldenCommands()[args[0]]
	if !ok {
		t.Fatalf("%v: no golden command %q", args, args[0])
	}
	a, stdout, stderr := testApp(root)
	a.ConfigFile = s.configFile
	g := goldenRun{args: args, stdout: stdout, stderr: stderr}
	if gc.prepare != nil {
		g.args, g.out = gc.prepare(t, s, args)
	}
	g.code = mainShared(a, s, g.args)
	g.hasError = hasErrorLine(stderr.String())
	switch {
	case g.code == exitUsage && args[0] != "test":
		t.Fatalf("%v: exit %d\n%s", g.args, g.code, stderr)
	case g.hasError && g.code != exitFail && !(args[0] == "test" && g.code == exitUsage):
		t.Errorf("%v: exit code %d with errors reported, want %d", g.args, g.code, exitFail)
	}
	got := map[string][]byte{}
	if g.out != "" {
		filepath.WalkDir(g.out, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || path == s.configFile {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(g.out, path)
			got[filepath.ToSlash(rel)] = data
			g.written++
			return nil
		})
	}
	if gc.stdout != nil && (stdout.Len() > 0 || gc.keepEmpty) {
		got[gc.stdout[flagValue(g.args, gc.format, gc.def)]] = stdout.Bytes()
	}
	if gc.stderr != "" && stderr.Len() > 0 {
		got[gc.stderr] = stderr.Bytes()
	}
	if gc.check != nil {
		gc.check(t, root, g)
	}
	return got
}

// flagValue is the value of --name in args (--name V or --name=V), or def.
func flagValue(args []string, name, def string) string {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
		if a == "--"+name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return def
}

// countLine matches the line that ends the diagnostics, in each format.
var countLine = regexp.MustCompile(`^(::notice title=crdgen::)?[0-9]+ errors?, [0-9]+ warnings?$|^\{"errors": [0-9]+, "warnings": [0-9]+\}$`)

// hasErrorLine reports whether diagnostics hold an error (not only warnings).
func hasErrorLine(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "\t") || countLine.MatchString(line) {
			continue
		}
		if !strings.Contains(line, ": warning: ") {
			return true
		}
	}
	return false
}
