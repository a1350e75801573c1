//go:build unix

package main

// These tests need FIFOs, which only Unix systems have.

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputDirectoryIsReadSafely puts a FIFO (which blocks a reader), a
// link to /dev/zero (which never ends) and a symbolic link to an output in
// the output directory, and an existing output with its own mode: the run
// must finish, write through the link (which stays in the directory -o
// names) and keep the mode.
func TestOutputDirectoryIsReadSafely(t *testing.T) {
	root := repoRoot(t)
	out := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(out, "pipe.yaml"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	os.Symlink("/dev/zero", filepath.Join(out, "zero.yaml"))
	os.Mkdir(filepath.Join(out, "kept"), 0o755)
	elsewhere := filepath.Join(out, "kept", "kept.yaml")
	os.WriteFile(elsewhere, []byte("# old\n"), 0o600)
	os.Symlink(elsewhere, filepath.Join(out, "shapes.example.com_shapes.yaml"))

	done := make(chan int, 1)
	a, _, stderr := testApp(root)
	go func() { done <- a.main([]string{"crd", "-o", out, "./testdata/go_shapes/..."}) }()
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
	case <-time.After(time.Minute):
		t.Fatal("crdgen hangs on what is in the output directory")
	}
	link := filepath.Join(out, "shapes.example.com_shapes.yaml")
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced: %v, %v", fi.Mode(), err)
	}
	data, err := os.ReadFile(elsewhere)
	if err != nil || !strings.Contains(string(data), "kind: CustomResourceDefinition") {
		t.Errorf("the CRD was not written through the link: %q, %v", data, err)
	}
	if fi, err := os.Stat(elsewhere); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the file lost its mode: %v, %v", fi.Mode(), err)
	}
}

// TestCostReportToAFIFO writes generate's cost report into a FIFO that a
// reader drains (and to standard output with -): it must neither hang nor
// replace the FIFO with a file.
func TestCostReportToAFIFO(t *testing.T) {
	root := repoRoot(t)
	fifo := filepath.Join(t.TempDir(), "report")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- string(data)
	}()
	out := t.TempDir()
	done := make(chan int, 1)
	a, _, stderr := testApp(root)
	go func() {
		done <- a.main([]string{"generate", "--conversion-tests=false", "-o", out, "--cost-report", fifo, "./testdata/k8s_tags_and_one_of_markers/..."})
	}()
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
	case <-time.After(time.Minute):
		t.Fatal("crdgen hangs on a FIFO cost report")
	}
	if report := <-got; !strings.Contains(report, "CEL cost report") {
		t.Errorf("the FIFO's reader got %q", report)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v, %v", fi.Mode(), err)
	}
	a, stdout, stderr := testApp(root)
	if code := a.main([]string{"generate", "--conversion-tests=false", "-o", out, "--cost-report", "-", "./testdata/k8s_tags_and_one_of_markers/..."}); code != exitOK || !strings.Contains(stdout.String(), "CEL cost report") {
		t.Errorf("--cost-report -: exit %d, stdout %q\n%s", code, stdout, stderr)
	}
}
