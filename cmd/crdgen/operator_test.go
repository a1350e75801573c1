package main

// These tests run the lines of real operators' Makefiles, mapped to crdgen
// as the migration guide maps them, on a repository laid out as those
// operators are: the API types a module of their own under api/ (with a
// replace to it in the root go.mod), the controllers and webhooks in the
// root module under internal/ and pkg/, and a line that first changes
// into a directory. Each line is "crdgen generate --generators ..." with
// the options of its controller-gen line and no others.

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// operatorTypes are the API types: a float field (the crd line passes
// allowDangerousTypes), a CEL rule on a template's metadata (the crd line
// passes generateEmbeddedObjectMeta: without it metadata has no
// namespace), and a RawExtension (a warning of the CRDs: the server keeps
// unknown fields there).
const operatorTypes = `// +kubebuilder:object:generate=true
// +groupName=shop.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a widget.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec              WidgetSpec ` + "`json:\"spec,omitempty\"`" + `
}

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// Ratio is a ratio.
	Ratio float32 ` + "`json:\"ratio\"`" + `
	// Template is the pods' template.
	// +kubebuilder:validation:XValidation:rule="self.metadata.namespace == ''",message="no namespace"
	Template Template ` + "`json:\"template\"`" + `
	// Extra is anything.
	// +optional
	Extra runtime.RawExtension ` + "`json:\"extra,omitempty\"`" + `
}

// Template is a template.
type Template struct {
	// +optional
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
}

// WidgetList lists widgets.
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta ` + "`json:\",inline\"`" + `
	metav1.ListMeta ` + "`json:\"metadata,omitempty\"`" + `
	Items           []Widget ` + "`json:\"items\"`" + `
}
`

// operatorWebhook is a webhook marker as two operators write it, with
// sideEffects=None twice.
const operatorWebhook = `package webhooks

// +kubebuilder:webhook:path=/validate-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=shop.example.com,resources=widgets,verbs=create;update,versions=v1,name=vwidget.shop.example.com,sideEffects=None,admissionReviewVersions=v1
// +kubebuilder:rbac:groups=shop.example.com,resources=widgets,verbs=get;list

// WidgetValidator validates widgets.
type WidgetValidator struct{}
`

// operatorProject makes the repository: api/ a nested module the root
// requires through a replace, internal/controller and pkg/webhooks in the
// root module, with RBAC and webhook markers and no kinds.
func operatorProject(t *testing.T) string {
	t.Helper()
	dir := tempModule(t, map[string]string{
		"api/v1/types.go":         operatorTypes,
		"hack/boilerplate.go.txt": "/*\nCopyright 2026 The Shop Authors.\n*/",
		"internal/controller/widget_controller.go": `package controller

// +kubebuilder:rbac:groups=shop.example.com,resources=widgets,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=shop.example.com,resources=widgets/status,verbs=get;update;patch

// WidgetReconciler reconciles widgets.
type WidgetReconciler struct{}
`,
		"internal/webhooks/widget_webhook.go": operatorWebhook,
	})
	api := filepath.Join(dir, "api")
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(strings.Replace(string(data), "module example.com/shop\n", "module example.com/shop/api\n", 1))
		if err := os.WriteFile(filepath.Join(api, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nimport _ \"example.com/shop/api/v1\"\n\nfunc main() {}\n"), 0o644)
	runOK(t, dir, "go", "mod", "edit", "-require=example.com/shop/api@v0.0.0", "-replace=example.com/shop/api=./api")
	runOK(t, dir, "go", "mod", "tidy")
	return dir
}

// crdLine is the project's controller-gen crd line, mapped:
// controller-gen crd:allowDangerousTypes=true,generateEmbeddedObjectMeta=true paths="./api/..." output:crd:artifacts:config=config/crd/bases
var crdLine = []string{"generate", "--generators", "crd", "--allow-dangerous-types", "--generate-embedded-object-meta", "-o", "config/crd/bases", "./api/..."}

// TestObjectLineBuildsNoCRDs runs the crd line, then the object line
// (controller-gen object:headerFile="hack/boilerplate.go.txt"
// paths="./..."), which has none of the crd line's options: it writes the
// DeepCopy methods of the nested module's types and builds, validates and
// warns about no CRD (a float field, a CEL rule on metadata that only
// generateEmbeddedObjectMeta describes, a RawExtension); -v has no time
// spent on CRDs. From inside api/ (cd api; controller-gen object ...) it
// finds the file up to date.
func TestObjectLineBuildsNoCRDs(t *testing.T) {
	if testing.Short() {
		t.Skip("makes modules and runs the go command")
	}
	dir := operatorProject(t)
	code, _, stderr := crdgenIn(t, dir, append(crdLine, "-v")...)
	if code != exitOK || !strings.Contains(stderr, "warning:") || !strings.Contains(stderr, ", CRDs ") {
		t.Fatalf("the crd line -v: exit %d, want success with the RawExtension's warning and the CRDs' time\n%s", code, stderr)
	}
	crd := filepath.Join(dir, "config", "crd", "bases", "shop.example.com_widgets.yaml")
	before, err := os.ReadFile(crd)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr = crdgenIn(t, dir, "generate", "--generators", "object", "--header-file", "hack/boilerplate.go.txt", "-v", "./...")
	if code != exitOK {
		t.Fatalf("the object line: exit %d\n%s", code, stderr)
	}
	if strings.Contains(stderr, "warning") || strings.Contains(stderr, "error") || strings.Contains(stderr, "CRDs") {
		t.Errorf("the object line spoke of the CRDs, or spent time on them:\n%s", stderr)
	}
	deepcopy, err := os.ReadFile(filepath.Join(dir, "api", "v1", "zz_generated.deepcopy.go"))
	if err != nil || !strings.Contains(string(deepcopy), "Copyright 2026 The Shop Authors.") || !strings.Contains(string(deepcopy), "func (in *WidgetSpec) DeepCopyInto(out *WidgetSpec) {") {
		t.Errorf("api/v1/zz_generated.deepcopy.go: %v\n%s", err, deepcopy)
	}
	if after, _ := os.ReadFile(crd); string(after) != string(before) {
		t.Error("the object line changed the CRD")
	}
	runOK(t, dir, "go", "vet", "./...")
	if code, _, stderr := crdgenIn(t, api(dir), "generate", "--generators", "object", "--header-file", "../hack/boilerplate.go.txt", "--check", "./..."); code != exitOK || stderr != "" {
		t.Errorf("cd api; the object line --check: exit %d\n%s", code, stderr)
	}
	// The crd line still needs its options: the CRD errors are the crd
	// generator's, and it is asked for.
	code, _, stderr = crdgenIn(t, dir, "generate", "--generators", "crd,object", "--header-file", "hack/boilerplate.go.txt", "./api/...")
	if code != exitFail || !strings.Contains(stderr, "--allow-dangerous-types") {
		t.Errorf("crd,object without the crd line's options: exit %d, want the float refused\n%s", code, stderr)
	}
}

func api(dir string) string { return filepath.Join(dir, "api") }

// TestRBACAndWebhookLinesWithoutKinds runs the lines that read only
// controllers and webhooks, where there is no kind: controller-gen
// rbac:roleName=manager-role webhook paths="./internal/..." from the root,
// and cd internal/webhooks; controller-gen rbac:roleName=webhook-role
// webhook paths="./...", which writes under internal/webhooks/config.
// Both write the role and the webhook configuration; a crd line over the
// same packages still finds no kind, which is then an error.
func TestRBACAndWebhookLinesWithoutKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("makes modules and runs the go command")
	}
	dir := operatorProject(t)
	code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "rbac,webhook", "--role-name", "manager-role", "./internal/...")
	if code != exitOK || strings.Contains(stderr, "no kinds") {
		t.Fatalf("rbac,webhook over ./internal/...: exit %d\n%s", code, stderr)
	}
	role, err := os.ReadFile(filepath.Join(dir, "config", "rbac", "role.yaml"))
	if err != nil || !strings.Contains(string(role), "name: manager-role") || !strings.Contains(string(role), "- widgets/status") {
		t.Errorf("config/rbac/role.yaml: %v\n%s", err, role)
	}
	hooks, err := os.ReadFile(filepath.Join(dir, "config", "webhook", "manifests.yaml"))
	if err != nil || !strings.Contains(string(hooks), "name: vwidget.shop.example.com") || !strings.Contains(string(hooks), "sideEffects: None") {
		t.Errorf("config/webhook/manifests.yaml: %v\n%s", err, hooks)
	}

	sub := filepath.Join(dir, "internal", "webhooks")
	if code, _, stderr := crdgenIn(t, sub, "generate", "--generators", "rbac,webhook", "--role-name", "webhook-role", "./..."); code != exitOK {
		t.Fatalf("cd internal/webhooks; rbac,webhook over ./...: exit %d\n%s", code, stderr)
	}
	role, err = os.ReadFile(filepath.Join(sub, "config", "rbac", "role.yaml"))
	if err != nil || !strings.Contains(string(role), "name: webhook-role") || strings.Contains(string(role), "widgets/status") {
		t.Errorf("internal/webhooks/config/rbac/role.yaml: %v\n%s", err, role)
	}
	if _, err := os.Stat(filepath.Join(sub, "config", "webhook", "manifests.yaml")); err != nil {
		t.Errorf("internal/webhooks/config/webhook/manifests.yaml: %v", err)
	}

	code, _, stderr = crdgenIn(t, dir, "generate", "--generators", "crd,rbac", "--role-name", "manager-role", "./internal/...")
	if want := "crdgen: error: no kinds found in ./internal/..."; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("crd,rbac over ./internal/...: exit %d, want %q in\n%s", code, want, stderr)
	}
}

// TestMarkerArgumentGivenTwice runs the webhook line over a marker with
// sideEffects=None twice: a warning at the second, and the configuration
// controller-gen writes (it takes the last, the same value). Two
// different values are an error that says which controller-gen takes.
func TestMarkerArgumentGivenTwice(t *testing.T) {
	if testing.Short() {
		t.Skip("makes modules and runs the go command")
	}
	dir := operatorProject(t)
	line := []string{"generate", "--generators", "webhook", "./internal/webhooks/..."}
	code, _, stderr := crdgenIn(t, dir, line...)
	col := strings.LastIndex(strings.Split(operatorWebhook, "\n")[2], "sideEffects=None") + 1
	want := "internal/webhooks/widget_webhook.go:3:" + strconv.Itoa(col) + `: warning: +kubebuilder:webhook: argument "sideEffects" given twice, with the same value; say it once`
	if code != exitOK || !strings.Contains(stderr, want) {
		t.Fatalf("sideEffects=None twice: exit %d, want %q in\n%s", code, want, stderr)
	}
	if hooks, err := os.ReadFile(filepath.Join(dir, "config", "webhook", "manifests.yaml")); err != nil || strings.Count(string(hooks), "sideEffects: None") != 1 {
		t.Errorf("config/webhook/manifests.yaml: %v\n%s", err, hooks)
	}

	file := filepath.Join(dir, "internal", "webhooks", "widget_webhook.go")
	os.WriteFile(file, []byte(strings.Replace(operatorWebhook, "name=vwidget.shop.example.com,sideEffects=None", "name=vwidget.shop.example.com,sideEffects=NoneOnDryRun", 1)), 0o644)
	code, _, stderr = crdgenIn(t, dir, line...)
	want = "internal/webhooks/widget_webhook.go:3:" + strconv.Itoa(col) + `: error: +kubebuilder:webhook: argument "sideEffects" given twice, with different values: None, then NoneOnDryRun (controller-gen takes the last; say it once)`
	if code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("two values of sideEffects: exit %d, want %q in\n%s", code, want, stderr)
	}
}

// TestControllerGenPathLists runs the rbac line with its packages written
// as controller-gen's paths= lists them (paths="{./internal/controller/...,
// ./internal/webhooks/...}" and paths="./internal/controller/...;./internal/webhooks/..."):
// each writes the role that the patterns as separate arguments write (what
// several paths= arguments map to), and paths= itself is a usage error
// that says how crdgen takes them.
func TestControllerGenPathLists(t *testing.T) {
	if testing.Short() {
		t.Skip("makes modules and runs the go command")
	}
	dir := operatorProject(t)
	role := filepath.Join(dir, "config", "rbac", "role.yaml")
	line := []string{"generate", "--generators", "rbac", "--role-name", "manager-role"}
	if code, _, stderr := crdgenIn(t, dir, append(line, "./internal/controller/...", "./internal/webhooks/...")...); code != exitOK {
		t.Fatalf("two patterns: exit %d\n%s", code, stderr)
	}
	want, err := os.ReadFile(role)
	if err != nil || !strings.Contains(string(want), "- widgets/status") || !strings.Contains(string(want), "- list") {
		t.Fatalf("role.yaml of both packages: %v\n%s", err, want)
	}
	for _, list := range []string{"{./internal/controller/..., ./internal/webhooks/...}", "./internal/controller/...;./internal/webhooks/..."} {
		os.Remove(role)
		if code, _, stderr := crdgenIn(t, dir, append(line, list)...); code != exitOK {
			t.Errorf("%q: exit %d\n%s", list, code, stderr)
		}
		if got, _ := os.ReadFile(role); string(got) != string(want) {
			t.Errorf("%q wrote another role:\n%s", list, got)
		}
	}
	code, _, stderr := crdgenIn(t, dir, append(line, "paths=./internal/...")...)
	if want := `"paths=./internal/..." is controller-gen's; crdgen takes the packages as arguments: ./internal/...`; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("paths=: exit %d, want %q in\n%s", code, want, stderr)
	}
}
