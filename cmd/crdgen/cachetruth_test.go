package main

// This file holds the test that every cache gives what no cache gives:
// after each kind of input change a hostile audit tried, a run with the
// caches (the rerun record, the remembered builds, the verdicts, the
// syntax store, the kept listing) prints and writes byte for byte what a
// run with --no-cache then finds nothing to change in.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// depModule is a dependency module served from a file proxy into a module
// cache of the test's own, where an edit cannot reach anyone else's.
const depModule = "example.com/crdgentest/dep"

const depLevels = `package levels

// Level is how loud.
// +kubebuilder:validation:Maximum=10
type Level int32
`

// fileProxy writes a GOPROXY directory serving depModule v1.0.0.
func fileProxy(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module "+depModule+"\n\ngo 1.24\n"), 0o644)
	os.MkdirAll(filepath.Join(src, "levels"), 0o755)
	os.WriteFile(filepath.Join(src, "levels", "levels.go"), []byte(depLevels), 0o644)
	proxy := t.TempDir()
	v := filepath.Join(proxy, filepath.FromSlash(depModule), "@v")
	os.MkdirAll(v, 0o755)
	os.WriteFile(filepath.Join(v, "list"), []byte("v1.0.0\n"), 0o644)
	os.WriteFile(filepath.Join(v, "v1.0.0.info"), []byte(`{"Version":"v1.0.0","Time":"2026-01-01T00:00:00Z"}`), 0o644)
	os.WriteFile(filepath.Join(v, "v1.0.0.mod"), []byte("module "+depModule+"\n\ngo 1.24\n"), 0o644)
	zf, err := os.Create(filepath.Join(v, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zf.Close()
	if err := modzip.CreateFromDir(zf, module.Version{Path: depModule, Version: "v1.0.0"}, src); err != nil {
		t.Fatal(err)
	}
	return proxy
}

// TestCachedRunsEqualUncachedRuns changes the inputs one way after another
// and after each runs generate and test with every cache, then with
// --no-cache: the second must print what the first printed and find every
// file the first wrote up to date.
func TestCachedRunsEqualUncachedRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	proxy := fileProxy(t)
	types := strings.Replace(shopTypes, "// +groupName=", "// +kubebuilder:object:generate=true\n// +groupName=", 1)
	types = strings.Replace(types, "import metav1", "import (\n\t\"example.com/crdgentest/dep/levels\"\n\tmetav1", 1)
	types = strings.Replace(types, "metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n", "metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n)\n", 1)
	types = strings.Replace(types, "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// Level is how loud.\n\t// +optional\n\tLevel levels.Level `json:\"level,omitempty\"`\n", 1)
	tagged := "//go:build crdgen_cache_tag\n\n" + strings.Replace(strings.Replace(strings.Replace(shopTypes, "// +groupName=shop.example.com\n", "", 1), "Widget", "Tagged", -1), "type Gizmo struct", "type TaggedGizmo struct", 1)
	// The dependency is fetched from the file proxy into the module cache
	// shared with the rest of the machine (it is small and never changes);
	// the runs then fill a module cache of their own from it, offline.
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy)+","+os.Getenv("GOPROXY"))
	t.Setenv("GONOSUMDB", depModule)
	dir := tempModule(t, map[string]string{
		"api/v1/types.go":  types,
		"api/v1/tagged.go": tagged,
		"api/v1/tests/widgets.shop.example.com/a.yaml": suiteOf(2, false),
		"crdgen.yaml": "packages: [./api/...]\noutputDir: config/crd\n",
	})
	shared := strings.TrimSpace(runOK(t, dir, "go", "env", "GOMODCACHE"))
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(filepath.Join(shared, "cache", "download"))+",file://"+filepath.ToSlash(proxy))
	t.Setenv("GOFLAGS", "-mod=mod -modcacherw")
	t.Setenv("GOSUMDB", "off")
	modcache := t.TempDir()
	t.Setenv("GOMODCACHE", modcache)
	t.Setenv("GOENV", filepath.Join(t.TempDir(), "env"))
	t.Cleanup(func() { runErr(dir, "go", "clean", "-modcache") })

	cache := t.TempDir()
	var tags []string
	// runs is one step: the cached runs, then the uncached ones, compared.
	runs := func(step string) {
		t.Helper()
		for _, cmd := range []string{"generate", "test"} {
			args := append([]string{cmd, "-v"}, tags...)
			code, stdout, stderr := cachedApp(t, dir, cache, args...)
			code2, stdout2, stderr2 := cachedApp(t, dir, "off", append(args, "--no-cache")...)
			if code != code2 || stdout != stdout2 || diags(stderr) != diags(stderr2) {
				t.Errorf("%s: crdgen %s with the caches and without differ:\nexit %d, %d\n--- cached\n%s%s\n--- not cached\n%s%s", step, cmd, code, code2, stdout, stderr, stdout2, stderr2)
			}
			if regexp.MustCompile(`(?m)^(wrote|removed stale) `).MatchString(stderr2) {
				t.Errorf("%s: crdgen %s with the caches left files that a run without them rewrites:\n%s", step, cmd, stderr2)
			}
		}
	}
	// cachedThenCheck is a step whose change only a cached run can miss
	// (the run without caches would mend it before --check looks): the
	// cached generate, then --check, which must find nothing to do.
	cachedThenCheck := func(step string) {
		t.Helper()
		if code, stdout, stderr := cachedApp(t, dir, cache, "generate", "-v"); code != exitOK {
			t.Fatalf("%s: cached generate: exit %d\n%s%s", step, code, stdout, stderr)
		}
		if code, stdout, stderr := cachedApp(t, dir, cache, "generate", "--check"); code != exitOK {
			t.Errorf("%s: generate --check after a cached generate: exit %d, want 0\n%s%s", step, code, stdout, stderr)
		}
		runs(step)
	}
	runs("the first run")
	runs("a rerun")
	twoLines(t, dir, cache, "make manifests generate")

	// A new, failing suite file in a subdirectory of tests/.
	sub := filepath.Join(dir, "api/v1/tests/widgets.shop.example.com/sub/new.yaml")
	os.MkdirAll(filepath.Dir(sub), 0o755)
	os.WriteFile(sub, []byte(suiteOf(1, true)), 0o644)
	runs("a new suite in a subdirectory")
	os.Remove(sub)
	runs("the suite removed")

	// A build tag from the go env file.
	os.WriteFile(os.Getenv("GOENV"), []byte("GOFLAGS=-mod=mod -modcacherw -tags=crdgen_cache_tag\n"), 0o644)
	runs("a tag in the go env file")
	os.WriteFile(os.Getenv("GOENV"), nil, 0o644)
	runs("the go env file emptied")

	// A same-size edit of a module cache file, its times put back.
	levels := filepath.Join(modcache, depModule+"@v1.0.0", "levels", "levels.go")
	sameSize(t, levels, "Maximum=10", "Maximum=20")
	runs("a same-size edit in the module cache")

	// A same-size edit of an API file, its times put back.
	sameSize(t, filepath.Join(dir, "api/v1/types.go"), "Maximum=10", "Maximum=12")
	runs("a same-size edit of an API file")

	// GOFLAGS, then --tags.
	t.Setenv("GOFLAGS", "-mod=mod -modcacherw -tags=crdgen_cache_tag")
	runs("a tag in GOFLAGS")
	t.Setenv("GOFLAGS", "-mod=mod -modcacherw")
	tags = []string{"--tags", "crdgen_cache_tag"}
	runs("--tags")
	tags = nil

	// crdgen.yaml: a setting that is no flag (test.suites), then one that
	// is (omitVersionAnnotation).
	os.MkdirAll(filepath.Join(dir, "hack/suites"), 0o755)
	os.WriteFile(filepath.Join(dir, "hack/suites/more.yaml"), []byte(suiteOf(1, true)), 0o644)
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("packages: [./api/...]\noutputDir: config/crd\ntest:\n  suites: [hack/suites]\n"), 0o644)
	runs("test.suites in crdgen.yaml")
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("packages: [./api/...]\noutputDir: config/crd\nomitVersionAnnotation: true\n"), 0o644)
	runs("omitVersionAnnotation in crdgen.yaml")
	twoLines(t, dir, cache, "omitVersionAnnotation in crdgen.yaml")
	sameSize(t, filepath.Join(dir, "api/v1/types.go"), "Maximum=12", "Maximum=13")
	twoLines(t, dir, cache, "a same-size edit of an API file")

	// JSON Schemas in the catalog layout, then a copy of one that no kind
	// makes, in its group's directory and in a new one: the rerun record
	// watches the directories' listings, not the names it found.
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("packages: [./api/...]\noutputDir: config/crd\njsonSchema:\n  layout: catalog\n"), 0o644)
	runs("JSON Schemas in crdgen.yaml")
	schema, err := os.ReadFile(filepath.Join(dir, "config/jsonschema/shop.example.com/widget_v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "config/jsonschema/shop.example.com/ghost_v9.json"), schema, 0o644)
	cachedThenCheck("a stale JSON Schema in a group's directory")
	os.MkdirAll(filepath.Join(dir, "config/jsonschema/ghost.example.com"), 0o755)
	os.WriteFile(filepath.Join(dir, "config/jsonschema/ghost.example.com/ghost_v1.json"), schema, 0o644)
	cachedThenCheck("a stale JSON Schema in a new group directory")

	// What a run that was killed leaves: a staged file of a process that is
	// gone, in an output directory.
	os.WriteFile(filepath.Join(dir, "config/crd/.crdgen-999999999-1.tmp"), []byte("half"), 0o644)
	cachedThenCheck("a staged file a killed run left")
}

// twoLines runs make manifests generate as a Makefile has it: two lines of
// crdgen generate over the same packages with different generators, the
// CRDs and the DeepCopy methods, three times over. Each line with the
// caches prints what it prints without them and leaves nothing that a run
// without them rewrites, and after a time when neither wrote a file (the
// DeepCopy file is an input of both), each finds nothing changed: the two
// lines' records live side by side.
func twoLines(t *testing.T, dir, cache, step string) {
	t.Helper()
	lines := [][]string{{"generate", "-v", "--generators", "crd"}, {"generate", "-v", "--generators", "object"}}
	hits := 0
	for pass, wrote := 0, true; pass < 3; pass++ {
		settled := !wrote
		wrote = false
		for _, args := range lines {
			code, stdout, stderr := cachedApp(t, dir, cache, args...)
			code2, stdout2, stderr2 := cachedApp(t, dir, "off", append(args, "--no-cache")...)
			if code != code2 || stdout != stdout2 || diags(stderr) != diags(stderr2) {
				t.Errorf("%s, pass %d: crdgen %v with the caches and without differ:\nexit %d, %d\n--- cached\n%s%s\n--- not cached\n%s%s", step, pass, args, code, code2, stdout, stderr, stdout2, stderr2)
			}
			if regexp.MustCompile(`(?m)^(wrote|removed stale) `).MatchString(stderr2) {
				t.Errorf("%s, pass %d: crdgen %v with the caches left files that a run without them rewrites:\n%s", step, pass, args, stderr2)
			}
			wrote = wrote || regexp.MustCompile(`(?m)^wrote `).MatchString(stderr)
			if !settled {
				continue
			}
			hits++
			if !strings.Contains(stderr, "nothing changed since the last run") {
				t.Errorf("%s, pass %d: crdgen %v did not find its record; each line of make manifests generate must keep its own:\n%s", step, pass, args, stderr)
			}
		}
	}
	if hits == 0 {
		t.Errorf("%s: every pass wrote a file", step)
	}
}

// sameSize replaces old with new (of the same length) in a file and puts
// its modification time back, as cp -p, rsync or tar would.
func sameSize(t *testing.T, path, old, new string) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), old, new, 1)
	if len(edited) != len(data) || edited == string(data) {
		t.Fatalf("%s: no same-size edit of %q", path, old)
	}
	time.Sleep(10 * time.Millisecond) // past the clock's tick, for the change time
	os.Chmod(path, 0o644)
	if err := os.WriteFile(path, []byte(edited), info.Mode().Perm()); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(path, info.ModTime(), info.ModTime())
}

// diags is what a run said, without -v's account of how it went (which
// caches it used, what it wrote, how long it took).
func diags(stderr string) string {
	var out []string
	for line := range strings.Lines(stderr) {
		switch {
		case strings.HasPrefix(line, "crdgen: ") && strings.Contains(line, " (total "),
			strings.HasPrefix(line, "crdgen: nothing changed"),
			strings.HasPrefix(line, "wrote "), strings.HasPrefix(line, "removed stale "),
			strings.HasSuffix(line, " unchanged\n"),
			strings.Contains(line, "as the last run built them"):
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "")
}
