package featureset

import (
	"slices"
	"testing"
)

func TestHolds(t *testing.T) {
	preview := &Set{Name: "preview", Gates: []string{"Preview"}}
	for _, c := range []struct {
		set  *Set
		cond string
		want bool
	}{
		{preview, "", true}, {preview, "Preview", true}, {preview, "!Preview", false}, {preview, "Other", false},
		{preview, "!Other", true}, {nil, "Preview", false}, {nil, "!Preview", true}, {nil, "", true},
	} {
		if got := c.set.Holds(c.cond); got != c.want {
			t.Errorf("%v.Holds(%q) = %v, want %v", c.set, c.cond, got, c.want)
		}
	}
}

func TestConditions(t *testing.T) {
	set := &Set{Gates: []string{"A", "B"}}
	for _, c := range []struct {
		cond string
		want bool
	}{
		{"A|C", true}, {"C|D", false}, {"A&B", true}, {"A&C", false}, {"!(A&C)", true}, {"!A|C", false},
		{"(C|A)&B", true}, {"!!A", true}, {"A&(C|", false}, {"C|A&B", true}, {"C|A&D", false}, {"*", true}, {"!*", false},
	} {
		if got := set.Holds(c.cond); got != c.want {
			t.Errorf("Holds(%q) = %v, want %v", c.cond, got, c.want)
		}
	}
	if got := Gates("!(A|B)&A&C"); !slices.Equal(got, []string{"A", "B", "C"}) {
		t.Errorf("Gates: got %v, want [A B C]", got)
	}
	for _, bad := range []string{"A&", "(A", "A)", "A||B", "1A", ""} {
		if CheckCondition(bad) == nil {
			t.Errorf("CheckCondition(%q): no error", bad)
		}
	}
	if (&Set{}).Holds("*") || !(&Set{}).Holds("!*") || !(*Set)(nil).Holds("!*") {
		t.Error("* holds where a gate is on, and only there")
	}
	if got, want := AllOf("A|B", "C"), "(A|B)&C"; got != want {
		t.Errorf("AllOf: got %q, want %q", got, want)
	}
	if got, want := AnyOf("A", "", "B"), "A|B"; got != want {
		t.Errorf("AnyOf: got %q, want %q", got, want)
	}
}

func TestKindsAndVersions(t *testing.T) {
	s := &Set{Kinds: []string{"Widget", "Gizmo.b.example.com", "*.a.example.com"}, Unserved: []string{"v1alpha*"}}
	for _, c := range []struct {
		kind, group string
		want        bool
	}{
		{"Widget", "x.example.com", true}, {"Gizmo", "b.example.com", true}, {"Gizmo", "a.example.com", true},
		{"Gizmo", "c.example.com", false}, {"Other", "b.example.com", false},
	} {
		if got := s.HasKind(c.kind, c.group); got != c.want {
			t.Errorf("HasKind(%s, %s) = %v, want %v", c.kind, c.group, got, c.want)
		}
	}
	if s.Serves("v1alpha2") || !s.Serves("v1beta1") || !(*Set)(nil).Serves("v1alpha1") {
		t.Error("Serves: v1alpha* unserved, others served, a nil set serves all")
	}
}

func TestDescribeSpans(t *testing.T) {
	doc := "Size is how big.\n<crdgen:when=Preview>\nUp to 100.\n</crdgen:when>\n<crdgen:when=!Preview>\nUp to 10.\n</crdgen:when>\nInline <crdgen:when=Preview>(preview)</crdgen:when> text."
	if got, want := (&Set{Gates: []string{"Preview"}}).Describe(doc), "Size is how big.\nUp to 100.\nInline (preview) text."; got != want {
		t.Errorf("preview: %q, want %q", got, want)
	}
	if got, want := (*Set)(nil).Describe(doc), "Size is how big.\nUp to 10.\nInline  text."; got != want {
		t.Errorf("no set: %q, want %q", got, want)
	}
}

func TestGatewayDescriptions(t *testing.T) {
	doc := "Retry is how.\n\n<gateway:experimental:description>\nExperimental words.\n</gateway:experimental:description>\n\nSupport: Extended\n<gateway:util:excludeFromCRD>\nNotes.\n</gateway:util:excludeFromCRD>\nEnd.\n<gateway:experimental>"
	std, exp := &Set{}, &Set{Gates: []string{GatewayChannel}}
	if got, want := std.Describe(doc), "Retry is how.\n\nSupport: Extended\n\n\nEnd."; got != want {
		t.Errorf("standard: %q, want %q", got, want)
	}
	if got, want := exp.Describe(doc), "Retry is how.\n\n\nExperimental words.\n\n\nSupport: Extended\n\n\nEnd."; got != want {
		t.Errorf("experimental: %q, want %q", got, want)
	}
	if got := (*Set)(nil).Describe(doc); got != doc {
		t.Errorf("without sets the tags are text: %q", got)
	}
}

func TestReadGatewayTags(t *testing.T) {
	doc := "<gateway:experimental>\n<gateway:experimental:validation:Enum=A;B;C>\n<gateway:standard:validation:XValidation:message=\"m\",rule=\"self.x\">\n<gateway:experimental:validation:Pattern=`^a$`>\n<gateway:validateIPAddress>"
	tags := ReadGatewayTags(doc)
	if !tags.Experimental || len(tags.Problems) > 0 || len(tags.Validations) != 3 {
		t.Fatalf("tags: %+v", tags)
	}
	var whens []string
	for _, v := range tags.Validations {
		whens = append(whens, v.When)
	}
	slices.Sort(whens)
	if !slices.Equal(whens, []string{"!experimental", "experimental", "experimental"}) {
		t.Errorf("conditions: %v", whens)
	}
	if bad := ReadGatewayTags("<gateway:experimental:validation:Enum=A,B>"); len(bad.Problems) != 1 {
		t.Errorf("a malformed tag is a problem: %+v", bad)
	}
}
