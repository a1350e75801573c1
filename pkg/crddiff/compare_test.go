package crddiff

import (
	"fmt"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// crd builds a CRD named widgets.example.com with one version, v1, whose
// spec has the given properties (YAML).
func crd(t *testing.T, spec string) *apiextv1.CustomResourceDefinition {
	t.Helper()
	text := `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
` + indent(spec, "            ")
	c := &apiextv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict([]byte(text), c); err != nil {
		t.Fatalf("bad test CRD: %v\n%s", err, text)
	}
	return c
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n") + "\n"
}

// summary prints changes one per line: severity check path.
func summary(cs []Change) string {
	var lines []string
	for _, c := range cs {
		if c.Check == "description-changed" {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s %s %s", c.Severity, c.Check, c.Path))
	}
	return strings.Join(lines, "\n")
}

func TestCompareSchemas(t *testing.T) {
	tests := []struct {
		name, before, after, want string
	}{
		{"new optional field is safe",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nproperties: {a: {type: string}, b: {type: string}}",
			"safe field-added .spec.b"},
		{"removed field is breaking",
			"type: object\nproperties: {a: {type: string}, b: {type: string}}",
			"type: object\nproperties: {a: {type: string}}",
			"breaking field-removed .spec.b"},
		{"type change is breaking",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nproperties: {a: {type: integer}}",
			"breaking type-changed .spec.a"},
		{"int-or-string to string is a type change",
			"type: object\nproperties: {a: {x-kubernetes-int-or-string: true}}",
			"type: object\nproperties: {a: {type: string}}",
			"breaking type-changed .spec.a"},
		{"field that became required is breaking",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nrequired: [a]\nproperties: {a: {type: string}}",
			"breaking required-added .spec.a"},
		{"new required field is breaking, not listed as added",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nrequired: [b]\nproperties: {a: {type: string}, b: {type: string}}",
			"breaking required-added .spec.b"},
		{"no longer required is safe",
			"type: object\nrequired: [a]\nproperties: {a: {type: string}}",
			"type: object\nproperties: {a: {type: string}}",
			"safe required-removed .spec.a"},
		{"enum value removed is breaking, added is safe",
			"type: object\nproperties: {a: {type: string, enum: [x, y]}}",
			"type: object\nproperties: {a: {type: string, enum: [x, z]}}",
			"breaking enum-value-removed .spec.a\nsafe enum-value-added .spec.a"},
		{"enum where there was none is breaking",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nproperties: {a: {type: string, enum: [x]}}",
			"breaking enum-added .spec.a"},
		{"minimum raised and maximum lowered are breaking",
			"type: object\nproperties: {a: {type: integer, minimum: 1, maximum: 10}}",
			"type: object\nproperties: {a: {type: integer, minimum: 2, maximum: 9}}",
			"breaking bound-tightened .spec.a\nbreaking bound-tightened .spec.a"},
		{"bounds relaxed are safe",
			"type: object\nproperties: {a: {type: string, maxLength: 10, minLength: 2}}",
			"type: object\nproperties: {a: {type: string, maxLength: 20}}",
			"safe bound-relaxed .spec.a\nsafe bound-relaxed .spec.a"},
		{"maxItems added on list items' parent is breaking",
			"type: object\nproperties: {a: {type: array, items: {type: string}}}",
			"type: object\nproperties: {a: {type: array, maxItems: 5, items: {type: string, maxLength: 3}}}",
			"breaking bound-tightened .spec.a\nbreaking bound-tightened .spec.a[*]"},
		{"pattern changed is breaking, removed is safe",
			"type: object\nproperties: {a: {type: string, pattern: '^a'}, b: {type: string, pattern: '^b'}}",
			"type: object\nproperties: {a: {type: string, pattern: '^aa'}, b: {type: string}}",
			"breaking pattern-changed .spec.a\nsafe pattern-removed .spec.b"},
		{"format changed is breaking",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nproperties: {a: {type: string, format: uuid}}",
			"breaking format-changed .spec.a"},
		{"default changed is breaking",
			"type: object\nproperties: {a: {type: integer, default: 1}}",
			"type: object\nproperties: {a: {type: integer, default: 2}}",
			"breaking default-changed .spec.a"},
		{"same default written differently is no change",
			"type: object\nproperties: {a: {type: object, default: {x: 1, y: 2}, properties: {x: {type: integer}, y: {type: integer}}}}",
			"type: object\nproperties: {a: {type: object, default: {y: 2, x: 1}, properties: {x: {type: integer}, y: {type: integer}}}}",
			""},
		{"new CEL rule is breaking; removed is safe; message change is safe",
			"type: object\nx-kubernetes-validations: [{rule: 'self.a > 0', message: m}, {rule: 'has(self.a)'}]\nproperties: {a: {type: integer}}",
			"type: object\nx-kubernetes-validations: [{rule: 'self.a > 0', message: n}, {rule: 'self.a < 10', message: x}, {rule: 'self.a != 5'}]\nproperties: {a: {type: integer}}",
			"breaking rule-changed .spec\nbreaking rule-added .spec\nsafe rule-message-changed .spec"},
		{"listType and listMapKey changes are breaking",
			"type: object\nproperties: {a: {type: array, x-kubernetes-list-type: atomic, items: {type: object, properties: {key: {type: string}}}}}",
			"type: object\nproperties: {a: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [key], items: {type: object, required: [key], properties: {key: {type: string}}}}}",
			"breaking list-map-keys-changed .spec.a\nbreaking list-type-changed .spec.a\nbreaking required-added .spec.a[*].key"},
		{"pruning turned on is breaking",
			"type: object\nx-kubernetes-preserve-unknown-fields: true",
			"type: object",
			"breaking pruning-enabled .spec"},
		{"pruning turned off anywhere is a security change",
			"type: object\nproperties: {template: {type: object, properties: {spec: {type: object, properties: {a: {type: string}}}}}}",
			"type: object\nproperties: {template: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {a: {type: string}}}}}}",
			"security pruning-disabled .spec.template.spec"},
		{"a new field that keeps unknown fields is a security change",
			"type: object\nproperties: {a: {type: string}}",
			"type: object\nproperties: {a: {type: string}, raw: {type: object, x-kubernetes-preserve-unknown-fields: true}, list: {type: array, items: {x-kubernetes-preserve-unknown-fields: true}}}",
			"safe field-added .spec.list\nsecurity pruning-disabled .spec.list[*]\nsecurity pruning-disabled .spec.raw\nsafe field-added .spec.raw"},
		{"nullable removed is breaking",
			"type: object\nproperties: {a: {type: string, nullable: true}}",
			"type: object\nproperties: {a: {type: string}}",
			"breaking nullable-removed .spec.a"},
		{"map values removed are breaking",
			"type: object\nadditionalProperties: {type: string}",
			"type: object",
			"breaking field-removed .spec"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := summary(Compare([]*apiextv1.CustomResourceDefinition{crd(t, tc.before)}, []*apiextv1.CustomResourceDefinition{crd(t, tc.after)}))
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestCompareVersions(t *testing.T) {
	before := crd(t, "type: object")
	v2 := before.Spec.Versions[0].DeepCopy()
	v2.Name, v2.Storage = "v2", false
	before.Spec.Versions = append(before.Spec.Versions, *v2)

	after := before.DeepCopy()
	after.Spec.Versions[0].Storage, after.Spec.Versions[1].Storage = false, true
	after.Spec.Versions[1].Served = false
	after.Spec.Scope = apiextv1.ClusterScoped
	want := "breaking scope-changed \nbreaking storage-version-changed \nbreaking version-unserved "
	if got := summary(Compare([]*apiextv1.CustomResourceDefinition{before}, []*apiextv1.CustomResourceDefinition{after})); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	removed := before.DeepCopy()
	removed.Spec.Versions = removed.Spec.Versions[:1]
	if got, want := summary(Compare([]*apiextv1.CustomResourceDefinition{before}, []*apiextv1.CustomResourceDefinition{removed})), "breaking version-removed "; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := summary(Compare([]*apiextv1.CustomResourceDefinition{before}, nil)), "breaking crd-removed "; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNotesAndIDs(t *testing.T) {
	cs := Compare([]*apiextv1.CustomResourceDefinition{crd(t, "type: object\nproperties: {a: {type: integer}}")},
		[]*apiextv1.CustomResourceDefinition{crd(t, "type: object\nx-kubernetes-validations: [{rule: 'self.a >= oldSelf.a'}, {rule: 'self.a > 0'}]\nproperties: {a: {type: integer, maximum: 5}}")})
	var got []string
	for _, c := range cs {
		got = append(got, c.ID()+" | "+c.Note+" | "+c.FieldPath)
	}
	want := []string{
		"rule-added:widgets.example.com/v1.spec | a transition rule (it uses oldSelf) is not ratcheted: it runs on every update that reaches it | spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0]",
		"rule-added:widgets.example.com/v1.spec | " + ratchetingNote + " | spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[1]",
		"bound-tightened:widgets.example.com/v1.spec.a | " + ratchetingNote + " | spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a].maximum",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLint(t *testing.T) {
	c := crd(t, `type: object
x-kubernetes-preserve-unknown-fields: true
x-kubernetes-validations: [{rule: "self.name.startsWith('a') && self.short != ''"}, {rule: "has(self.opt) || 'self.quoted' != ''"}]
properties:
  name: {type: string}
  opt: {type: string}
  quoted: {type: string}
  short: {type: string, maxLength: 5}
  tags:
    type: array
    x-kubernetes-validations: [{rule: "self.all(t, t != '')"}]
    items: {type: string}`)
	got := summary(Lint([]*apiextv1.CustomResourceDefinition{c}))
	want := "lint unpruned .spec\nlint cel-string-unbounded .spec.name\nlint cel-string-unbounded .spec.tags[*]"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A change at the schema's root is at "." (the display every report
// uses), and its ID is the version's, as --allow lists have it.
func TestRootChangeIsAtDot(t *testing.T) {
	before := crd(t, "type: object")
	after := before.DeepCopy()
	after.Spec.Versions[0].Schema.OpenAPIV3Schema.XPreserveUnknownFields = ptrTo(true)
	var got []string
	for _, c := range Compare([]*apiextv1.CustomResourceDefinition{before}, []*apiextv1.CustomResourceDefinition{after}) {
		got = append(got, c.Path+" | "+c.ID()+" | "+c.FieldPath)
	}
	want := ". | pruning-disabled:widgets.example.com/v1 | spec.versions[0].schema.openAPIV3Schema.x-kubernetes-preserve-unknown-fields"
	if strings.Join(got, "\n") != want {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

func ptrTo[T any](v T) *T { return &v }
