package main

// These tests run crdgen generate in a project laid out as kubebuilder
// scaffolds one, with no crdgen.yaml and no arguments: it must do what the
// scaffold's make manifests generate does, in kubebuilder's directories.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kubebuilderProject is a small project as kubebuilder scaffolds it: a
// PROJECT file, an API package, a controller with RBAC markers and a
// webhook with its marker, and the boilerplate header.
func kubebuilderProject(t *testing.T) string {
	t.Helper()
	return tempModule(t, map[string]string{
		"PROJECT":                 "domain: example.com\nlayout:\n- go.kubebuilder.io/v4\nprojectName: shop\nrepo: example.com/shop\nversion: \"3\"\n",
		"hack/boilerplate.go.txt": "/*\nCopyright YEAR The Shop Authors.\n*/",
		"api/v1/types.go":         strings.ReplaceAll(strings.Replace(shopTypes, "// +groupName=", "// +kubebuilder:object:generate=true\n// +groupName=", 1), "\ntype Widget struct", "\n// +kubebuilder:object:root=true\ntype Widget struct"),
		"internal/controller/widget_controller.go": `package controller

// +kubebuilder:rbac:groups=shop.example.com,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=shop.example.com,resources=widgets/status,verbs=get;update;patch

// WidgetReconciler reconciles widgets.
type WidgetReconciler struct{}
`,
		"internal/webhook/v1/widget_webhook.go": `package v1

// +kubebuilder:webhook:path=/validate-shop-example-com-v1-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=shop.example.com,resources=widgets,verbs=create;update,versions=v1,name=vwidget-v1.kb.io,admissionReviewVersions=v1

// WidgetCustomValidator validates widgets.
type WidgetCustomValidator struct{}
`,
	})
}

// TestKubebuilderProjectWithNoSettings runs generate with no flags, no
// crdgen.yaml and no arguments from a subdirectory of the project: the
// CRDs, the role and the webhook configuration go where kubebuilder keeps
// them, a second run and --check find nothing to do, a person's role.yaml
// with other objects in it is never replaced, and --generators narrows
// the run.
func TestKubebuilderProjectWithNoSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := kubebuilderProject(t)
	code, _, stderr := crdgenIn(t, filepath.Join(dir, "internal", "controller"), "generate")
	if code != exitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	role, err := os.ReadFile(filepath.Join(dir, "config", "rbac", "role.yaml"))
	if err != nil || !strings.HasPrefix(string(role), "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager-role\n") {
		t.Errorf("config/rbac/role.yaml: %v\n%s", err, role)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "webhook", "manifests.yaml")); err != nil {
		t.Errorf("config/webhook/manifests.yaml: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "shop.example.com_widgets.yaml")); err != nil {
		t.Errorf("the CRD: %v", err)
	}
	deepcopy, err := os.ReadFile(filepath.Join(dir, "api", "v1", "zz_generated.deepcopy.go"))
	if err != nil || !strings.Contains(string(deepcopy), "Copyright 20") || !strings.Contains(string(deepcopy), "func (in *Widget) DeepCopyObject() runtime.Object {") {
		t.Errorf("api/v1/zz_generated.deepcopy.go: %v\n%s", err, deepcopy)
	}
	if code, stdout, stderr := crdgenIn(t, dir, "generate", "--check"); code != exitOK {
		t.Errorf("--check after generate: exit %d\n%s%s", code, stdout, stderr)
	}
	runOK(t, dir, "go", "vet", "./...")

	// A new field: --check names the DeepCopy file among what is stale, and
	// the command that fixes it.
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "`json:\"size\"`\n", "`json:\"size\"`\n\t// +optional\n\tTags []string `json:\"tags,omitempty\"`\n", 1)), 0o644)
	code, _, stderr = crdgenIn(t, dir, "generate", "--check")
	if want := `api/v1/zz_generated.deepcopy.go:`; code != exitFail || !strings.Contains(stderr, want) || !strings.Contains(stderr, `run "crdgen generate" to update it`) {
		t.Errorf("--check after a new field: exit %d, want %q in\n%s", code, want, stderr)
	}
	if code, _, stderr := crdgenIn(t, dir, "generate"); code != exitOK {
		t.Fatalf("generate after a new field: exit %d\n%s", code, stderr)
	}
	runOK(t, dir, "go", "vet", "./...")

	// A role.yaml a person keeps, with a binding in it, is not replaced.
	kept := "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: mine\n"
	os.WriteFile(filepath.Join(dir, "config", "rbac", "role.yaml"), []byte(kept), 0o644)
	code, _, stderr = crdgenIn(t, dir, "generate")
	if want := "config/rbac/role.yaml holds a RoleBinding at line 2, which crdgen did not write"; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("a person's role.yaml: exit %d, want %q in\n%s", code, want, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "config", "rbac", "role.yaml")); string(data) != kept {
		t.Error("a person's role.yaml was replaced")
	}
	if code, _, stderr = crdgenIn(t, dir, "generate", "--generators", "crd,webhook"); code != exitOK {
		t.Errorf("--generators crd,webhook: exit %d\n%s", code, stderr)
	}
	code, _, stderr = crdgenIn(t, dir, "generate", "--generators", "crd,rbca")
	if want := `no generator "rbca", did you mean "rbac"`; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("a misspelt generator: exit %d, want %q in\n%s", code, want, stderr)
	}
}

// TestConversionWithGeneratedDeepCopy has two versions of a kind with no
// DeepCopy methods at all: generate, with the object generator, writes
// them and the conversions in one run (they make the kinds
// runtime.Objects), and the package builds and passes its round-trip test.
func TestConversionWithGeneratedDeepCopy(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	files := caseFiles(t, "conversion_opted_in_tests_hand_written_methods", "example.com/shop", "v1", "v2")
	for _, v := range []string{"v1", "v2"} {
		delete(files, "api/"+v+"/deepcopy.go")
		info := "api/" + v + "/groupversion_info.go"
		files[info] = strings.Replace(files[info], "// +groupName=", "// +kubebuilder:object:generate=true\n// +groupName=", 1)
		types := "api/" + v + "/widget_types.go"
		files[types] = strings.Replace(files[types], "type Widget struct", "// +kubebuilder:object:root=true\ntype Widget struct", 1)
	}
	dir := tempModule(t, files)
	code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "crd,conversion,object", "./api/...")
	if code != exitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	for _, f := range []string{"v1/zz_generated.deepcopy.go", "v2/zz_generated.deepcopy.go", "v2/zz_generated.conversion.go"} {
		if _, err := os.Stat(filepath.Join(dir, "api", f)); err != nil {
			t.Errorf("api/%s: %v", f, err)
		}
	}
	runOK(t, dir, "go", "vet", "./...")
	runOK(t, dir, "go", "test", "./api/...")
}

// TestGeneratorsNotAskedForWriteNothing has a kubebuilder project whose
// kind has two versions that do not convert field by field and no
// conversion at all, as kuberay's v1alpha1 and v1 (served side by side
// with no webhook): generate with no flags does what make manifests
// generate does, so it writes no conversion (which would not build until
// someone wrote the missing function); --generators object writes no CRD;
// --generators conversion writes the conversions and nothing else.
func TestGeneratorsNotAskedForWriteNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	files := caseFiles(t, "conversion_missing_hand_written_function", "example.com/shop", "v1", "v1alpha1")
	for _, v := range []string{"v1", "v1alpha1"} {
		types := "api/" + v + "/types.go"
		files[types] = strings.Replace(strings.Replace(files[types], "// +groupName=", "// +kubebuilder:object:generate=true\n// +groupName=", 1),
			"type Shop struct", "// +kubebuilder:object:root=true\ntype Shop struct", 1)
	}
	files["PROJECT"] = "domain: example.com\nlayout:\n- go.kubebuilder.io/v4\nprojectName: shop\nrepo: example.com/shop\nversion: \"3\"\n"
	files["hack/boilerplate.go.txt"] = "/*\nCopyright YEAR The Shop Authors.\n*/"
	dir := tempModule(t, files)
	crd := filepath.Join(dir, "config", "crd", "bases", "store.example.com_shops.yaml")
	conv := filepath.Join(dir, "api", "v1alpha1", "zz_generated.conversion.go")

	if code, _, stderr := crdgenIn(t, dir, "generate"); code != exitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	for _, f := range []string{crd, filepath.Join(dir, "api", "v1", "zz_generated.deepcopy.go"), filepath.Join(dir, "api", "v1alpha1", "zz_generated.deepcopy.go")} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("generate in a kubebuilder project: %v", err)
		}
	}
	if _, err := os.Stat(conv); err == nil {
		t.Error("generate in a kubebuilder project wrote a conversion, which make manifests generate does not")
	}
	runOK(t, dir, "go", "vet", "./...")

	os.Remove(crd)
	if code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "object"); code != exitOK {
		t.Fatalf("--generators object: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(crd); err == nil {
		t.Error("--generators object wrote the CRD")
	}
	if _, err := os.Stat(conv); err == nil {
		t.Error("--generators object wrote a conversion")
	}
	if code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "conversion"); code != exitOK || !strings.Contains(stderr, "Convert_v1alpha1_ShopSpec_To_v1_ShopSpec") {
		t.Fatalf("--generators conversion: exit %d, want the function to write in\n%s", code, stderr)
	}
	if _, err := os.Stat(conv); err != nil {
		t.Errorf("--generators conversion: %v", err)
	}
	if _, err := os.Stat(crd); err == nil {
		t.Error("--generators conversion wrote the CRD")
	}
}

// TestApplyConfigurationsKeepTheDocs runs generate for the apply
// configurations alone: a +genclient in a type's comment makes it a root,
// and they carry each type's and field's doc comment, as code-generator's
// do; the load keeps those comments only when apply configurations are
// asked for.
func TestApplyConfigurationsKeepTheDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := kubebuilderProject(t)
	types := filepath.Join(dir, "api", "v1", "types.go")
	data, _ := os.ReadFile(types)
	// +genclient in a type's comment makes it a root for code-generator,
	// which reads the comments themselves.
	data = []byte(strings.Replace(string(data), "\ntype Widget struct", "\n// +genclient\ntype Widget struct", 1))
	os.WriteFile(types, []byte(strings.Replace(string(data), "// +groupName=", "// +kubebuilder:ac:generate=true\n// +groupName=", 1)), 0o644)
	// The apply configurations name the group and version by this variable.
	os.WriteFile(filepath.Join(dir, "api", "v1", "groupversion_info.go"), []byte("package v1\n\nimport \"k8s.io/apimachinery/pkg/runtime/schema\"\n\n// SchemeGroupVersion is the group and version of these types.\nvar SchemeGroupVersion = schema.GroupVersion{Group: \"shop.example.com\", Version: \"v1\"}\n"), 0o644)
	if code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "applyconfiguration"); code != exitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	spec, err := os.ReadFile(filepath.Join(dir, "api", "v1", "applyconfiguration", "api", "v1", "widgetspec.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// WidgetSpec is a widget's spec.\n", "\t// Size is the size.\n\tSize *int32"} {
		if !strings.Contains(string(spec), want) {
			t.Errorf("widgetspec.go lacks %q:\n%s", want, spec)
		}
	}
}
