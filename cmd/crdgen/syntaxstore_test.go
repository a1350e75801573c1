package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A run keeps its dependencies' syntax, and a run that reads it back makes
// the same CRDs as one without any cache.
func TestSyntaxStoreIsUsedAndChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := tempModule(t, twoKinds)
	cacheDir := t.TempDir()
	outs := map[string]string{}
	old := time.Now().Add(-time.Hour)
	for _, run := range []string{"cold", "warm", "no-cache"} {
		out := filepath.Join(t.TempDir(), run)
		a, _, stderr := testApp(dir)
		a.CacheDir = cacheDir
		args := []string{"crd", "-o", out, "./api/..."}
		if run == "no-cache" {
			args = append([]string{"crd", "--no-cache"}, args[1:]...)
		}
		// Another output directory: no rerun to take, the load runs.
		if code := a.main(args); code != exitOK {
			t.Fatalf("%s run: exit %d\n%s", run, code, stderr)
		}
		data, err := os.ReadFile(filepath.Join(out, "shop.example.com_widgets.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		outs[run] = string(data)
		records, _ := filepath.Glob(filepath.Join(cacheDir, "syntax", "*"))
		switch run {
		case "cold":
			if len(records) == 0 {
				t.Fatal("the first run kept no dependency's syntax")
			}
			// Age them: a record read back is marked as used.
			for _, r := range records {
				os.Chtimes(r, old, old)
			}
		case "warm":
			used := 0
			for _, r := range records {
				if fi, err := os.Stat(r); err == nil && fi.ModTime().After(old) {
					used++
				}
			}
			if used == 0 {
				t.Errorf("the second run read none of %d records back", len(records))
			}
		}
	}
	if outs["warm"] != outs["no-cache"] || outs["cold"] != outs["no-cache"] {
		t.Errorf("the CRD differs with the syntax store:\ncold\n%s\nwarm\n%s\nno-cache\n%s", outs["cold"], outs["warm"], outs["no-cache"])
	}
}
