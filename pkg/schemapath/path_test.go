package schemapath

import (
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

func TestDisplayAndServerForm(t *testing.T) {
	for _, c := range []struct {
		path            Path
		display, server string
	}{
		{nil, ".", ""},
		{Path{}.Property("spec").Property("ports").Items().Property("name"), ".spec.ports[*].name", ".properties[spec].properties[ports].items.properties[name]"},
		{Path{}.Property("labels").Values(), ".labels[*]", ".properties[labels].additionalProperties"},
		{Path{}.Property("a.b"), ".a.b", ".properties[a.b]"},
	} {
		if got := c.path.Display(); got != c.display {
			t.Errorf("%v.Display() = %q, want %q", c.path, got, c.display)
		}
		if got := c.path.ServerForm(); got != c.server {
			t.Errorf("%v.ServerForm() = %q, want %q", c.path, got, c.server)
		}
	}
}

func TestChildDoesNotShare(t *testing.T) {
	base := make(Path, 1, 8)
	base[0] = "properties[spec]"
	a, b := base.Property("a"), base.Property("b")
	if a.Display() != ".spec.a" || b.Display() != ".spec.b" {
		t.Fatalf("siblings share a backing array: %v %v", a, b)
	}
}

func TestSplit(t *testing.T) {
	got := Split("properties[a.b].items.properties[c[0]].maximum")
	want := []string{"properties[a.b]", "items", "properties[c[0]]", "maximum"}
	if !slices.Equal(got, want) {
		t.Fatalf("Split = %q, want %q", got, want)
	}
	if IsSegment("maximum") || !IsSegment("items") || !IsSegment("properties[x]") {
		t.Fatal("IsSegment")
	}
}

func tree() *apiextv1.JSONSchemaProps {
	leaf := apiextv1.JSONSchemaProps{Type: "string"}
	return &apiextv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextv1.JSONSchemaProps{
			"b": {Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &leaf}},
			"a": {Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Schema: &apiextv1.JSONSchemaProps{Type: "integer"}}},
		},
		OneOf: []apiextv1.JSONSchemaProps{{Required: []string{"a"}}},
	}
}

func TestWalkOrderAndSkip(t *testing.T) {
	var seen []string
	Walk(tree(), func(s *apiextv1.JSONSchemaProps, at Path) bool {
		seen = append(seen, at.ServerForm())
		return true
	})
	want := []string{"", ".properties[a]", ".properties[a].additionalProperties", ".properties[b]", ".properties[b].items", ".oneOf[0]"}
	if !slices.Equal(seen, want) {
		t.Fatalf("Walk visited %q, want %q", seen, want)
	}
	seen = nil
	Walk(tree(), func(s *apiextv1.JSONSchemaProps, at Path) bool {
		seen = append(seen, at.ServerForm())
		return s.Type != "object" || len(at) == 0
	})
	want = []string{"", ".properties[a]", ".properties[b]", ".properties[b].items", ".oneOf[0]"}
	if !slices.Equal(seen, want) {
		t.Fatalf("Walk with a skip visited %q, want %q", seen, want)
	}
}

func TestEditKeepsChangesWalkDoesNot(t *testing.T) {
	setDesc := func(s *apiextv1.JSONSchemaProps, _ Path) bool { s.Description = "x"; return true }
	s := tree()
	Edit(s, setDesc)
	if s.Properties["a"].Description != "x" || s.Properties["b"].Items.Schema.Description != "x" || s.Properties["a"].AdditionalProperties.Schema.Description != "x" {
		t.Fatalf("Edit lost a change: %+v", s.Properties)
	}
	s = tree()
	Walk(s, setDesc)
	if s.Properties["a"].Description != "" {
		t.Fatal("Walk wrote back a property (map entries are copies)")
	}
	if !Has(tree(), func(s *apiextv1.JSONSchemaProps) bool { return s.Type == "integer" }) || Has(tree(), func(s *apiextv1.JSONSchemaProps) bool { return s.Type == "number" }) {
		t.Fatal("Has")
	}
}

// A path handed down to the children's visits stays as it was while the
// walk is below its node, though the walk reuses one buffer.
func TestDescendKeepsParentPathsBelow(t *testing.T) {
	s := &apiextv1.JSONSchemaProps{Properties: map[string]apiextv1.JSONSchemaProps{
		"a": {Properties: map[string]apiextv1.JSONSchemaProps{"x": {}, "y": {}}},
		"b": {Properties: map[string]apiextv1.JSONSchemaProps{"z": {}}},
	}}
	var seen []string
	Descend(s, Path(nil), func(_ *apiextv1.JSONSchemaProps, at Path, parent Path) (Path, bool) {
		if len(at) == 2 {
			seen = append(seen, parent.Display()+" > "+at.Display())
		}
		return at, true
	})
	want := []string{".a > .a.x", ".a > .a.y", ".b > .b.z"}
	if !slices.Equal(seen, want) {
		t.Fatalf("got %q, want %q", seen, want)
	}
}

// TestPooledWalkersStartAfresh walks with walkers from the pool: an Edit
// that is stopped deep inside a tree, walks nested in a visit (each takes
// a walker of its own while the outer one is busy), then plain walks, which
// must see only their own tree, from its root, and keep nothing of the
// walks before them.
func TestPooledWalkersStartAfresh(t *testing.T) {
	want := []string{"", ".properties[a]", ".properties[a].additionalProperties", ".properties[b]", ".properties[b].items", ".oneOf[0]"}
	paths := func() []string {
		var seen []string
		Walk(tree(), func(_ *apiextv1.JSONSchemaProps, at Path) bool {
			seen = append(seen, at.ServerForm())
			return true
		})
		return seen
	}
	for range 3 {
		deep := tree()
		var nested [][]string
		Edit(deep, func(s *apiextv1.JSONSchemaProps, at Path) bool {
			nested = append(nested, paths())
			s.Title = "edited"
			return len(at) < 2
		})
		for i, got := range nested {
			if !slices.Equal(got, want) {
				t.Fatalf("walk %d nested in an Edit visited %q, want %q", i, got, want)
			}
		}
		if deep.Properties["b"].Title != "edited" || deep.Properties["b"].Items.Schema.Title != "edited" {
			t.Fatal("an Edit with walks nested in its visits lost a change")
		}
		if got := paths(); !slices.Equal(got, want) {
			t.Fatalf("a walk after an Edit visited %q, want %q", got, want)
		}
	}
}
