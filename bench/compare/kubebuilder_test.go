package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// scaffoldMakefile is the part of a kubebuilder v4 scaffold's Makefile
// that bench/compare reads, as kubebuilder's testdata projects have it.
const scaffoldMakefile = `# YEAR defines the year value used for substituting the YEAR placeholder in the boilerplate header.
YEAR ?= $(shell date +%Y)
SHELL = /usr/bin/env bash -o pipefail

.PHONY: manifests
manifests: controller-gen ## Generate WebhookConfiguration, ClusterRole and CustomResourceDefinition objects and ApplyConfiguration types.
	"$(CONTROLLER_GEN)" rbac:roleName=manager-role crd webhook applyconfiguration:headerFile="hack/boilerplate.go.txt" paths="./..." output:crd:artifacts:config=config/crd/bases

.PHONY: generate
generate: controller-gen ## Generate code containing DeepCopy, DeepCopyInto, and DeepCopyObject method implementations.
	"$(CONTROLLER_GEN)" object:headerFile="hack/boilerplate.go.txt",year=$(YEAR) paths="./..."

.PHONY: fmt
fmt: ## Run go fmt against code.
	go fmt ./...

CONTROLLER_GEN ?= $(LOCALBIN)/controller-gen
.PHONY: controller-gen
controller-gen: $(CONTROLLER_GEN) ## Download controller-gen locally if necessary.
$(CONTROLLER_GEN): $(LOCALBIN)
	$(call go-install-tool,$(CONTROLLER_GEN),sigs.k8s.io/controller-tools/cmd/controller-gen,$(CONTROLLER_TOOLS_VERSION))
`

// TestControllerGenStepsFromMakefile reads controller-gen's command lines
// from a scaffold's Makefile as make and the shell would run them.
func TestControllerGenStepsFromMakefile(t *testing.T) {
	tests := []struct {
		name     string
		makefile string
		want     [][]string
		wantErr  string
	}{
		{
			name:     "the scaffold's manifests and generate",
			makefile: scaffoldMakefile,
			want: [][]string{
				{"rbac:roleName=manager-role", "crd", "webhook", "applyconfiguration:headerFile=hack/boilerplate.go.txt", "paths=./...", "output:crd:artifacts:config=config/crd/bases"},
				{"object:headerFile=hack/boilerplate.go.txt,year=2031", "paths=./..."},
			},
		},
		{
			name:     "a recipe line with @ and an unquoted controller-gen",
			makefile: "manifests:\n\t@$(CONTROLLER_GEN) crd paths=./...\ngenerate:\n\t$(CONTROLLER_GEN) object paths=./...\n",
			want:     [][]string{{"crd", "paths=./..."}, {"object", "paths=./..."}},
		},
		{
			name:     "no generate target",
			makefile: "manifests:\n\t$(CONTROLLER_GEN) crd paths=./...\n",
			wantErr:  "make generate: no $(CONTROLLER_GEN) command line",
		},
		{
			name:     "a variable the benchmark does not know",
			makefile: "manifests:\n\t$(CONTROLLER_GEN) crd paths=$(PATHS)\ngenerate:\n\t$(CONTROLLER_GEN) object\n",
			wantErr:  `make manifests: "paths=$(PATHS)": a variable this benchmark does not know`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := controllerGenSteps(tc.makefile, makeTargets(), map[string]string{"YEAR": "2031"})
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, tc.want, slices.Equal) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestShellWords(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{in: `a  b	c`, want: []string{"a", "b", "c"}},
		{in: `x="a b",y=$(Y) 'it''s' ""`, want: []string{"x=a b,y=$(Y)", "its", ""}},
		{in: `"a\"b" a\ b '\n'`, want: []string{`a"b`, "a b", `\n`}},
		{in: `"open`, wantErr: true},
	}
	for _, tc := range tests {
		got, err := shellWords(tc.in)
		if (err != nil) != tc.wantErr || !slices.Equal(got, tc.want) {
			t.Errorf("shellWords(%q): got %q, %v, want %q (error: %v)", tc.in, got, err, tc.want, tc.wantErr)
		}
	}
}

// TestExtractAndRestoreProject takes a project out of a git directory with
// git archive, and restores a copy of it that a tool changed: the copy
// holds the project's files as extracted, and nothing else.
func TestExtractAndRestoreProject(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	files := map[string]string{
		"testdata/p/go.mod":          "module p\n",
		"testdata/p/api/v1/types.go": "package v1\n",
		"testdata/p/hack/run.sh":     "#!/bin/sh\n",
		"testdata/q/other.go":        "package q\n",
		"README.md":                  "outside\n",
	}
	for name, text := range files {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		writeTestFile(t, filepath.Join(repo, name), text, mode)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=bench", "-c", "user.email=bench@example.com"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "project")

	project := filepath.Join(t.TempDir(), "project")
	if err := extractProject(filepath.Join(repo, ".git"), "HEAD", "testdata/p", project); err != nil {
		t.Fatal(err)
	}
	want := []string{"api/v1/types.go", "go.mod", "hack/run.sh"}
	if got := listFiles(t, project); !slices.Equal(got, want) {
		t.Fatalf("extracted %q, want %q", got, want)
	}
	if info, err := os.Stat(filepath.Join(project, "hack", "run.sh")); err != nil || info.Mode().Perm()&0o100 == 0 {
		t.Errorf("hack/run.sh lost its exec bit: %v, %v", info.Mode(), err)
	}

	tree := filepath.Join(t.TempDir(), "tree")
	if err := restoreTree(project, tree); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(tree, "api", "v1", "types.go"), "package v1 // changed\n", 0o644)
	writeTestFile(t, filepath.Join(tree, "api", "v1", "zz_generated.deepcopy.go"), "package v1\n", 0o644)
	if err := restoreTree(project, tree); err != nil {
		t.Fatal(err)
	}
	if got := listFiles(t, tree); !slices.Equal(got, want) {
		t.Errorf("restored %q, want %q", got, want)
	}
	data, _ := os.ReadFile(filepath.Join(tree, "api", "v1", "types.go"))
	if string(data) != "package v1\n" {
		t.Errorf("restored api/v1/types.go: got %q, want %q", data, "package v1\n")
	}
	src, _ := os.Stat(filepath.Join(project, "go.mod"))
	dst, _ := os.Stat(filepath.Join(tree, "go.mod"))
	if !dst.ModTime().Equal(src.ModTime()) {
		t.Errorf("go.mod's modification time: got %v, want %v", dst.ModTime().Format(time.RFC3339Nano), src.ModTime().Format(time.RFC3339Nano))
	}
}

func writeTestFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

// listFiles returns the files under dir, slash-separated and sorted.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}
