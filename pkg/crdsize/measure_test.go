package crdsize

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/schemafill"
	"github.com/crdgen/crdgen/pkg/crdyaml"
)

// kubectlLastApplied is what kubectl apply writes into its annotation for
// a file (kubectl's util.GetModifiedConfiguration on the object its
// builder decodes): the YAML as JSON, as unstructured, without the
// annotation, encoded by unstructured.UnstructuredJSONScheme.
func kubectlLastApplied(t *testing.T, file []byte) []byte {
	t.Helper()
	js, err := yaml.YAMLToJSON(bytes.TrimPrefix(file, []byte("---\n")))
	if err != nil {
		t.Fatal(err)
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(js); err != nil {
		t.Fatal(err)
	}
	annots := u.GetAnnotations()
	if annots == nil {
		annots = map[string]string{}
	}
	delete(annots, LastAppliedAnnotation)
	u.SetAnnotations(annots)
	var buf bytes.Buffer
	if err := unstructured.UnstructuredJSONScheme.Encode(u, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestMeasureIsKubectls measures every golden CRD and compares with what
// kubectl's own code makes of its file: the annotation's value, and the
// JSON of the file.
func TestMeasureIsKubectls(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "*.yaml"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "*", "*.yaml"))
	files = append(files, more...)
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("kind: CustomResourceDefinition")) {
			continue
		}
		var obj apiextv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(data, &obj); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if written, err := crdyaml.Marshal(&obj); err != nil || !bytes.Equal(written, data) {
			continue // not a file crdgen writes as it reads back
		}
		n++
		got, err := Measure(&obj)
		if err != nil {
			t.Fatal(err)
		}
		want := kubectlLastApplied(t, data)
		if got.LastApplied != int64(len(want)) {
			t.Errorf("%s: last-applied %d bytes, kubectl writes %d", f, got.LastApplied, len(want))
		}
		js, _ := yaml.YAMLToJSON(data)
		var compact bytes.Buffer
		if err := json.Compact(&compact, js); err != nil {
			t.Fatal(err)
		}
		if got.JSON != int64(compact.Len()) && !strings.ContainsAny(string(js), "<>&") {
			t.Errorf("%s: JSON %d bytes, the file as JSON is %d", f, got.JSON, compact.Len())
		}
		wantAnn := int64(len(LastAppliedAnnotation)) + int64(len(want))
		for k, v := range obj.Annotations {
			wantAnn += int64(len(k) + len(v))
		}
		if got.Annotations != wantAnn {
			t.Errorf("%s: annotations %d bytes, want %d", f, got.Annotations, wantAnn)
		}
	}
	if n < 20 {
		t.Fatalf("only %d golden CRDs measured", n)
	}
}

func TestStringLenIsEncodingJSONs(t *testing.T) {
	for _, s := range []string{"", "plain", `a "quoted" \ path`, "tab\tnl\ncr\rbs\bff\f", "\x00\x1f", "<b>&amp;</b>", "é 世界", "\u2028\u2029", "bad \xff\xfe utf8", "emoji 🙂"} {
		b, _ := json.Marshal(s)
		if got := StringLen(s); got != int64(len(b)) {
			t.Errorf("StringLen(%q) = %d, json.Marshal writes %d bytes", s, got, len(b))
		}
	}
}

// TestSchemaLenIsTheTrees holds the count of a schema's JSON to the length
// of its tree, on random schemas that set every field: equal wherever the
// count does not give up, and giving up wherever the tree fails. On plain
// schemas (valid UTF-8, as crdgen writes them) it never gives up, or every
// run would build the trees it is there to spare.
func TestSchemaLenIsTheTrees(t *testing.T) {
	for seed := range int64(400) {
		for _, plain := range []bool{false, true} {
			var s apiextv1.JSONSchemaProps
			if plain {
				schemafill.Plain(seed).Fill(&s)
			} else {
				schemafill.New(seed).Fill(&s)
			}
			n, ok := schemaLen(&s)
			tree, err := crdyaml.SchemaTree(&s)
			switch {
			case err != nil && ok:
				t.Fatalf("seed %d: counted %d bytes of a schema whose tree fails: %v", seed, n, err)
			case ok && n != jsonLen(tree):
				j, _ := json.Marshal(tree)
				t.Fatalf("seed %d: counted %d bytes, the tree has %d\n%s", seed, n, jsonLen(tree), j)
			case plain && err == nil && !ok:
				t.Fatalf("seed %d: gave up on a plain schema", seed)
			}
		}
	}
}
