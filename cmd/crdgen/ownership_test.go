package main

// These tests hold every output kind to the promise the docs make: crdgen
// rewrites or removes only files it can prove are its own, and writes
// nowhere outside the project unless the command line says so. Each is a
// case a hostile audit of a kubebuilder project found crdgen breaking.

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// acProject is kubebuilderProject with apply configurations turned on
// for api/v1 (their SchemeGroupVersion too), and crdgen.yaml's extra
// lines, if any.
func acProject(t *testing.T, config string) string {
	t.Helper()
	dir := kubebuilderProject(t)
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "// +groupName=", "// +kubebuilder:ac:generate=true\n// +groupName=", 1)), 0o644)
	os.WriteFile(filepath.Join(dir, "api", "v1", "groupversion_info.go"), []byte("package v1\n\nimport \"k8s.io/apimachinery/pkg/runtime/schema\"\n\n// SchemeGroupVersion is the group and version of these types.\nvar SchemeGroupVersion = schema.GroupVersion{Group: \"shop.example.com\", Version: \"v1\"}\n"), 0o644)
	if config != "" {
		os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte(config), 0o644)
	}
	return dir
}

// mustGenerate runs generate with args and fails the test unless it
// succeeds.
func mustGenerate(t *testing.T, dir string, args ...string) {
	t.Helper()
	if code, stdout, stderr := crdgenIn(t, dir, append([]string{"generate"}, args...)...); code != exitOK {
		t.Fatalf("generate %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
	}
}

// refused runs generate with args, which must fail with want in what it
// prints and leave every file of dir (and of more, when given) as it was.
func refused(t *testing.T, dir, want string, more string, args ...string) {
	t.Helper()
	before := snapshot(t, dir)
	var outside map[string]string
	if more != "" {
		outside = snapshot(t, more)
	}
	code, stdout, stderr := crdgenIn(t, dir, append([]string{"generate"}, args...)...)
	if code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("generate %s: exit %d, want 1 and %q in\n%s%s", strings.Join(args, " "), code, want, stdout, stderr)
	}
	if after := snapshot(t, dir); !equalSnapshots(before, after) {
		t.Errorf("generate %s changed files it refused to write:\n%s", strings.Join(args, " "), diffSnapshots(before, after))
	}
	if more != "" {
		if after := snapshot(t, more); !equalSnapshots(outside, after) {
			t.Errorf("generate %s wrote outside the project:\n%s", strings.Join(args, " "), diffSnapshots(outside, after))
		}
	}
}

// TestAPersonsManifestsAreKept puts a person's document beside crdgen's
// in role.yaml and manifests.yaml, wherever YAML lets it stand: first
// with no "---", after a "--- # comment" line. Each run is refused at
// the file with the document's line and kind, and the file is kept; a
// header file that is not comments only is refused at the header file.
func TestAPersonsManifestsAreKept(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := kubebuilderProject(t)
	mustGenerate(t, dir)
	rolePath := filepath.Join(dir, "config", "rbac", "role.yaml")
	role, _ := os.ReadFile(rolePath)
	binding := "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: mine\n"

	os.WriteFile(rolePath, []byte(binding+string(role)), 0o644)
	refused(t, dir, "config/rbac/role.yaml holds a RoleBinding at line 1, which crdgen did not write", "", "--generators", "rbac")

	os.WriteFile(rolePath, append(role, "--- # kept by hand\n"+binding...), 0o644)
	line := strings.Count(string(role), "\n") + 2
	refused(t, dir, "config/rbac/role.yaml holds a RoleBinding at line "+strconv.Itoa(line)+", which crdgen did not write", "", "--generators", "rbac")
	os.WriteFile(rolePath, role, 0o644)

	hooksPath := filepath.Join(dir, "config", "webhook", "manifests.yaml")
	hooks, _ := os.ReadFile(hooksPath)
	os.WriteFile(hooksPath, append([]byte("apiVersion: v1\nkind: Service\nmetadata:\n  name: webhook-service\n"), hooks...), 0o644)
	refused(t, dir, "config/webhook/manifests.yaml holds a Service at line 1", "", "--generators", "webhook")
	os.WriteFile(hooksPath, hooks, 0o644)

	os.WriteFile(filepath.Join(dir, "hack", "rbac-header.txt"), []byte("# Copyright YEAR\n---\napiVersion: v1\nkind: Secret\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("rbac:\n  headerFile: hack/rbac-header.txt\n"), 0o644)
	refused(t, dir, "hack/rbac-header.txt:2:1: error: a header of manifests must be YAML comments only", "", "--generators", "rbac")
	os.WriteFile(filepath.Join(dir, "hack", "rbac-header.txt"), []byte("# Copyright YEAR\n"), 0o644)
	mustGenerate(t, dir, "--generators", "rbac")
	if data, _ := os.ReadFile(rolePath); !strings.HasPrefix(string(data), "# Copyright 20") {
		t.Errorf("a header of comments only is not written:\n%s", data)
	}
}

// TestEveryOutputKindIsGuarded puts a person's file where each kind of
// output goes, and every run is refused at it: a JSON Schema, a CRD file
// that holds a ConfigMap, a cost report over a file that is not one, an
// API reference page, a DeepCopy file written by hand.
func TestEveryOutputKindIsGuarded(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := kubebuilderProject(t)
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("jsonSchema:\n  layout: catalog\ndocs:\n  outputDir: docs/api\n"), 0o644)
	mustGenerate(t, dir)
	for _, tc := range []struct{ file, mine, want string }{
		{"config/jsonschema/shop.example.com/widget_v1.json", `{"title":"mine"}`, `config/jsonschema/shop.example.com/widget_v1.json was not written by crdgen (it starts "{\"title\":\"mine\"}")`},
		{"config/crd/bases/shop.example.com_widgets.yaml", "apiVersion: v1\nkind: ConfigMap\n", "config/crd/bases/shop.example.com_widgets.yaml holds a ConfigMap at line 1, which crdgen did not write"},
		{"docs/api/index.md", "# Our API\n", `docs/api/index.md was not written by crdgen (it starts "# Our API")`},
		{"api/v1/zz_generated.deepcopy.go", "package v1\n\n// kept by hand\n", `api/v1/zz_generated.deepcopy.go was not written by crdgen (it starts "package v1")`},
	} {
		path := filepath.Join(dir, tc.file)
		old, _ := os.ReadFile(path)
		os.WriteFile(path, []byte(tc.mine), 0o644)
		refused(t, dir, tc.want, "")
		os.WriteFile(path, old, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "NOTES.md"), []byte("# Notes\n"), 0o644)
	refused(t, dir, `NOTES.md was not written by crdgen (it starts "# Notes")`, "", "--cost-report", "NOTES.md")
	mustGenerate(t, dir, "--cost-report", "cost.md")
	mustGenerate(t, dir, "--cost-report", "cost.md")
}

// TestOutputsStayInTheProject places outputs outside the project by a
// marker and by crdgen.yaml: each is refused at its marker or line, with
// nothing written anywhere, until the command line names the directory.
func TestOutputsStayInTheProject(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	outside := filepath.Join(t.TempDir(), "elsewhere")
	os.Mkdir(outside, 0o755)
	dir := acProject(t, "")
	rel, err := filepath.Rel(filepath.Join(dir, "api", "v1"), outside)
	if err != nil {
		t.Fatal(err)
	}
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "// +groupName=", "// +kubebuilder:ac:output:package="+filepath.ToSlash(rel)+"\n// +groupName=", 1)), 0o644)
	refused(t, dir, "api/v1/types.go:3:4: error: +kubebuilder:ac:output:package="+filepath.ToSlash(rel)+" puts the apply configurations of example.com/shop/api/v1 outside the project", outside)
	mustGenerate(t, dir, "--generators", "applyconfiguration", "--allow-outside", outside)
	if _, err := os.Stat(filepath.Join(outside, "utils.go")); err != nil {
		t.Errorf("--allow-outside: %v", err)
	}
	os.WriteFile(types, data, 0o644)

	for _, tc := range []struct{ config, want string }{
		{"docs:\n  outputDir: " + outside + "\n", "crdgen.yaml:2: docs.outputDir: " + outside + " is outside the project"},
		{"rbac:\n  roleName: r\n  outputDir: ../elsewhere\n", "crdgen.yaml:3: rbac.outputDir: " + filepath.Join(filepath.Dir(dir), "elsewhere") + " is outside the project"},
		{"jsonSchema:\n  outputDir: " + outside + "\n", "crdgen.yaml:2: jsonSchema.outputDir"},
		{"rbac:\n  fileName: ../../role.yaml\n", `crdgen.yaml:2: rbac.fileName: want a file name (the role goes in rbac.outputDir), got "../../role.yaml"`},
	} {
		os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte(tc.config), 0o644)
		refused(t, dir, tc.want, outside)
	}
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("docs:\n  outputDir: "+outside+"\n"), 0o644)
	mustGenerate(t, dir, "--allow-outside", outside)
	os.Remove(filepath.Join(dir, "crdgen.yaml"))
	// An output directory on the command line says it in so many words.
	mustGenerate(t, dir, "--generators", "crd", "-o", filepath.Join(outside, "crds"))
	if _, err := os.Stat(filepath.Join(outside, "crds", "shop.example.com_widgets.yaml")); err != nil {
		t.Errorf("-o outside the project: %v", err)
	}
}

// TestLinksOutOfTheProjectAreNotWrittenThrough makes outputs symbolic
// links to places outside the project: role.yaml, a DeepCopy file, the
// API reference's directory. Each run is refused and the files outside
// stay as they were; a link that stays inside the project is written
// through, and --allow-outside lets one out.
func TestLinksOutOfTheProjectAreNotWrittenThrough(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	outside := t.TempDir()
	dir := kubebuilderProject(t)
	os.WriteFile(filepath.Join(dir, "crdgen.yaml"), []byte("docs:\n  outputDir: docs/api\n"), 0o644)
	mustGenerate(t, dir)
	// edit gives every output something new: a field (the DeepCopy code,
	// the reference) and a rule (the role).
	edit := func(n int) {
		types := filepath.Join(dir, "api", "v1", "types.go")
		data, _ := os.ReadFile(types)
		field := fmt.Sprintf("\t// Tags%d are tags.\n\t// +optional\n\tTags%d []string `json:\"tags%d,omitempty\"`\n", n, n, n)
		os.WriteFile(types, []byte(strings.Replace(string(data), "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n"+field, 1)), 0o644)
		ctrl := filepath.Join(dir, "internal", "controller", "widget_controller.go")
		data, _ = os.ReadFile(ctrl)
		rule := fmt.Sprintf("// +kubebuilder:rbac:groups=shop.example.com,resources=things%d,verbs=get\n", n)
		os.WriteFile(ctrl, []byte(strings.Replace(string(data), "package controller\n\n", "package controller\n\n"+rule, 1)), 0o644)
	}
	for i, link := range []string{"config/rbac/role.yaml", "api/v1/zz_generated.deepcopy.go", "docs/api"} {
		path := filepath.Join(dir, link)
		target := filepath.Join(outside, filepath.Base(link))
		if err := os.Rename(path, target); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, path); err != nil {
			t.Fatal(err)
		}
		edit(i)
		refused(t, dir, "outside the project, through a symbolic link", outside)
		mustGenerate(t, dir, "--allow-outside", outside)
		os.Remove(path)
		os.Rename(target, path)
	}
	// A link that stays in the project is written through.
	role := filepath.Join(dir, "config", "rbac", "role.yaml")
	os.Rename(role, filepath.Join(dir, "config", "rbac", "real-role.yaml"))
	os.Symlink("real-role.yaml", role)
	edit(3)
	mustGenerate(t, dir)
	if data, _ := os.ReadFile(filepath.Join(dir, "config", "rbac", "real-role.yaml")); !strings.Contains(string(data), "kind: ClusterRole") {
		t.Errorf("the link inside the project was not written through:\n%s", data)
	}
}

// TestFieldsNamedLikeDeepCopyMethodsAreErrors has a struct with a field
// named DeepCopy: its methods would not compile, so the run is refused at
// the field and writes nothing.
func TestFieldsNamedLikeDeepCopyMethodsAreErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := kubebuilderProject(t)
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// DeepCopy says whether to copy.\n\tDeepCopy bool `json:\"deepCopy,omitempty\"`\n", 1)), 0o644)
	refused(t, dir, `api/v1/types.go:21:2: error: field "DeepCopy" of WidgetSpec has the name of a method its DeepCopy code needs`, "")
}

// TestStaleApplyConfigurationsAreRemoved removes a type an apply
// configuration was written for: --check reports its file stale, and
// generate removes it, as it removes a stale CRD.
func TestStaleApplyConfigurationsAreRemoved(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := acProject(t, "")
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	withExtra := strings.Replace(string(data), "\ntype Widget struct", "\n// +genclient\ntype Widget struct", 1)
	withExtra = strings.Replace(withExtra, "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// +optional\n\tExtra *Extra `json:\"extra,omitempty\"`\n", 1)
	withExtra += "\n// Extra is more.\ntype Extra struct {\n\tNote string `json:\"note\"`\n}\n"
	os.WriteFile(types, []byte(withExtra), 0o644)
	mustGenerate(t, dir, "--generators", "applyconfiguration")
	// The apply configurations import client-go, as a project's do.
	runOK(t, dir, "go", "mod", "tidy")
	extra := filepath.Join(dir, "api", "v1", "applyconfiguration", "api", "v1", "extra.go")
	if _, err := os.Stat(extra); err != nil {
		t.Fatal(err)
	}
	// A file of controller-gen's beside it stays, as controller-gen leaves it.
	theirs := filepath.Join(filepath.Dir(extra), "old.go")
	os.WriteFile(theirs, []byte("// Code generated by controller-gen. DO NOT EDIT.\n\npackage v1\n"), 0o644)
	noExtra := strings.Replace(withExtra, "\t// +optional\n\tExtra *Extra `json:\"extra,omitempty\"`\n", "", 1)
	noExtra = noExtra[:strings.Index(noExtra, "\n// Extra is more.")] + "\n"
	os.WriteFile(types, []byte(noExtra), 0o644)
	code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "applyconfiguration", "--check")
	if want := "api/v1/applyconfiguration/api/v1/extra.go:1: error: stale"; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("--check after the type went: exit %d, want %q in\n%s", code, want, stderr)
	}
	mustGenerate(t, dir, "--generators", "applyconfiguration")
	if _, err := os.Stat(extra); err == nil {
		t.Error("the apply configuration of a type that is gone was left")
	}
	if _, err := os.Stat(theirs); err != nil {
		t.Errorf("controller-gen's file was removed: %v", err)
	}
}

// TestAConflictedGeneratedFileIsRegenerated leaves merge conflict markers
// in an apply configuration and in a DeepCopy file: both are crdgen's by
// their header, and both are written again.
func TestAConflictedGeneratedFileIsRegenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := acProject(t, "")
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "\ntype Widget struct", "\n// +genclient\ntype Widget struct", 1)), 0o644)
	mustGenerate(t, dir)
	// The apply configurations import client-go, as a project's do.
	runOK(t, dir, "go", "mod", "tidy")
	mustGenerate(t, dir)
	for _, file := range []string{"api/v1/applyconfiguration/api/v1/widgetspec.go", "api/v1/zz_generated.deepcopy.go"} {
		path := filepath.Join(dir, file)
		good, _ := os.ReadFile(path)
		lines := strings.SplitAfter(string(good), "\n")
		mid := len(lines) / 2
		conflicted := strings.Join(lines[:mid], "") + "<<<<<<< HEAD\n" + lines[mid] + "=======\n" + lines[mid] + ">>>>>>> theirs\n" + strings.Join(lines[mid+1:], "")
		os.WriteFile(path, []byte(conflicted), 0o644)
		mustGenerate(t, dir)
		if now, _ := os.ReadFile(path); string(now) != string(good) {
			t.Errorf("%s was not written again:\n%s", file, now)
		}
	}
}

// TestAHeaderThatIsNotAGoCommentIsOneError gives the Go files a header
// that is not a comment: one error, at the header file, and nothing
// written.
func TestAHeaderThatIsNotAGoCommentIsOneError(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := acProject(t, "")
	os.WriteFile(filepath.Join(dir, "hack", "boilerplate.go.txt"), []byte("Copyright YEAR The Shop Authors.\n"), 0o644)
	refused(t, dir, "hack/boilerplate.go.txt:1:1: error: the header of generated Go files must be Go comments only", "")
	_, _, stderr := crdgenIn(t, dir, "generate")
	if n := strings.Count(stderr, "must be Go comments only"); n != 1 {
		t.Errorf("the header's error is printed %d times, want once:\n%s", n, stderr)
	}
}

// TestManifestsNoMarkerMakesAreWarnedOf removes every rbac and webhook
// marker: role.yaml and manifests.yaml are left, as controller-gen leaves
// them, with a warning at each.
func TestManifestsNoMarkerMakesAreWarnedOf(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := kubebuilderProject(t)
	mustGenerate(t, dir)
	os.RemoveAll(filepath.Join(dir, "internal"))
	code, _, stderr := crdgenIn(t, dir, "generate")
	for _, want := range []string{
		"config/rbac/role.yaml:1:1: warning: no +kubebuilder:rbac marker makes this file any more",
		"config/webhook/manifests.yaml:1:1: warning: no +kubebuilder:webhook marker makes this file any more",
	} {
		if code != exitOK || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, want 0 and %q in\n%s", code, want, stderr)
		}
	}
	for _, f := range []string{"config/rbac/role.yaml", "config/webhook/manifests.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestOpenShiftManifestsAreOwnedByContent puts a ConfigMap named like a
// manifest beside openshift's layout and one at a manifest's path: the
// first is kept (it is no CRD of the packages' groups), the second refused.
func TestOpenShiftManifestsAreOwnedByContent(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	files := map[string]string{}
	src := filepath.Join(repoRoot(t), "testdata", "openshift_one_crd_per_version_package")
	filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if !strings.HasPrefix(rel, "want") && !strings.HasSuffix(rel, "commands.txt") {
			data, _ := os.ReadFile(path)
			files[rel] = string(data)
		}
		return nil
	})
	dir := tempModule(t, files)
	if code, _, stderr := crdgenIn(t, dir, "crd", "./..."); code != exitOK {
		t.Fatalf("crd: exit %d\n%s", code, stderr)
	}
	manifests := filepath.Join(dir, "v1", "zz_generated.crd-manifests")
	configMap := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mine\n"
	os.WriteFile(filepath.Join(manifests, "zz_mine.crd.yaml"), []byte(configMap), 0o644)
	if code, _, stderr := crdgenIn(t, dir, "crd", "./..."); code != exitOK {
		t.Fatalf("crd with a ConfigMap beside: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(manifests, "zz_mine.crd.yaml")); string(data) != configMap {
		t.Error("a ConfigMap named *.crd.yaml was removed")
	}
	path := filepath.Join(manifests, "manageds.crd.yaml")
	os.WriteFile(path, []byte(configMap), 0o644)
	code, _, stderr := crdgenIn(t, dir, "crd", "./...")
	if want := "v1/zz_generated.crd-manifests/manageds.crd.yaml holds a ConfigMap at line 1"; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("a ConfigMap at a manifest's path: exit %d, want %q in\n%s", code, want, stderr)
	}
}
