package main

// These tests hold crdgen to what it promises when the inputs are hostile
// or change behind its caches' back: a cached run gives what a run without
// caches gives, symbolic links are followed, files that are not regular
// never hang a run, feature sets cannot write over each other or outside
// where the user pointed, and a failed write leaves every file as it was.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// suiteOf is a suite of the shop module's widgets with cases cases, of
// which the last fails when fail is set.
func suiteOf(cases int, fail bool) string {
	var b strings.Builder
	b.WriteString("name: Widget\ncrdName: widgets.shop.example.com\ntests:\n  onCreate:\n")
	for i := range cases {
		size := 3
		if fail && i == cases-1 {
			size = 11 // over the maximum, and the case expects no error
		}
		fmt.Fprintf(&b, "  - name: case %d\n    initial: |\n      apiVersion: shop.example.com/v1\n      kind: Widget\n      spec: {size: %d}\n    expected: |\n      apiVersion: shop.example.com/v1\n      kind: Widget\n      spec: {size: %d}\n", i, size, size)
	}
	return b.String()
}

// cachedApp runs crdgen in dir with the rerun cache in cacheDir.
func cachedApp(t *testing.T, dir, cacheDir string, args ...string) (int, string, string) {
	t.Helper()
	a, stdout, stderr := testApp(dir)
	a.CacheDir = cacheDir
	code := a.main(args)
	return code, stdout.String(), stderr.String()
}

// TestRerunSeesNewSuiteFiles adds a failing suite where crdgen test finds
// suites but the rerun record did not look: a subdirectory of tests/, a
// test.suites directory of crdgen.yaml, a --suite directory. Each cached
// run must fail as a run without the cache does.
func TestRerunSeesNewSuiteFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, map[string]string{
		"api/v1/types.go": shopTypes,
		"api/v1/tests/widgets.shop.example.com/a.yaml":    suiteOf(2, false),
		"hack/suites/keep.yaml":                           suiteOf(1, false),
		"more/keep.yaml":                                  suiteOf(1, false),
		"crdgen.yaml":                                     "packages: [./api/...]\ntest:\n  suites: [hack/suites]\n",
		"api/v1/tests/widgets.shop.example.com/sub/.keep": "",
	})
	cache := t.TempDir()
	for _, add := range []string{
		"api/v1/tests/widgets.shop.example.com/sub/new.yaml",
		"hack/suites/deeper/new.yaml",
		"more/deeper/new.yaml",
	} {
		args := []string{"test", "--suite", "more"}
		if code, stdout, stderr := cachedApp(t, dir, cache, args...); code != exitOK {
			t.Fatalf("before adding %s: exit %d\n%s%s", add, code, stdout, stderr)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dir, add)), 0o755)
		os.WriteFile(filepath.Join(dir, add), []byte(suiteOf(1, true)), 0o644)
		code, stdout, _ := cachedApp(t, dir, cache, args...)
		if code != exitFail || !strings.Contains(stdout, "FAIL") {
			t.Errorf("after adding the failing %s: exit %d, want %d like a run without the cache\n%s", add, code, exitFail, stdout)
		}
		os.Remove(filepath.Join(dir, add))
	}
}

// TestRerunSeesTheGoEnvFile turns on a build tag in the go env file (go env
// -w), which brings in a file that declares a kind: the cached run writes
// its CRD, as a run without the cache does.
func TestRerunSeesTheGoEnvFile(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	tagged := "//go:build crdgen_env_tag\n\n" + strings.Replace(strings.Replace(shopTypes, "// +groupName=shop.example.com\n", "", 1), "Widget", "Tagged", -1)
	tagged = strings.Replace(tagged, "type Gizmo struct", "type TaggedGizmo struct", 1)
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes, "api/v1/tagged.go": tagged})
	envFile := filepath.Join(t.TempDir(), "env")
	t.Setenv("GOENV", envFile)
	cache := t.TempDir()
	if code, _, stderr := cachedApp(t, dir, cache, "generate", "./api/..."); code != exitOK {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := cachedApp(t, dir, cache, "generate", "-v", "./api/..."); code != exitOK || !strings.Contains(stderr, "nothing changed") {
		t.Fatalf("rerun: exit %d, want the cached run\n%s", code, stderr)
	}
	runOK(t, dir, "go", "env", "-w", "GOFLAGS=-mod=mod -tags=crdgen_env_tag")
	if code, _, stderr := cachedApp(t, dir, cache, "generate", "./api/..."); code != exitOK {
		t.Fatalf("after go env -w: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "shop.example.com_taggeds.yaml")); err != nil {
		t.Errorf("the kind the go env file's tag brings in has no CRD: %v", err)
	}
}

// TestSymlinkedSuitesAreFollowed replaces a tests directory with a link to
// it, passes --suite a link to a directory, and links a directory back to
// its parent: every suite is found once, and the loop ends.
func TestSymlinkedSuitesAreFollowed(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, map[string]string{
		"api/v1/types.go":                          shopTypes,
		"api/v1/t/widgets.shop.example.com/a.yaml": suiteOf(3, false),
		"elsewhere/more.yaml":                      suiteOf(2, false),
	})
	os.Symlink("t", filepath.Join(dir, "api/v1/tests"))
	os.Symlink("../elsewhere", filepath.Join(dir, "api/link-to-dir"))
	os.Symlink("..", filepath.Join(dir, "elsewhere", "loop"))
	code, stdout, stderr := crdgenIn(t, dir, "test", "--suite", "api/link-to-dir", "./api/...")
	if code != exitOK || !strings.Contains(stdout, "ok: 5 cases passed") {
		t.Errorf("suites behind links: exit %d, want the 3 + 2 cases\n%s%s", code, stdout, stderr)
	}
}

// TestFilesThatAreNotRegularNeverHang puts a FIFO where crdgen reads
// crdgen.yaml, a suite, and its cache records, and a link to /dev/zero
// where it reads a record: each run ends, as an error or a cache miss.
func TestFilesThatAreNotRegularNeverHang(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, map[string]string{
		"api/v1/types.go": shopTypes,
		"api/v1/tests/widgets.shop.example.com/a.yaml": suiteOf(1, false),
	})
	within := func(what string, f func() (int, string, string)) (int, string) {
		t.Helper()
		type result struct {
			code int
			out  string
		}
		done := make(chan result, 1)
		go func() {
			code, stdout, stderr := f()
			done <- result{code, stdout + stderr}
		}()
		select {
		case r := <-done:
			return r.code, r.out
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s: crdgen hangs", what)
		}
		return 0, ""
	}
	cache := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "crdgen.yaml"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if code, out := within("a FIFO as crdgen.yaml", func() (int, string, string) { return cachedApp(t, dir, cache, "generate", "./api/...") }); code != exitFail || !strings.Contains(out, "crdgen.yaml is not a regular file") {
		t.Errorf("a FIFO as crdgen.yaml: exit %d\n%s", code, out)
	}
	os.Remove(filepath.Join(dir, "crdgen.yaml"))
	syscall.Mkfifo(filepath.Join(dir, "api/v1/tests/widgets.shop.example.com/fifo.yaml"), 0o644)
	if code, out := within("a FIFO among the suites", func() (int, string, string) { return cachedApp(t, dir, cache, "test", "./api/...") }); code == exitOK || !strings.Contains(out, "fifo.yaml is not a regular file") {
		t.Errorf("a FIFO among the suites: exit %d\n%s", code, out)
	}
	os.Remove(filepath.Join(dir, "api/v1/tests/widgets.shop.example.com/fifo.yaml"))

	// Every record of the cache becomes a FIFO, then a link to /dev/zero:
	// the run is a miss, and does everything.
	for _, kind := range []string{"fifo", "zero"} {
		if code, out := within("a run that records", func() (int, string, string) { return cachedApp(t, dir, cache, "generate", "./api/...") }); code != exitOK {
			t.Fatalf("exit %d\n%s", code, out)
		}
		records, _ := filepath.Glob(filepath.Join(cache, "*.json"))
		if len(records) == 0 {
			t.Fatal("the run left no records")
		}
		for _, r := range records {
			os.Remove(r)
			if kind == "fifo" {
				syscall.Mkfifo(r, 0o644)
			} else {
				os.Symlink("/dev/zero", r)
			}
		}
		code, out := within("records that are a "+kind, func() (int, string, string) {
			return cachedApp(t, dir, cache, "generate", "-v", "./api/...")
		})
		if code != exitOK || strings.Contains(out, "nothing changed") {
			t.Errorf("records that are a %s: exit %d, want a whole run\n%s", kind, code, out)
		}
		for _, r := range records {
			os.Remove(r)
		}
	}
}

// TestFeatureSetsStayApart writes two feature sets' CRDs to one directory
// spelt two ways, names a set so that it leaves the module, and leaves a
// name empty: each is an error at its crdgen.yaml line, and nothing is
// written.
func TestFeatureSetsStayApart(t *testing.T) {
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, "real"), 0o755)
	os.Symlink("real", filepath.Join(root, "link"))
	tests := []struct{ sets, want string }{
		{"  a: {outputDir: config/crd/x}\n  b: {outputDir: ./config/crd/x}\n", "crdgen.yaml:4: feature sets a and b both write to ./config/crd/x"},
		{"  a: {outputDir: config/x}\n  b: {outputDir: config/y/../x/}\n", "crdgen.yaml:4: feature sets a and b both write to config/y/../x/"},
		{"  a: {outputDir: real}\n  b: {outputDir: link}\n", "crdgen.yaml:4: feature sets a and b both write to link"},
		{"  x/../../../../../../tmp/escaped: {outputDir: x}\n", `crdgen.yaml:3: featureSets: "x/../../../../../../tmp/escaped" is not a feature set name`},
		{"  \"\": {outputDir: x}\n", `crdgen.yaml:3: featureSets: "" is not a feature set name`},
		{"  a: {outputDir: x, unservedVersions: [\"[\"]}\n", `crdgen.yaml:3: feature set a: unservedVersions: "[" is not a version pattern`},
		{"  a: {outputDir: x, kinds: [\"[\"]}\n", `crdgen.yaml:3: feature set a: kinds: "[" names no kind`},
	}
	for _, tc := range tests {
		os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644)
		os.WriteFile(filepath.Join(root, "crdgen.yaml"), []byte("costReport: docs/cost.md\nfeatureSets:\n"+tc.sets), 0o644)
		code, _, stderr := crdgenIn(t, root, "generate", "./...")
		if code != exitFail || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.sets, code, stderr, tc.want)
		}
	}
	if entries, _ := os.ReadDir("/tmp"); len(entries) > 0 {
		if _, err := os.Stat("/tmp/escaped.md"); err == nil {
			t.Error("a feature set's name placed a file outside the module")
		}
	}
}

// TestAFailedRenameChangesNothing makes one conversion file immutable
// (chattr +i, as the audit did) in a generate run that changes CRDs and two
// packages' conversions: the run fails, and every file is as it was.
func TestAFailedRenameChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	files := caseFiles(t, "conversion_opted_in_tests_hand_written_methods", "example.com/shop", "v1", "v2")
	dir := tempModule(t, files)
	if code, _, stderr := crdgenIn(t, dir, "generate", "./api/..."); code != exitOK {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	types := filepath.Join(dir, "api", "v1", "widget_types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "\tSchedule string `json:\"schedule\"`", "\tSchedule string `json:\"schedule\"`\n\t// Zone of the schedule.\n\t// +optional\n\tZone string `json:\"zone,omitempty\"`", 1)), 0o644)
	before := snapshot(t, dir)

	// The last file of the run's writes fails to be renamed over: every one
	// before it was renamed, and must be put back.
	a, _, stderr := testApp(dir)
	a.Writer.RenameFault = func(path string) error {
		if strings.HasSuffix(path, filepath.Join("v2", "zz_generated.conversion.go")) {
			return syscall.EPERM
		}
		return nil
	}
	if code := a.main([]string{"generate", "./api/..."}); code != exitFail || !strings.Contains(stderr.String(), "operation not permitted (no file was changed)") {
		t.Errorf("a rename fails: exit %d\n%s", code, stderr)
	}
	if after := snapshot(t, dir); !equalSnapshots(before, after) {
		t.Errorf("a failed rename changed files:\n%s", diffSnapshots(before, after))
	}

	// The same with a real immutable file, where the system allows it.
	target := filepath.Join(dir, "api", "v2", "zz_generated.conversion.go")
	if err := exec.Command("chattr", "+i", target).Run(); err != nil {
		t.Skipf("chattr +i: %v", err)
	}
	defer exec.Command("chattr", "-i", target).Run()
	code, _, out := crdgenIn(t, dir, "generate", "./api/...")
	if code != exitFail || !strings.Contains(out, "(no file was changed)") {
		t.Errorf("an immutable file: exit %d\n%s", code, out)
	}
	if after := snapshot(t, dir); !equalSnapshots(before, after) {
		t.Errorf("an immutable file: the run changed files:\n%s", diffSnapshots(before, after))
	}
}

func equalSnapshots(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func diffSnapshots(a, b map[string]string) string {
	var out []string
	for k, v := range a {
		if w, ok := b[k]; !ok {
			out = append(out, "removed "+k)
		} else if w != v {
			out = append(out, "changed "+k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, "added "+k)
		}
	}
	return strings.Join(out, "\n")
}

// TestOutputInsideSuitesIsRefused points the CRDs into a tests directory,
// where the next crdgen test would read them as suites.
func TestOutputInsideSuitesIsRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, map[string]string{"api/v1/types.go": shopTypes})
	code, _, stderr := crdgenIn(t, dir, "crd", "-o", "api/v1/tests/crds", "./api/...")
	if code != exitFail || !strings.Contains(stderr, "inside api/v1/tests, where crdgen test reads suites") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "api/v1/tests")); err == nil {
		t.Error("the refused run wrote its CRDs")
	}
}

// TestConfigTypeErrorsHaveALine gives a setting a value of the wrong type.
func TestConfigTypeErrorsHaveALine(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("outputDir: x\nbuildTags: {a: b}\n"), 0o644)
	code, _, stderr := crdgenIn(t, dir, "crd", "./...")
	if want := "crdgen.yaml:2: buildTags: want a list of strings, got a mapping"; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
}

// TestGateMessageKnowsTheSets names a gate no feature set knows, in a
// crdgen.yaml whose one set turns on no gate: the message must not say
// that crdgen.yaml declares no feature sets.
func TestGateMessageKnowsTheSets(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	types := strings.Replace(shopTypes, "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// +crdgen:featureGate=Preview\n\t// +optional\n\tLater string `json:\"later,omitempty\"`\n", 1)
	dir := tempModule(t, map[string]string{
		"api/v1/types.go": types,
		"crdgen.yaml":     "packages: [./api/...]\nfeatureSets:\n  stable: {outputDir: config/crd/stable}\n",
	})
	code, _, stderr := crdgenIn(t, dir, "generate")
	if want := "no feature set in crdgen.yaml knows the gate Preview (its feature sets turn on no gate, and featureGates declares none)"; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, want %q in\n%s", code, want, stderr)
	}
}
