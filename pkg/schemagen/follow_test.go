package schemagen

import (
	"fmt"
	"slices"
	"testing"

	"github.com/crdgen/crdgen/pkg/model"
)

func TestFollow(t *testing.T) {
	pkg := &model.Package{Name: "v1"}
	named := func(name string, under model.TypeExpr) *model.Type {
		return &model.Type{Ident: model.GoIdent{ImportPath: "example.com/v1", Name: name}, Package: pkg, Underlying: under}
	}
	ref := func(t *model.Type) model.TypeExpr { return &model.Named{Type: t} }
	str := &model.Basic{Name: "string"}
	shape := &model.Struct{}

	// type Spec struct{}; type Time (well-known, no Underlying);
	// type Name string; type Stamp string (a TextMarshaler);
	// type Strings = []string; type AliasOfName = Name;
	// type AliasOfStamp = Stamp; type Derived Name (Base Name).
	spec := named("Spec", shape)
	wellKnown := named("Time", nil)
	wellKnown.WellKnown = true
	name := named("Name", str)
	stamp := named("Stamp", str)
	stamp.TextMarshaler = true
	strs := named("Strings", &model.Slice{Elem: str})
	strs.Alias = true
	aliasOfName := named("AliasOfName", ref(name))
	aliasOfName.Alias = true
	aliasOfStamp := named("AliasOfStamp", ref(stamp))
	aliasOfStamp.Alias = true
	derived := named("Derived", str)
	derived.Base = name

	// type A B; type B A: each other's Base, which Go rejects.
	a, b := named("A", str), named("B", str)
	a.Base, b.Base = b, a
	// type C = D; type D = C.
	c, d := named("C", nil), named("D", nil)
	c.Alias, d.Alias = true, true
	c.Underlying, d.Underlying = ref(d), ref(c)

	textMarshaler := func(t *model.Type) bool { return t.TextMarshaler }
	// alternate is what a cycle of two visits: maxFollow names, the first
	// being x.
	alternate := func(x, y string) []string {
		out := make([]string, maxFollow)
		for i := range out {
			out[i] = x
			if i%2 == 1 {
				out[i] = y
			}
		}
		return out
	}

	cases := []struct {
		name      string
		in        model.TypeExpr
		by        link
		stop      func(*model.Type) bool
		want      string
		wantOK    bool
		wantVisit []string
	}{
		{"pointers and names down to a struct", &model.Pointer{Elem: &model.Pointer{Elem: ref(spec)}}, pointers | underlying, nil, "struct{}", true, []string{"Spec"}},
		{"a shape is where it starts", shape, pointers | underlying, nil, "struct{}", true, nil},
		{"a well-known type has no underlying", &model.Pointer{Elem: ref(wellKnown)}, pointers | underlying, nil, "v1.Time", true, []string{"Time"}},
		{"no pointers link stops at a pointer", &model.Pointer{Elem: ref(spec)}, underlying, nil, "*v1.Spec", true, nil},
		{"underlying goes through an alias", ref(aliasOfName), underlying, nil, "string", true, []string{"AliasOfName", "Name"}},
		{"at stops at a marshaler", ref(aliasOfStamp), underlying, textMarshaler, "v1.Stamp", true, []string{"AliasOfStamp", "Stamp"}},
		{"bases go from a defined type to its base", ref(derived), bases, nil, "v1.Name", true, []string{"Derived", "Name"}},
		{"bases go from an alias to what it stands for", &model.Pointer{Elem: ref(strs)}, pointers | bases, nil, "[]string", true, []string{"Strings"}},
		{"bases stop at a type spelt as a shape", ref(name), bases, nil, "v1.Name", true, []string{"Name"}},
		{"aliases go to the named type", ref(aliasOfName), aliases, nil, "v1.Name", true, []string{"AliasOfName", "Name"}},
		{"aliases stop at an alias of a shape", ref(strs), aliases, nil, "v1.Strings", true, []string{"Strings"}},
		{"aliases do not go to a base", ref(derived), aliases, nil, "v1.Derived", true, []string{"Derived"}},
		{"a cycle of bases stops at the bound", ref(a), bases, nil, "v1.A", false, alternate("A", "B")},
		{"a cycle of aliases stops at the bound", ref(c), underlying, nil, "v1.C", false, alternate("C", "D")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var visits []string
			at := func(t *model.Type) bool {
				visits = append(visits, t.Ident.Name)
				return tc.stop != nil && tc.stop(t)
			}
			end, ok := follow(tc.in, tc.by, at)
			if got := fmt.Sprint(end); got != tc.want || ok != tc.wantOK {
				t.Errorf("got %s, %t, want %s, %t", got, ok, tc.want, tc.wantOK)
			}
			if !slices.Equal(visits, tc.wantVisit) {
				t.Errorf("visited %v, want %v", visits, tc.wantVisit)
			}
		})
	}
}

func TestFollowTakesOneLinkFromNamedTypes(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("got no panic for underlying|bases, want one")
		}
	}()
	follow(&model.Basic{Name: "string"}, underlying|bases, nil)
}
