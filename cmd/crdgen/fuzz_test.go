package main

// FuzzPipeline runs the whole of "crdgen crd" on API packages made from the
// fuzzer's bytes: random structs, field types and markers, valid or not.
// Whatever the input, crdgen must not panic, must put every diagnostic at a
// position in the package, must write nothing when it reports an error,
// and must write the same bytes when run twice. The seeds run with every
// go test; go test -fuzz FuzzPipeline ./cmd/crdgen explores further (each
// input costs a go list, so expect a few inputs a second).

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fuzzTypes are the field types the fuzzer picks from.
func fuzzTypes() []string {
	return []string{
		"string", "int32", "int64", "bool", "float64", "uint8", "[]string", "map[string]string",
		"*int32", "[]Item", "Item", "*Item", "map[string]Item", "interface{}", "map[string]interface{}",
		"metav1.Time", "metav1.Duration", "[]byte", "[3]int32", "Mode", "Derived", "chan int", "func()",
		"map[int]string", "[][]string", "Spec",
	}
}

// fuzzMarkers are the markers the fuzzer picks from, good and bad.
func fuzzMarkers() []string {
	return []string{
		"+optional", "+required", "+kubebuilder:validation:Minimum=1", "+kubebuilder:validation:Maximum=10",
		"+kubebuilder:validation:MaxLength=0x10", "+kubebuilder:validation:MinLength=010", "+kubebuilder:validation:Pattern=`^[a-z]+$`",
		"+kubebuilder:validation:Enum=a;b;c", "+kubebuilder:validation:Enum=1;2", "+kubebuilder:default=a",
		"+kubebuilder:default={a: 1}", "+kubebuilder:default={", "+kubebuilder:default=0987", "+default=\"x\"",
		"+kubebuilder:validation:MaxItems=3", "+kubebuilder:validation:items:MaxLength=5", "+listType=map",
		"+listMapKey=name", "+listType=set", "+kubebuilder:validation:XValidation:rule=\"self.size() > 0\"",
		"+kubebuilder:validation:XValidation:rule=\"self.nope\"", "+kubebuilder:validation:XValidation:rule=\"self == oldSelf\",message=\"immutable\"",
		"+kubebuilder:pruning:PreserveUnknownFields", "+kubebuilder:validation:Schemaless", "+kubebuilder:validation:Type=string",
		"+kubebuilder:validation:Minimun=1", "+kubebuilder:validation:ExactlyOneOf=a;b", "+nullable",
		"+kubebuilder:validation:Format=date-time", "+kubebuilder:validation:UniqueItems=true", "+kubebuilder:validation:MultipleOf=-0",
		"+kubebuilder:validation:Enum={{{{{{{{1}}}}}}}}", "+kubebuilder:printcolumn:name=X,type=string,JSONPath=.spec.a",
		"+kubebuilder:validation:XEmbeddedResource", "+kubebuilder:validation:XIntOrString", "+k8s:immutable", "+mapType=atomic",
	}
}

// fuzzSource turns bytes into an API package: a kind with a spec of
// random fields, each with random markers.
func fuzzSource(data []byte) string {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := int(data[0])
		data = data[1:]
		return b
	}
	var b strings.Builder
	b.WriteString("// +groupName=fuzz.example.com\npackage v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n")
	b.WriteString("// Item is an item.\ntype Item struct {\n\tName string `json:\"name\"`\n\t// +optional\n\tValue int32 `json:\"value,omitempty\"`\n}\n\n")
	b.WriteString("// Mode is a mode.\n// +kubebuilder:validation:Enum=x;y\ntype Mode string\n\n// Derived is defined over Mode.\ntype Derived Mode\n\n")
	types, ms := fuzzTypes(), fuzzMarkers()
	b.WriteString("// Spec is the spec.\n")
	for range next() % 3 {
		fmt.Fprintf(&b, "// %s\n", ms[next()%len(ms)])
	}
	b.WriteString("type Spec struct {\n")
	for i := range next()%8 + 1 {
		for range next() % 4 {
			fmt.Fprintf(&b, "\t// %s\n", ms[next()%len(ms)])
		}
		typ := types[next()%len(types)]
		tag := fmt.Sprintf("f%d", i)
		switch next() % 5 {
		case 0:
			tag += ",omitempty"
		case 1:
			tag = ",inline"
		case 2:
			tag = tag + ",omitzero"
		}
		fmt.Fprintf(&b, "\tF%d %s `json:%q`\n", i, typ, tag)
	}
	b.WriteString("}\n\n// Widget is the kind.\ntype Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n")
	return b.String()
}

func FuzzPipeline(f *testing.F) {
	for _, seed := range [][]byte{
		{}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
		{2, 1, 0, 7, 3, 9, 0, 4, 13, 21, 0, 1, 25, 5, 0},
		[]byte("the quick brown fox jumps over the lazy dog"),
		{0, 7, 3, 14, 2, 0, 3, 4, 16, 0, 0, 2, 17, 18, 10, 0, 1, 26, 11, 12},
	} {
		f.Add(seed)
	}
	// The package is a module of its own in a temporary directory, in a
	// workspace with crdgen's module, whose requirements (and go.sum)
	// resolve its imports from the module cache the test binary's build
	// filled: nothing is written into the repository.
	dir := f.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module example.com/fuzz\n\ngo 1.26.8\n",
		"go.work": "go 1.26.8\n\nuse (\n\t.\n\t" + strconv.Quote(repoRoot(f)) + "\n)\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Setenv("GOWORK", filepath.Join(dir, "go.work"))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := fuzzSource(data)
		if err := os.WriteFile(filepath.Join(dir, "types.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		pattern := "./..."

		var outs []map[string]string
		for range 2 {
			out := t.TempDir()
			a, _, stderr := testApp(dir)
			code := a.main([]string{"crd", "--omit-version-annotation", "-o", out, pattern})
			files := snapshot(t, out)
			text := stderr.String()
			if code != exitOK && code != exitFail {
				t.Fatalf("exit %d\n%s\n%s", code, src, text)
			}
			if code == exitFail && len(files) > 0 {
				t.Fatalf("wrote %d files although it failed\n%s\n%s", len(files), src, text)
			}
			for line := range strings.Lines(text) {
				if !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "types.go:") && !countLine.MatchString(strings.TrimSuffix(line, "\n")) {
					t.Fatalf("diagnostic outside the package: %q\n%s\n%s", line, src, text)
				}
			}
			outs = append(outs, files)
		}
		if !maps.Equal(outs[0], outs[1]) {
			t.Fatalf("two runs wrote different files: %v, %v\n%s", slices.Sorted(maps.Keys(outs[0])), slices.Sorted(maps.Keys(outs[1])), src)
		}
	})
}
