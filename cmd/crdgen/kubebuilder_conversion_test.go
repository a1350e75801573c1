package main

// These tests follow a kubebuilder project with two versions of a kind
// (hub v1, spoke v2, as "kubebuilder create webhook --conversion --spoke
// v2" lays them out) through what its users run: make manifests generate
// (crdgen generate with no flags), a drift check, and the conversion
// workflow.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// orderGroupVersion is an API package's groupversion_info.go, in
// kubebuilder's shape.
func orderGroupVersion(version string) string {
	return `// Package ` + version + ` contains API Schema definitions for the store ` + version + ` API group.
// +kubebuilder:object:generate=true
// +groupName=store.example.com
package ` + version + `

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "store.example.com", Version: "` + version + `"}

	// SchemeBuilder is used to add go types to the GroupVersionKind scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
`
}

// orderTypes is an API package's order_types.go: Order with a priority
// (an enum each version has its own values of) and a quantity; extra
// goes at the end of OrderSpec, and marks above Order.
func orderTypes(version, enum, marks, extra string) string {
	return `package ` + version + `

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// OrderSpec defines the desired state of Order.
type OrderSpec struct {
	// Priority of the order.
	// +kubebuilder:validation:Enum=` + enum + `
	// +optional
	Priority string ` + "`json:\"priority,omitempty\"`" + `
	// Quantity ordered.
	Quantity int32 ` + "`json:\"quantity\"`" + `
` + extra + `}

// OrderStatus defines the observed state of Order.
type OrderStatus struct{}

` + marks + `// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Order is the Schema for the orders API.
type Order struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `

	Spec   OrderSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status OrderStatus ` + "`json:\"status,omitempty\"`" + `
}

// +kubebuilder:object:root=true

// OrderList contains a list of Order.
type OrderList struct {
	metav1.TypeMeta ` + "`json:\",inline\"`" + `
	metav1.ListMeta ` + "`json:\"metadata,omitempty\"`" + `
	Items           []Order ` + "`json:\"items\"`" + `
}

func init() {
	SchemeBuilder.Register(&Order{}, &OrderList{})
}
`
}

// orderProject is a kubebuilder project (a PROJECT file, the boilerplate)
// with Order in v1 (the storage version) and v2, and no conversion yet.
func orderProject(t *testing.T) string {
	t.Helper()
	return orderProjectWith(t, "low;normal;high", "")
}

// orderProjectWith is orderProject with v2's priority enum, and marks
// above v2's Order.
func orderProjectWith(t *testing.T, enum, marks string) string {
	t.Helper()
	return tempModule(t, map[string]string{
		"PROJECT":                     "domain: example.com\nlayout:\n- go.kubebuilder.io/v4\nprojectName: store\nrepo: example.com/shop\nversion: \"3\"\n",
		"hack/boilerplate.go.txt":     "/*\nCopyright YEAR The Store Authors.\n*/",
		"api/v1/groupversion_info.go": orderGroupVersion("v1"),
		"api/v2/groupversion_info.go": orderGroupVersion("v2"),
		"api/v1/order_types.go":       orderTypes("v1", "low;normal;high", "// +kubebuilder:storageversion\n", ""),
		"api/v2/order_types.go":       orderTypes("v2", enum, marks, ""),
	})
}

// addField adds a field to OrderSpec in an API package's order_types.go.
func addField(t *testing.T, dir, version, field string) {
	t.Helper()
	path := filepath.Join(dir, "api", version, "order_types.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "`json:\"quantity\"`\n", "`json:\"quantity\"`\n"+field, 1)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConversionsStayCurrentInKubebuilderLayout: make manifests generate
// (crdgen generate, whose kubebuilder defaults do not list conversion)
// writes no conversion for a project that never asked for one; once
// crdgen has written conversions, it keeps them current and --check
// reports them stale, as it does the DeepCopy; --generators still
// narrows a run; and +crdgen:conversion:generate on a kind asks for them
// with no flag.
func TestConversionsStayCurrentInKubebuilderLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := orderProject(t)
	conv := filepath.Join(dir, "api", "v2", "zz_generated.conversion.go")
	hub := filepath.Join(dir, "api", "v1", "zz_generated.conversion.go")
	if code, _, stderr := crdgenIn(t, dir, "generate"); code != exitOK || stderr != "" {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(conv); err == nil {
		t.Fatal("generate wrote a conversion in a project that never asked for one")
	}

	// The user asks for the conversions once.
	if code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "conversion"); code != exitOK {
		t.Fatalf("--generators conversion: exit %d\n%s", code, stderr)
	}
	if code, stdout, stderr := crdgenIn(t, dir, "generate", "--check"); code != exitOK {
		t.Fatalf("--check after the conversions: exit %d\n%s%s", code, stdout, stderr)
	}

	// A new field in both versions: the conversion is stale, and generate
	// with no flags converts it.
	for _, v := range []string{"v1", "v2"} {
		addField(t, dir, v, "\t// Rush ships the order first.\n\t// +optional\n\tRush bool `json:\"rush,omitempty\"`\n")
	}
	code, _, stderr := crdgenIn(t, dir, "generate", "--check")
	if want := "api/v2/zz_generated.conversion.go:"; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("--check after a new field: exit %d, want 1 and %q in\n%s", code, want, stderr)
	}
	if code, _, stderr := crdgenIn(t, dir, "generate"); code != exitOK {
		t.Fatalf("generate after a new field: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(conv); !strings.Contains(string(data), "out.Rush = in.Rush") {
		t.Errorf("generate did not convert the new field:\n%s", data)
	}
	if code, stdout, stderr := crdgenIn(t, dir, "generate", "--check"); code != exitOK {
		t.Errorf("--check after generate: exit %d\n%s%s", code, stdout, stderr)
	}
	runOK(t, dir, "go", "vet", "./...")
	runOK(t, dir, "go", "test", "./api/...")

	// --generators narrows: object alone leaves the conversion as it is.
	addField(t, dir, "v1", "\t// +optional\n\tNote string `json:\"note,omitempty\"`\n")
	addField(t, dir, "v2", "\t// +optional\n\tNote string `json:\"note,omitempty\"`\n")
	before, _ := os.ReadFile(conv)
	if code, _, stderr := crdgenIn(t, dir, "generate", "--generators", "object"); code != exitOK {
		t.Fatalf("--generators object: exit %d\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(conv); string(after) != string(before) {
		t.Error("--generators object rewrote the conversion")
	}

	// Without crdgen's files, +crdgen:conversion:generate on the kind asks
	// for them.
	for _, f := range []string{conv, hub, filepath.Join(dir, "api", "v2", "zz_generated.conversion_test.go")} {
		os.Remove(f)
	}
	if code, _, stderr := crdgenIn(t, dir, "generate"); code != exitOK {
		t.Fatalf("generate without the conversions: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(conv); err == nil {
		t.Fatal("generate wrote a conversion nobody asked for")
	}
	types := filepath.Join(dir, "api", "v2", "order_types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n", "// +crdgen:conversion:generate\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n", 1)), 0o644)
	if code, _, stderr := crdgenIn(t, dir, "generate"); code != exitOK {
		t.Fatalf("generate with +crdgen:conversion:generate: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(conv); !strings.Contains(string(data), "out.Note = in.Note") {
		t.Errorf("+crdgen:conversion:generate: the conversion is missing or old:\n%s", data)
	}
	runOK(t, dir, "go", "vet", "./...")
}

// kubebuilderStubs are the files "kubebuilder create webhook --group store
// --version v1 --kind Order --conversion --spoke v2" writes into the API
// packages (after its boilerplate): the hub's Hub() and the spoke's
// ConvertTo and ConvertFrom, which log and copy only the metadata.
func kubebuilderStubs() map[string]string {
	header := "/*\nCopyright 2026.\n\nLicensed under the Apache License, Version 2.0 (the \"License\").\n*/\n\n"
	convert := func(name, recv, param, hubRole, todo, example string) string {
		return "func (" + recv + " *Order) " + name + "(" + param + "Raw conversion.Hub) error {\n" +
			"\t" + param + " := " + param + "Raw.(*storev1.Order)\n" +
			"\tlog.Printf(\"" + name + ": Converting Order from " + hubRole + ";\"+\n" +
			"\t\t\"source: %s/%s, target: %s/%s\", src.Namespace, src.Name, dst.Namespace, dst.Name)\n\n" +
			"\t// TODO(user): Implement conversion logic from " + todo + "\n" +
			"\t// Example: Copying Spec fields\n" +
			"\t// " + example + "\n\n" +
			"\t// Copy ObjectMeta to preserve name, namespace, labels, etc.\n" +
			"\tdst.ObjectMeta = src.ObjectMeta\n\n" +
			"\treturn nil\n}\n"
	}
	return map[string]string{
		"api/v1/order_conversion.go": header + "package v1\n\n// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!\n\n// Hub marks this type as a conversion hub.\nfunc (*Order) Hub() {}\n",
		"api/v2/order_conversion.go": header + "package v2\n\nimport (\n\t\"log\"\n\n\t\"sigs.k8s.io/controller-runtime/pkg/conversion\"\n\n\tstorev1 \"example.com/shop/api/v1\"\n)\n\n" +
			"// ConvertTo converts this Order (v2) to the Hub version (v1).\n" +
			convert("ConvertTo", "src", "dst", "Spoke version v2 to Hub version v1", "v2 to v1", "dst.Spec.Size = src.Spec.Replicas") + "\n" +
			"// ConvertFrom converts the Hub version (v1) to this Order (v2).\n" +
			convert("ConvertFrom", "dst", "src", "Hub version v1 to Spoke version v2", "v1 to v2", "dst.Spec.Replicas = src.Spec.Size"),
	}
}

// TestKubebuilderConversionStubIsAdopted: a project with kubebuilder's
// conversion stubs gets, from make manifests generate, one warning at the
// stub that says what to do; crdgen conversion --adopt refuses a stub
// someone edited, naming the line, and writes nothing; on the stub as
// scaffolded it removes the spoke's stub and writes crdgen's conversion,
// whose round trip passes, and which generate keeps current from then on.
func TestKubebuilderConversionStubIsAdopted(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := orderProject(t)
	stub := filepath.Join(dir, "api", "v2", "order_conversion.go")
	for name, text := range kubebuilderStubs() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := crdgenIn(t, dir, "generate")
	want := "api/v2/order_conversion.go:18:19: warning: v2 Order's ConvertTo and ConvertFrom are kubebuilder's scaffold (create webhook --conversion), which copies only the metadata: every other field is lost converting to and from v1; crdgen generates no conversion for Order while they are there: crdgen conversion --adopt Order replaces them with crdgen's (while they are still the scaffold's text), or write the conversion in them"
	if code != exitOK || strings.Count(stderr, "kubebuilder's scaffold") != 1 || !strings.Contains(stderr, want) {
		t.Errorf("generate with the stubs: exit %d, want 0 and once\n%s\nin\n%s", code, want, stderr)
	}
	conv := filepath.Join(dir, "api", "v2", "zz_generated.conversion.go")
	if _, err := os.Stat(conv); err == nil {
		t.Fatal("generate wrote a conversion beside the stub")
	}

	// Marked +crdgen:conversion:generate, the kind gets crdgen's functions,
	// but controller-runtime still calls the stub: said at the stub.
	types := filepath.Join(dir, "api", "v2", "order_types.go")
	data, _ := os.ReadFile(types)
	os.WriteFile(types, []byte(strings.Replace(string(data), "// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n", "// +crdgen:conversion:generate\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n", 1)), 0o644)
	code, _, stderr = crdgenIn(t, dir, "generate")
	want = "api/v2/order_conversion.go:18:19: warning: v2 Order's ConvertTo and ConvertFrom are kubebuilder's scaffold (create webhook --conversion), which copies only the metadata: every other field is lost converting to and from v1; controller-runtime calls them, not crdgen's conversion (the round-trip test fails through them): crdgen conversion --adopt Order replaces them with crdgen's, or write the conversion in them"
	if code != exitOK || strings.Count(stderr, "kubebuilder's scaffold") != 1 || !strings.Contains(stderr, want) {
		t.Errorf("generate with the stubs and +crdgen:conversion:generate: exit %d, want 0 and once\n%s\nin\n%s", code, want, stderr)
	}
	if out, err := runErr(dir, "go", "test", "-short", "./api/..."); err == nil {
		t.Errorf("the round trip passed through the stub:\n%s", out)
	}

	// A stub someone edited is not kubebuilder's any more: --adopt
	// refuses it at the line that differs, and writes nothing.
	scaffolded, _ := os.ReadFile(stub)
	edited := strings.Replace(string(scaffolded), "\tdst.ObjectMeta = src.ObjectMeta\n", "\tdst.ObjectMeta = src.ObjectMeta\n\tdst.Spec.Quantity = src.Spec.Quantity\n", 1)
	os.WriteFile(stub, []byte(edited), 0o644)
	code, _, stderr = crdgenIn(t, dir, "conversion", "--adopt", "Order")
	want = "api/v2/order_conversion.go:29:1: error: --adopt Order: order_conversion.go is not kubebuilder's stub any more, line 29 differs (dst.Spec.Quantity = src.Spec.Quantity)"
	if code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("--adopt on an edited stub: exit %d, want 1 and\n%s\nin\n%s", code, want, stderr)
	}
	if data, _ := os.ReadFile(stub); string(data) != edited {
		t.Error("--adopt changed an edited stub")
	}
	if data, _ := os.ReadFile(conv); strings.Contains(string(data), ") ConvertTo(") {
		t.Error("--adopt refused, but wrote a conversion with ConvertTo")
	}
	code, _, stderr = crdgenIn(t, dir, "conversion", "--adopt", "Ordr")
	if want := `--adopt Ordr: no kind Ordr with two or more versions, did you mean Order`; code != exitFail || !strings.Contains(stderr, want) {
		t.Errorf("--adopt of a misspelt kind: exit %d, want %q in\n%s", code, want, stderr)
	}

	// The stub as scaffolded: --adopt removes it and writes crdgen's
	// conversion; the hub's Hub() is kept (it is what crdgen would write).
	os.WriteFile(stub, scaffolded, 0o644)
	if code, _, stderr := crdgenIn(t, dir, "conversion", "--adopt", "Order"); code != exitOK {
		t.Fatalf("--adopt: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(stub); !os.IsNotExist(err) {
		t.Errorf("--adopt left the stub: %v", err)
	}
	if data, _ := os.ReadFile(conv); !strings.Contains(string(data), "func (src *Order) ConvertTo(dstRaw conversion.Hub) error {") {
		t.Errorf("--adopt: the conversion has no ConvertTo:\n%s", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "api", "v1", "order_conversion.go")); err != nil {
		t.Errorf("--adopt removed the hub's Hub(): %v", err)
	}
	runOK(t, dir, "go", "vet", "./...")
	runOK(t, dir, "go", "test", "./api/...")
	if code, stdout, stderr := crdgenIn(t, dir, "generate", "--check"); code != exitOK || strings.Contains(stderr, "warning") {
		t.Errorf("--check after --adopt: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestConversionSchemasJudgedInKubebuilderLayout: v2's priority takes
// "critical", which v1's (the storage version's) enum refuses; make
// manifests generate says so at v2's field, with the function to write,
// judging by the CRD it writes.
func TestConversionSchemasJudgedInKubebuilderLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	dir := orderProjectWith(t, "low;normal;high;critical", "// +crdgen:conversion:generate\n")
	code, _, stderr := crdgenIn(t, dir, "generate")
	want := `api/v2/order_types.go:10:2: warning: spoke v2 Order.spec.priority: v2 takes values v1 refuses ("critical" is not among v1's "low", "normal", "high"); converted, they are stored as v1 objects its validation rejects: map them in a hand-written Convert_v2_OrderSpec_To_v1_OrderSpec, or make the two versions' schemas agree`
	if code != exitOK || !strings.Contains(stderr, want) || strings.Count(stderr, "warning:") != 1 {
		t.Errorf("generate: exit %d, want 0 and only\n%s\nin\n%s", code, want, stderr)
	}
}
