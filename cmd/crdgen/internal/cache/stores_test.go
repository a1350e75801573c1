package cache

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	_ "github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// A record reads back only whole, under its own key, from the build that
// wrote it: a changed byte, a cut file or a file under another name is a
// miss (the package is then read from source).
func TestSyntaxRecordsReadBackOnlyWhole(t *testing.T) {
	s := &Syntax{&store{dir: t.TempDir(), build: "b", kept: syntaxKept}}
	record := []byte("crdgen-syntax-1\nwhat the importer read")
	s.Put("k8s.io/api/core/v1", record)
	if got := s.Get("k8s.io/api/core/v1"); string(got) != string(record) {
		t.Fatalf("Get after Put: %q", got)
	}
	if got := (&Syntax{&store{dir: s.s.dir, build: "other"}}).Get("k8s.io/api/core/v1"); got != nil {
		t.Errorf("another build's store read the record: %q", got)
	}
	if got := s.Get("k8s.io/api/apps/v1"); got != nil {
		t.Errorf("another key read the record: %q", got)
	}
	path := filepath.Join(s.s.dir, s.s.name("k8s.io/api/core/v1"))
	data, _ := os.ReadFile(path)
	for name, damaged := range map[string][]byte{
		"a changed byte":     append(append([]byte(nil), data[:len(data)-3]...), 'X', data[len(data)-2], data[len(data)-1]),
		"a cut file":         data[:len(data)-1],
		"an empty file":      nil,
		"another key's file": []byte(s.s.name("k8s.io/api/apps/v1") + string(data[len(s.s.name("")):])),
	} {
		os.WriteFile(path, damaged, 0o600)
		if got := s.Get("k8s.io/api/core/v1"); got != nil {
			t.Errorf("%s read back: %q", name, got)
		}
	}
}

// TestInflectionsAreInTheKeys checks that the custom inflections flect
// reads (which change CRD names, in controller-gen too) are part of what
// every store is keyed by: the one build identity.
func TestInflectionsAreInTheKeys(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("INFLECT_PATH", filepath.Join(dir, "inflections.json"))
	t.Setenv("CRDGEN_TEST_UNUSED", "")
	build := Open(t.TempDir(), "v", false).Build()
	if err := os.WriteFile(filepath.Join(dir, "inflections.json"), []byte(`{"gadget": "gadgetry"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if Open(t.TempDir(), "v", false).Build() == build {
		t.Error("a new inflections.json left the build identity, which every store's key holds, as it was")
	}
}

// TestVerdictsAreTrimmed checks that the verdict store keeps the most
// recently used verdicts when it grows past verdictsKept, and that what it
// keeps still reads back.
func TestVerdictsAreTrimmed(t *testing.T) {
	s := &Verdicts{&store{dir: t.TempDir(), build: "b", kept: verdictsKept}}
	old := time.Now().Add(-time.Hour)
	for i := range verdictsKept + 10 {
		path := filepath.Join(s.s.dir, fmt.Sprintf("old%05d", i))
		os.WriteFile(path, nil, 0o644)
		os.Chtimes(path, old, old)
	}
	s.Accept("fresh")
	entries, _ := os.ReadDir(s.s.dir)
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
	s := &Builds{old: map[string]builtRecord{"k": {Key: "k", Name: filepath.Base(path), Path: path, SHA256: sha256Hex(content)}}, kept: map[string]builtRecord{}}
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
	if changes, err := output.FileChanges(path, nil, f); err != nil || len(changes.Write) != 1 {
		t.Errorf("the write does not replace the edited file: %d changes, %v", len(changes.Write), err)
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
