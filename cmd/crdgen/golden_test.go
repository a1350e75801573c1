package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/internal/safefile"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cache"
	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
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
func testApp(dir string) (*invocation, *bytes.Buffer, *bytes.Buffer) {
	var stdout, stderr bytes.Buffer
	env := &app.Env{Ctx: context.Background(), Dir: dir, Version: goldenVersion, CacheDir: "off"}
	return &invocation{Env: env, stdout: &stdout, stderr: &stderr}, &stdout, &stderr
}

// TestGolden runs the commands of every testdata/<case>/commands.txt
// (testdata/README.md) on ./testdata/<case>/... and compares what they
// make with testdata/<case>/want. The commands of a case share one load
// and one pipeline run (app.shared), as crdgen would have run them one by
// one on the same packages.
func TestGolden(t *testing.T) {
	root := repoRoot(t)
	cases, err := filepath.Glob(filepath.Join(root, "testdata", "*", "commands.txt"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases under testdata: %v", err)
	}
	wants, _ := filepath.Glob(filepath.Join(root, "testdata", "*", "want"))
	if len(wants) != len(cases) {
		t.Errorf("%d cases have a want directory, %d a commands.txt: each case needs both", len(wants), len(cases))
	}
	for _, file := range cases {
		dir := filepath.Dir(file)
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			commands := readCommands(t, file, name)
			s := shareCase(t, root, name, commands)
			defer func() {
				for _, sr := range s.results {
					sr.Result.Close()
				}
			}()
			got := map[string][]byte{}
			for _, args := range commands {
				for file, data := range runGolden(t, root, s, args) {
					got[file] = data
				}
			}
			golden.CheckDir(t, filepath.Join(dir, "want"), got)
		})
	}
}

// TestEveryCaseIsExplained checks that testdata/README.md names every
// case.
func TestEveryCaseIsExplained(t *testing.T) {
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "testdata", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob(filepath.Join(root, "testdata", "*", "commands.txt"))
	for _, c := range cases {
		if name := filepath.Base(filepath.Dir(c)); !strings.Contains(string(readme), "`"+name+"`") {
			t.Errorf("testdata/README.md does not list the case %s", name)
		}
	}
}

// readCommands reads a case's commands, one per line ($CASE is the case's
// directory, testdata/<case>), each run on ./testdata/<case>/....
func readCommands(t *testing.T, file, name string) [][]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		args := strings.Fields(strings.ReplaceAll(line, "$CASE", "testdata/"+name))
		if packageCommand(args[0]) == nil {
			t.Fatalf("%s: %q is not a package command", file, args[0])
		}
		pattern := "./testdata/" + name + "/..."
		if packageCommand(args[0]).Paths {
			// Its arguments are paths: the packages are a flag.
			out = append(out, slices.Insert(args, 1, "--packages", pattern))
			continue
		}
		out = append(out, append(args, pattern))
	}
	if len(out) == 0 {
		t.Fatalf("%s runs no command", file)
	}
	return out
}

// shareCase loads a case's packages once and, if a command builds CRDs,
// runs the pipeline once, with the flags of the first such command (or of
// the first command), asking for what every command of the case needs: the
// cost analysis of every rule for cost, the CRD objects for diff.
func shareCase(t *testing.T, root, name string, commands [][]string) *shared {
	t.Helper()
	args := commands[0]
	for _, c := range commands {
		if packageCommand(c[0]).Builds {
			args = c
			break
		}
	}
	a, _, _ := testApp(root)
	c := packageCommand(args[0])
	s := &shared{}
	s.configFile, s.setsDir = caseConfig(t, filepath.Join(root, "testdata", name))
	var cfg *config.Config
	if s.configFile != "" {
		a.ConfigFile = s.configFile
		var err error
		if cfg, err = a.FindConfig(safefile.OS{}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := app.NewRequest(a.Env, c, cfg, config.LayoutOf(cfg, "", safefile.OS{}), &cache.Inputs{})
	if err != nil {
		t.Fatal(err)
	}
	patterns, err := r.FS.ParseArgs(args[1:])
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	s.openshift = r.OpenShift != nil
	if c.Paths {
		patterns = r.Packages
	}
	r.Patterns = patterns
	// crdgen size reports CRDs over a limit rather than stopping at them.
	r.CRD.Size.Report = args[0] == "size"
	for _, c := range commands {
		r.CostReport = r.CostReport || c[0] == "cost"
		r.KeepObjects = r.KeepObjects || c[0] == "diff" || c[0] == "test" || c[0] == "size" || c[0] == "validate"
	}
	listing, err := parser.List(a.Ctx, r.Patterns, parser.Options{Dir: a.Dir, BuildTags: r.Tags})
	if err != nil {
		t.Fatal(err)
	}
	s.loadKey, s.crdKey = loadKey(r), crdKey(r)
	s.mod, s.loadDiags, err = app.LoadListing(r, listing, nil)
	if err != nil || s.mod == nil {
		t.Fatalf("loading %s: %v %v", name, err, s.loadDiags)
	}
	if c.Builds {
		b, err := app.BuildNow(&app.Load{Request: r, Model: s.mod, Diags: slices.Clone(s.loadDiags)})
		if err != nil {
			t.Fatal(err)
		}
		s.results, s.diags = b.Results, b.Diags
	}
	return s
}

// caseConfig makes a case's crdgen.yaml, if it has one, usable by the
// harness: a copy in a temporary directory whose feature sets write to
// <dir>/<set name>. It returns the copy and that directory.
func caseConfig(t *testing.T, caseDir string) (string, string) {
	data, err := os.ReadFile(filepath.Join(caseDir, config.Name))
	if os.IsNotExist(err) {
		return "", ""
	}
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	sets, _ := raw["featureSets"].(map[string]any)
	for name, v := range sets {
		if set, ok := v.(map[string]any); ok {
			set["outputDir"] = name
		}
	}
	if os, ok := raw["openshift"].(map[string]any); ok {
		// openshift's manifests go in place, in the case's packages.
		os["featureGates"] = filepath.Join(caseDir, os["featureGates"].(string))
	}
	data, err = yaml.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, config.Name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, dir
}

// goldenRun is one command of a case as the harness ran it.
type goldenRun struct {
	args           []string
	code           int
	stdout, stderr *bytes.Buffer
	// hasError says the diagnostics hold an error.
	hasError bool
	// out is where the command wrote files ("" for nowhere the harness
	// reads), written how many.
	out     string
	written int
}

// goldenCommand is how the harness runs one command of a case and what it
// keeps of it, by golden file name; a new command is one row of
// goldenCommands.
type goldenCommand struct {
	// prepare adds what the command needs to run in the harness (an output
	// directory, --check) and returns where it writes files ("": none kept).
	prepare func(t *testing.T, s *shared, args []string) ([]string, string)
	// format is the flag whose value names the golden file of standard
	// output (def when absent), by stdout; none when stdout is not kept.
	// keepEmpty keeps an empty standard output too.
	format, def string
	stdout      map[string]string
	keepEmpty   bool
	// stderr is the golden file of the diagnostics (kept when not empty).
	stderr string
	// check holds the exit code to what the run printed.
	check func(t *testing.T, root string, g goldenRun)
}

// TestExampleIsUpToDate checks that the README's example output, committed
// under examples/config/crd/bases and examples/docs, is what crdgen writes
// today.
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
	a.Version = buildVersion()
	if code := a.main(args); code != exitOK {
		t.Fatalf("crdgen %s: exit %d\n%s%s", strings.Join(args, " "), code, stderr, stdout)
	}
	// The example is the first thing a newcomer runs: a warning about
	// crdgen's own example would be the first thing they read.
	if stderr.Len() > 0 {
		t.Errorf("crdgen %s printed diagnostics about the README's own example:\n%s", strings.Join(args, " "), stderr)
	}
	// The README's second command: crdgen generate in examples/, with
	// examples/crdgen.yaml, writes the same CRD and the API reference in
	// examples/docs.
	if !strings.Contains(string(readme), exampleGenerate) {
		t.Fatalf("README.md does not have the command %q", exampleGenerate)
	}
	a, stdout, stderr = testApp(filepath.Join(root, "examples"))
	if code := a.main([]string{"generate", "--check"}); code != exitOK {
		t.Fatalf("%s --check: exit %d\n%s%s", exampleGenerate, code, stderr, stdout)
	}
	if stderr.Len() > 0 {
		t.Errorf("%s printed diagnostics about the README's own example:\n%s", exampleGenerate, stderr)
	}
}

// exampleGenerate is the README's command that writes the example's CRD
// and API reference.
const exampleGenerate = "(cd examples && go run ../cmd/crdgen generate)"

// shared is a load, and a pipeline run, that several commands share: the
// golden tests run every command of a case on one (testdata/README.md). A
// command given one skips the list, the cache, the load and the pipeline;
// its flags must ask for the same packages and the same CRDs.
type shared struct {
	// loadKey and crdKey are the flags of the load and of the CRDs.
	loadKey, crdKey string
	mod             *model.Model
	// loadDiags are the load's diagnostics, diags the pipeline's.
	loadDiags, diags markers.ErrorList
	results          pipeline.SetResults
	// configFile and setsDir, for a case with a crdgen.yaml, are the
	// harness's copy of it and where its feature sets write; openshift
	// says it has an openshift section (its manifests are in place).
	configFile, setsDir string
	openshift           bool
}

// loadKey and crdKey identify what the flags ask to load and to build.
func loadKey(r *app.Request) string {
	return fmt.Sprintf("%q %q %s", r.Patterns, r.Tags, r.UnknownMarkers.Value)
}

func crdKey(r *app.Request) string { return fmt.Sprintf("%+v", r.CRD) }

// mainShared runs a command as main does, on the shared load and pipeline
// run instead of its own list, load and pipeline.
func mainShared(a *invocation, s *shared, args []string) int {
	a.Writer.Rel = a.Rel
	r, res := app.Prepare(a.Env, packageCommand(args[0]), args[1:])
	if res != nil {
		return a.print(res)
	}
	if loadKey(r) != s.loadKey || r.Cmd.Builds && crdKey(r) != s.crdKey {
		err := fmt.Errorf("the commands that share a load must ask for the same packages and CRDs: %s %s, not %s %s", loadKey(r), crdKey(r), s.loadKey, s.crdKey)
		return a.print(&app.Result{Code: exitFail, Err: err})
	}
	l := &app.Load{Request: r, Model: s.mod, Diags: slices.Clone(s.loadDiags)}
	var results pipeline.SetResults
	if r.Cmd.Builds {
		results, l.Diags = s.results, slices.Clone(s.diags)
	}
	return a.print(app.BuildWith(l, results).Finish())
}
