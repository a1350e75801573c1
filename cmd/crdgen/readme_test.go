package main

// These tests hold the docs to what crdgen does: the README lists every
// command, the Makefile lines the docs show are the ones crdgen migrate
// writes for kubebuilder's scaffold (which TestMigrateKubebuilderProject
// runs), and the docs' kubeconform commands try the CRDs' schemas first.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/migrate"
)

// readDoc reads a file of the repository.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestREADMEListsEveryCommand checks that the README's table of commands
// has a row for every command crdgen's usage lists.
func TestREADMEListsEveryCommand(t *testing.T) {
	readme := readDoc(t, "README.md")
	for _, m := range regexp.MustCompile(`(?m)^  crdgen ([a-z]+)`).FindAllStringSubmatch(usage, -1) {
		if row := "| `crdgen " + m[1] + "` |"; !strings.Contains(readme, row) {
			t.Errorf("README.md has no row %q", row)
		}
	}
}

// TestDocsShowMigratedKubebuilderLines migrates the kubebuilder-shaped
// Makefile and checks that each page that shows the result shows the
// lines migrate writes.
func TestDocsShowMigratedKubebuilderLines(t *testing.T) {
	dir := t.TempDir()
	makefile := readDoc(t, "cmd/crdgen/internal/migrate/testdata/kubebuilder/Makefile")
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(makefile), 0o644); err != nil {
		t.Fatal(err)
	}
	res, diags, err := migrate.Run(migrate.Options{Dir: dir, Version: "latest", Defaults: migrate.Defaults{HeaderFile: filepath.Join(dir, "hack", "boilerplate.go.txt")}})
	if err != nil || diags.HasErrors() {
		t.Fatalf("migrate: %v %v", err, diags)
	}
	var lines []migrate.Change
	for _, c := range res.Changes {
		if strings.HasPrefix(c.New, `"$(CRDGEN)" `) {
			lines = append(lines, c)
		}
	}
	if len(lines) != 2 {
		t.Fatalf("migrate wrote %d crdgen lines, want 2: %v", len(lines), res.Changes)
	}
	for _, page := range []string{"README.md", "docs/guides/migrating-from-controller-gen.md", "docs/guides/generators.md"} {
		text := readDoc(t, page)
		for _, c := range lines {
			if !strings.Contains(text, "\t"+c.New+"\n") {
				t.Errorf("%s does not show the line crdgen migrate writes:\n\t%s", page, c.New)
			}
		}
	}
}

// TestDocsKubeconformTriesOwnSchemasFirst checks every kubeconform
// command of the docs: -schema-location default, when given, comes after
// the CRDs' own locations (kubeconform stops at the first that has the
// schema, and default needs the network).
func TestDocsKubeconformTriesOwnSchemasFirst(t *testing.T) {
	root := repoRoot(t)
	var pages []string
	filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	pages = append(pages, filepath.Join(root, "README.md"))
	for _, page := range pages {
		data, _ := os.ReadFile(page)
		text := strings.ReplaceAll(string(data), "\\\n", " ")
		for _, line := range strings.Split(text, "\n") {
			if !strings.Contains(line, "kubeconform -") {
				continue
			}
			locations := regexp.MustCompile(`-schema-location +('[^']*'|\S+)`).FindAllStringSubmatch(line, -1)
			for i, l := range locations {
				if l[1] == "default" && i != len(locations)-1 {
					rel, _ := filepath.Rel(root, page)
					t.Errorf("%s: -schema-location default before the CRDs' own schemas: %s", rel, strings.TrimSpace(line))
				}
			}
		}
	}
}
