package migrate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

// project writes files into a temporary directory.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// migrated runs a migration of files and returns each changed file's new
// content by name, and the diagnostics as the user reads them.
func migrated(t *testing.T, files map[string]string, d Defaults) (map[string]string, string) {
	t.Helper()
	dir := project(t, files)
	res, diags, err := Run(Options{Dir: dir, Version: "v1.2.3", Defaults: d})
	if err != nil {
		t.Fatal(err)
	}
	if diags.HasErrors() {
		return nil, diagText(dir, diags)
	}
	out := map[string]string{}
	for path, c := range res.Set.Files {
		data, _ := c.Bytes()
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = string(data)
	}
	return out, diagText(dir, diags)
}

func diagText(dir string, diags markers.ErrorList) string {
	var b strings.Builder
	diags.Print(&b, "text", func(p string) string {
		if r, err := filepath.Rel(dir, p); err == nil {
			return r
		}
		return p
	})
	return b.String()
}

// recipe is a Makefile with one target whose recipe is the lines, after
// the variables.
func recipe(vars string, lines ...string) string {
	return vars + "\n.PHONY: manifests\nmanifests: controller-gen\n\t" + strings.Join(lines, "\n\t") + "\n"
}

// recipeOf is the recipe of the manifests target in a Makefile.
func recipeOf(makefile string) string {
	_, after, _ := strings.Cut(makefile, "\nmanifests: ")
	_, after, _ = strings.Cut(after, "\n")
	if i := strings.Index(after, "\n\n"); i >= 0 {
		after = after[:i]
	}
	return strings.TrimPrefix(strings.TrimSuffix(after, "\n"), "\t")
}

// TestMapLines maps controller-gen lines, one behaviour each.
func TestMapLines(t *testing.T) {
	for _, tc := range []struct {
		name, vars, line, want string
		defaults               Defaults
	}{
		{
			name: "kubebuilder v4 manifests line",
			line: `"$(CONTROLLER_GEN)" rbac:roleName=manager-role crd webhook applyconfiguration:headerFile="hack/boilerplate.go.txt" paths="./..." output:crd:artifacts:config=config/crd/bases`,
			want: `"$(CRDGEN)" generate --generators crd,rbac,webhook,applyconfiguration --role-name manager-role --header-file hack/boilerplate.go.txt -o config/crd/bases --rbac-dir config/rbac --webhook-dir config/webhook ./...`,
		},
		{
			name: "kubebuilder v4 generate line keeps $(YEAR) for make",
			line: `"$(CONTROLLER_GEN)" object:headerFile="hack/boilerplate.go.txt",year=$(YEAR) paths="./..."`,
			want: `"$(CRDGEN)" generate --generators object --header-file hack/boilerplate.go.txt --year $(YEAR) ./...`,
		},
		{
			name: "options in a variable are expanded from the Makefile",
			vars: "CRD_OPTIONS ?= \"crd:maxDescLen=0,allowDangerousTypes=true\"\nCRD_OPTIONS += crd:generateEmbeddedObjectMeta=true",
			line: `$(CONTROLLER_GEN) $(CRD_OPTIONS) paths=./api/... output:crd:dir=config/crd`,
			want: `$(CRDGEN) generate --generators crd --max-description-length 0 --allow-dangerous-types --generate-embedded-object-meta -o config/crd ./api/...`,
		},
		{
			name: "options that need nothing in crdgen",
			line: `$(CONTROLLER_GEN) crd:crdVersions=v1,ignoreUnexportedFields=true,allowDangerousTypes=false paths=./api/... output:crd:artifacts:config=out`,
			want: `$(CRDGEN) generate --generators crd -o out ./api/...`,
		},
		{
			name: "paths lists and several paths",
			line: `$(CONTROLLER_GEN) object paths="{./api/..., ./pkg/...}" paths="./a/...;./b/..." paths=./c/...`,
			want: `$(CRDGEN) generate --generators object ./api/... ./pkg/... ./a/... ./b/... ./c/...`,
		},
		{
			name: "no output rule is controller-gen's config/<generator>",
			line: `$(CONTROLLER_GEN) crd rbac:roleName=r webhook paths=./...`,
			want: `$(CRDGEN) generate --generators crd,rbac,webhook --role-name r -o config/crd --rbac-dir config/rbac --webhook-dir config/webhook ./...`,
		},
		{
			name: "a rule for every generator, and one for crd",
			line: `$(CONTROLLER_GEN) crd rbac:roleName=r paths=./... output:artifacts:config=deploy output:crd:artifacts:config=deploy/crds`,
			want: `$(CRDGEN) generate --generators crd,rbac --role-name r -o deploy/crds --rbac-dir deploy ./...`,
		},
		{
			name: "output none leaves a generator out",
			line: `$(CONTROLLER_GEN) crd webhook paths=./... output:webhook:none`,
			want: `$(CRDGEN) generate --generators crd -o config/crd ./...`,
		},
		{
			name: "CRDs to standard output are crdgen crd -o -, the redirection kept",
			line: `$(CONTROLLER_GEN) crd paths=./api/... output:stdout > deploy/crds.yaml`,
			want: `$(CRDGEN) crd -o - ./api/... > deploy/crds.yaml`,
		},
		{
			name: "a cd before it and a command after it stay",
			line: `cd api && $(CONTROLLER_GEN) object:headerFile=../hack/boilerplate.go.txt paths=./... && go fmt ./...`,
			want: `cd api && $(CRDGEN) generate --generators object --header-file ../hack/boilerplate.go.txt ./... && go fmt ./...`,
		},
		{
			name: "continuation lines become one",
			line: "@$(CONTROLLER_GEN) \\\n\t\tcrd:maxDescLen=0 \\\n\t\tpaths=./api/... \\\n\t\toutput:crd:dir=config/crd",
			want: `@$(CRDGEN) generate --generators crd --max-description-length 0 -o config/crd ./api/...`,
		},
		{
			name: "a variable holding controller-gen's path, and build tags",
			vars: "TOOLS_BIN := hack/tools/bin\nCONTROLLER_GEN_BIN := $(TOOLS_BIN)/controller-gen",
			line: `$(CONTROLLER_GEN_BIN) --load-build-tags=e2e object paths=./...`,
			want: `$(CRDGEN) generate --generators object --tags e2e ./...`,
		},
		{
			name:     "no header in a project whose default has one",
			line:     `$(CONTROLLER_GEN) object paths=./...`,
			defaults: Defaults{HeaderFile: "/p/hack/boilerplate.go.txt"},
			want:     `$(CRDGEN) generate --generators object --header-file "" ./...`,
		},
		{
			name: "go tool, in a Makefile, is crdgen's install convention too",
			line: `go tool controller-gen object paths=./...`,
			want: `$(CRDGEN) generate --generators object ./...`,
		},
		{
			name: "a version check is left as it is",
			line: `test -s $(LOCALBIN)/controller-gen && $(LOCALBIN)/controller-gen --version | grep -q v0.23.0 || echo old`,
			want: `test -s $(LOCALBIN)/controller-gen && $(LOCALBIN)/controller-gen --version | grep -q v0.23.0 || echo old`,
		},
		{
			name: "go run",
			line: `go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0 object paths=./...`,
			want: `$(CRDGEN) generate --generators object ./...`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			makefile := recipe(tc.vars, tc.line)
			files, diags := migrated(t, map[string]string{"Makefile": makefile}, tc.defaults)
			if strings.Contains(diags, "error:") {
				t.Fatalf("diagnostics:\n%s", diags)
			}
			if _, ok := files["Makefile"]; !ok {
				files["Makefile"] = makefile
			}
			if got := recipeOf(files["Makefile"]); got != tc.want {
				t.Errorf("got\n\t%s\nwant\n\t%s", got, tc.want)
			}
		})
	}
}

// TestUnmappable checks that an option crdgen cannot map is an error at
// its Makefile line and column that names it, and nothing is written.
func TestUnmappable(t *testing.T) {
	for _, tc := range []struct {
		name, vars, line, want string
	}{
		{"v1beta1 CRDs", "", `$(CONTROLLER_GEN) crd:crdVersions=v1beta1 paths=./...`,
			`Makefile:4:20: error: crd:crdVersions=v1beta1 cannot be mapped: crdgen writes v1 CRDs only (no API server serves v1beta1 since Kubernetes 1.22)`},
		{"an option controller-gen does not have", "", `$(CONTROLLER_GEN) crd:trivialVersions=true paths=./...`,
			`Makefile:4:20: error: crd:trivialVersions: controller-gen's crd generator has no option "trivialVersions"`},
		{"a misspelt option", "", `$(CONTROLLER_GEN) rbac:roleNme=r paths=./...`,
			`Makefile:4:20: error: rbac:roleNme: controller-gen's rbac generator has no option "roleNme", did you mean "roleName"`},
		{"a misspelt generator", "", `$(CONTROLLER_GEN) crd webhok paths=./...`,
			`Makefile:4:24: error: "webhok" is not a controller-gen generator, output rule or paths=, did you mean "webhook"`},
		{"in a variable", "CRD_OPTIONS ?= crd:headerFile=h.txt", `$(CONTROLLER_GEN) $(CRD_OPTIONS) paths=./...`,
			`Makefile:4:20: error: crd:headerFile=h.txt cannot be mapped: crdgen writes no header above a CRD (in $(CRD_OPTIONS))`},
		{"a variable make alone knows", "GEN_OPTS ?= $(shell cat opts.txt)", `$(CONTROLLER_GEN) $(GEN_OPTS) paths=./...`,
			`Makefile:4:20: error: $(GEN_OPTS) = $(shell cat opts.txt) cannot be expanded without running make: crdgen migrate cannot tell which options it holds`},
		{"schemapatch", "", `$(CONTROLLER_GEN) schemapatch:manifests=config/crd paths=./...`,
			`Makefile:4:20: error: controller-gen's schemapatch generator has no crdgen equivalent`},
		{"DeepCopy into one directory", "", `$(CONTROLLER_GEN) object paths=./... output:object:dir=gen`,
			`Makefile:4:39: error: output rule for object: crdgen writes its Go files into the packages, not into one directory`},
		{"a rule for a generator not run", "", `$(CONTROLLER_GEN) object paths=./... output:crd:dir=x`,
			`Makefile:4:39: error: output rule for crd, which the line does not run (controller-gen: non-invoked generator "crd")`},
		{"two headers", "", `$(CONTROLLER_GEN) object:headerFile=a.txt applyconfiguration:headerFile=b.txt paths=./...`,
			`Makefile:4:44: error: applyconfiguration:headerFile=b.txt: crdgen gives every Go file one header, and this line also names a.txt`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files, diags := migrated(t, map[string]string{"Makefile": recipe(tc.vars, tc.line)}, Defaults{})
			if files != nil {
				t.Errorf("files to write despite errors: %v", files)
			}
			if !strings.Contains(diags, tc.want) {
				t.Errorf("got\n%s\nwant a line\n%s", diags, tc.want)
			}
		})
	}
}

// changedLines are the lines of b that a does not have at the same place,
// by a plain line diff: the removed and the added lines.
func changedLines(a, b string) (removed, added []string) {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	// Longest common subsequence, small inputs.
	n, m := len(al), len(bl)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if al[i] == bl[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && al[i] == bl[j]:
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			added = append(added, bl[j])
			j++
		default:
			removed = append(removed, al[i])
			i++
		}
	}
	return removed, added
}

// TestKubebuilderMakefile migrates a Makefile shaped as kubebuilder v4's
// scaffold: the manifests and generate lines and their prerequisites
// change, the install convention's lines are added next to
// controller-gen's, every other line stays, and a second run finds
// nothing to do.
func TestKubebuilderMakefile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "kubebuilder", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	files, diags := migrated(t, map[string]string{"Makefile": string(data)}, Defaults{HeaderFile: "hack/boilerplate.go.txt"})
	if diags != "" {
		t.Fatalf("diagnostics:\n%s", diags)
	}
	removed, added := changedLines(string(data), files["Makefile"])
	wantRemoved := []string{
		"manifests: controller-gen ## Write the CRDs, the role, the webhook configuration and the apply configurations.",
		`	"$(CONTROLLER_GEN)" rbac:roleName=manager-role crd webhook applyconfiguration:headerFile="hack/boilerplate.go.txt" paths="./..." output:crd:artifacts:config=config/crd/bases`,
		"generate: controller-gen ## Write the DeepCopy methods.",
		`	"$(CONTROLLER_GEN)" object:headerFile="hack/boilerplate.go.txt",year=$(YEAR) paths="./..."`,
	}
	wantAdded := []string{
		"manifests: crdgen ## Write the CRDs, the role, the webhook configuration and the apply configurations.",
		`	"$(CRDGEN)" generate --generators crd,rbac,webhook,applyconfiguration --role-name manager-role --header-file hack/boilerplate.go.txt -o config/crd/bases --rbac-dir config/rbac --webhook-dir config/webhook ./...`,
		"generate: crdgen ## Write the DeepCopy methods.",
		`	"$(CRDGEN)" generate --generators object --header-file hack/boilerplate.go.txt --year $(YEAR) ./...`,
		"CRDGEN ?= $(LOCALBIN)/crdgen",
		"CRDGEN_VERSION ?= v1.2.3",
		".PHONY: crdgen",
		"crdgen: $(CRDGEN) ## Download crdgen locally if necessary.",
		"$(CRDGEN): $(LOCALBIN)",
		"\t$(call go-install-tool,$(CRDGEN),github.com/crdgen/crdgen/cmd/crdgen,$(CRDGEN_VERSION))",
		"",
	}
	if strings.Join(removed, "\n") != strings.Join(wantRemoved, "\n") {
		t.Errorf("removed lines:\n%s\nwant:\n%s", strings.Join(removed, "\n"), strings.Join(wantRemoved, "\n"))
	}
	if strings.Join(added, "\n") != strings.Join(wantAdded, "\n") {
		t.Errorf("added lines:\n%s\nwant:\n%s", strings.Join(added, "\n"), strings.Join(wantAdded, "\n"))
	}
	// Once migrated, nothing is left to do.
	again, diags := migrated(t, map[string]string{"Makefile": files["Makefile"]}, Defaults{})
	if diags != "" || len(again) != 0 {
		t.Errorf("a second migration: %v\n%s", again, diags)
	}
}

// TestScriptsAndGoGenerate migrates controller-gen in a script the
// Makefile runs (which then gets CRDGEN from make) and in a go:generate
// directive, and writes crdgen.yaml for an option with no flag.
func TestScriptsAndGoGenerate(t *testing.T) {
	files, diags := migrated(t, map[string]string{
		"Makefile":               "CONTROLLER_GEN ?= bin/controller-gen\n\n.PHONY: generate\ngenerate: $(CONTROLLER_GEN)\n\t./hack/update-codegen.sh\n",
		"hack/update-codegen.sh": "#!/bin/sh\nset -e\n# controller-gen for the API\n\"${CONTROLLER_GEN}\" object paths=./api/... \\\n  rbac:roleName=r,fileName=cluster-role.yaml output:rbac:dir=deploy\necho done\n",
		"api/v1/doc.go":          "// Package v1 is an API.\npackage v1\n\n//go:generate controller-gen crd paths=. output:crd:dir=../../deploy/crds\n",
	}, Defaults{})
	if diags != "" {
		t.Fatalf("diagnostics:\n%s", diags)
	}
	want := map[string]string{
		"Makefile": "CONTROLLER_GEN ?= bin/controller-gen\nCRDGEN ?= bin/crdgen\nCRDGEN_VERSION ?= v1.2.3\n\n.PHONY: generate\ngenerate: $(CRDGEN)\n\tCRDGEN=\"$(CRDGEN)\" ./hack/update-codegen.sh\n" +
			"\n.PHONY: crdgen\ncrdgen: $(CRDGEN) ## Download crdgen locally if necessary.\n$(CRDGEN):\n\tGOBIN=\"$(abspath $(dir $(CRDGEN)))\" go install github.com/crdgen/crdgen/cmd/crdgen@$(CRDGEN_VERSION)\n",
		"hack/update-codegen.sh": "#!/bin/sh\nset -e\n# controller-gen for the API\n\"${CRDGEN:-crdgen}\" generate --generators object,rbac --role-name r --rbac-dir deploy ./api/...\necho done\n",
		"api/v1/doc.go":          "// Package v1 is an API.\npackage v1\n\n//go:generate crdgen generate --generators crd -o ../../deploy/crds .\n",
		"crdgen.yaml":            "# controller-gen options crdgen generate takes here (written by crdgen migrate).\nrbac:\n  fileName: \"cluster-role.yaml\"\n",
	}
	for name, text := range want {
		if files[name] != text {
			t.Errorf("%s:\n%s\nwant:\n%s", name, files[name], text)
		}
	}
	if len(files) != len(want) {
		t.Errorf("changed %d files, want %d: %v", len(files), len(want), files)
	}
}

// TestIncludedVariables reads the variables of an included file: the
// options a line takes from one, and controller-gen's path, after which
// crdgen's is named; the included file is not changed.
func TestIncludedVariables(t *testing.T) {
	files, diags := migrated(t, map[string]string{
		"Makefile":      "include hack/tools.mk\n\n.PHONY: manifests\nmanifests: $(CONTROLLER_GEN)\n\t$(CONTROLLER_GEN) $(CRD_OPTIONS) paths=./api/...\n",
		"hack/tools.mk": "BIN_DIR ?= $(CURDIR)/hack/bin\nCONTROLLER_GEN = $(BIN_DIR)/controller-gen\nCRD_OPTIONS := crd:maxDescLen=0 output:crd:dir=deploy\n",
	}, Defaults{})
	if diags != "" {
		t.Fatalf("diagnostics:\n%s", diags)
	}
	want := "include hack/tools.mk\n\nCRDGEN ?= $(BIN_DIR)/crdgen\nCRDGEN_VERSION ?= v1.2.3\n\n.PHONY: manifests\nmanifests: $(CRDGEN)\n\t$(CRDGEN) generate --generators crd --max-description-length 0 -o deploy ./api/...\n" +
		"\n.PHONY: crdgen\ncrdgen: $(CRDGEN) ## Download crdgen locally if necessary.\n$(CRDGEN):\n\tGOBIN=\"$(abspath $(dir $(CRDGEN)))\" go install github.com/crdgen/crdgen/cmd/crdgen@$(CRDGEN_VERSION)\n"
	if files["Makefile"] != want {
		t.Errorf("Makefile:\n%s\nwant:\n%s", files["Makefile"], want)
	}
	if _, changed := files["hack/tools.mk"]; changed || len(files) != 1 {
		t.Errorf("changed %v, want the Makefile only", files)
	}
}

// TestTargetsInstallCrdgen checks that every target that runs crdgen
// depends on its install target, whether or not it depended on
// controller-gen's, and that the lines it changes are listed whole.
func TestTargetsInstallCrdgen(t *testing.T) {
	dir := project(t, map[string]string{"Makefile": "gen: deps ## Generate.\n\tcontroller-gen object paths=./...\n"})
	res, diags, err := Run(Options{Dir: dir, Version: "v1.2.3"})
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	want := []Change{
		{File: "Makefile", Line: 1, Old: "gen: deps ## Generate.", New: "gen: crdgen deps ## Generate."},
		{File: "Makefile", Line: 2, Old: "controller-gen object paths=./...", New: "$(CRDGEN) generate --generators object ./..."},
	}
	if len(res.Changes) != len(want) {
		t.Fatalf("changes %v, want %v", res.Changes, want)
	}
	for i := range want {
		if res.Changes[i] != want[i] {
			t.Errorf("change %d: got %+v, want %+v", i, res.Changes[i], want[i])
		}
	}
}
