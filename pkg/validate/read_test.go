package validate

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/client-go/kubernetes/scheme"
)

// TestReadDocuments splits streams as kubectl's YAML reader does, each
// document with the line it starts on.
func TestReadDocuments(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string // line:text
	}{
		{"one", "a: 1\n", []string{"1:a: 1\n"}},
		{"separators", "a: 1\n---\nb: 2\n--- # two\nc: 3", []string{"1:a: 1\n", "3:b: 2\n", "5:c: 3"}},
		{"a leading separator", "---\na: 1\n", []string{"1:", "2:a: 1\n"}},
		{"not a separator", "a: |\n  ---x\n--- {b: 1}\n", []string{"1:a: |\n  ---x\n--- {b: 1}\n"}},
		{"CRLF", "a: 1\r\n---\r\nb: 2\r\n", []string{"1:a: 1\r\n", "3:b: 2\r\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			if d := readDocuments(Input{Name: "x", R: strings.NewReader(tc.in)}, DefaultLimits(), func(d document) {
				got = append(got, fmt.Sprintf("%d:%s", d.line, d.text))
			}); d != nil {
				t.Fatal(d)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReadLimits holds a document and an input to their limits.
func TestReadLimits(t *testing.T) {
	lim := Limits{Document: 10, Input: 40, Nodes: 100}
	var docs []document
	d := readDocuments(Input{Name: "x", R: strings.NewReader("a: 1\n---\nb: 123456789012\n---\nc: 1\n---\n" + strings.Repeat("d", 100))}, lim, func(d document) { docs = append(docs, d) })
	if len(docs) != 3 || docs[0].tooLarge || !docs[1].tooLarge || docs[1].size != 16 || docs[2].tooLarge {
		t.Errorf("documents %+v", docs)
	}
	if d == nil || d.Pos.Line != 7 || !strings.Contains(d.Msg, "the input is over 40 bytes") {
		t.Errorf("got %v, want the input over its limit at line 7", d)
	}
}

// TestLocate puts field paths of the server's on their YAML nodes.
func TestLocate(t *testing.T) {
	const doc = `apiVersion: v1
kind: Widget
metadata:
  name: x
  annotations:
    example.com/a.b: "1"
spec:
  ports:
  - name: http
    number: 80
  - name: https
  example.com/dotted: 1
  map: {a: 1}
`
	objs, diags := objectsOf(document{file: "f.yaml", line: 3, text: []byte(doc)}, DefaultLimits())
	if len(diags) > 0 || len(objs) != 1 {
		t.Fatal(diags)
	}
	o := objs[0]
	for _, tc := range []struct {
		path  string
		want  string
		exact bool
	}{
		{"", "f.yaml:3:1", true},
		{"<nil>", "f.yaml:3:1", true},
		{"spec", "f.yaml:9:1", true},
		{".spec.ports", "f.yaml:10:3", true},
		{"spec.ports[1]", "f.yaml:13:5", true},
		{"spec.ports[0].number", "f.yaml:12:5", true},
		{"spec.ports[1].number", "f.yaml:13:5", false},
		{"spec.ports[7]", "f.yaml:10:3", false},
		{"spec.example.com/dotted", "f.yaml:14:3", true},
		{"spec.map[a]", "f.yaml:15:9", true},
		{"metadata.annotations[example.com/a.b]", "f.yaml:8:5", true},
		{"metadata.annotations.example.com/a.b", "f.yaml:8:5", true},
		{"spec.owner", "f.yaml:9:1", false},
		{"status.x", "f.yaml:3:1", false},
	} {
		pos, exact := o.locate(tc.path)
		if pos.String() != tc.want || exact != tc.exact {
			t.Errorf("locate(%q) = %s, %v; want %s, %v", tc.path, pos, exact, tc.want, tc.exact)
		}
	}
}

// TestObjects reads apiVersion, kind and metadata, unrolls Lists, and
// refuses what is not an object, at its line.
func TestObjects(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string
	}{
		{"object", "apiVersion: a.b/v1\nkind: K\nmetadata: {name: n, namespace: s}\n", "[K s/n at f:1:1]"},
		{"list", "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: a/v1, kind: K, metadata: {generateName: g-}}\n- 7\n", "[K g-* at f:4:3] f:5:3: error: not an API object: a manifest is a YAML mapping with apiVersion and kind, this is a scalar"},
		{"kind not a string", "apiVersion: v1\nkind: [x]\n", "[] f:2:7: error: kind is a list, not a string"},
		{"null", "null\n", "[] f:1:1: error: not an API object: a manifest is a YAML mapping with apiVersion and kind, this is a null"},
		{"comments", "# nothing\n", "[]"},
		{"an alias cycle is no hang", "a: &a [*a]\n", "[] f:1:1: error: the document's aliases expand to more than 1000000 nodes (5 before expansion): a YAML bomb? The API server refuses it too"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			objs, diags := objectsOf(document{file: "f", line: 1, text: []byte(tc.in)}, DefaultLimits())
			var got []string
			for _, o := range objs {
				got = append(got, fmt.Sprintf("%s at %s", o.label(), o.Pos))
			}
			s := fmt.Sprintf("%v", got)
			for _, d := range diags {
				s += " " + d.String()
			}
			if s != tc.want {
				t.Errorf("got %s\nwant %s", s, tc.want)
			}
		})
	}
}

// TestBuiltinGroupsAreTheSchemes holds builtinGroups to the groups of
// client-go's scheme (every built-in API; apiextensions.k8s.io and
// apiregistration.k8s.io are the table's own).
func TestBuiltinGroupsAreTheSchemes(t *testing.T) {
	groups := builtinGroups()
	missing := map[string]bool{}
	for gvk := range scheme.Scheme.AllKnownTypes() {
		if !groups[gvk.Group] && !missing[gvk.Group] {
			missing[gvk.Group] = true
			t.Errorf("builtinGroups has no %q (%s)", gvk.Group, gvk.Kind)
		}
	}
}
