package schemagen

import (
	"fmt"
	"reflect"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// mutation changes one leaf of a model (a string, a number, a boolean)
// and returns what undoes it.
type mutation struct {
	at    string
	apply func() (undo func())
}

// mutations lists a change to every leaf reachable from v, each pointer
// followed once, in a fixed order. Interface values (marker values) are
// changed by replacing what they hold. Marker definitions are crdgen's own,
// not the model's.
func mutations(v reflect.Value, at string, seen map[uintptr]bool, out *[]mutation) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] || v.Type() == reflect.TypeFor[*markers.Definition]() {
			return
		}
		seen[v.Pointer()] = true
		mutations(v.Elem(), at, seen, out)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				mutations(v.Field(i), at+"."+v.Type().Field(i).Name, seen, out)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			mutations(v.Index(i), fmt.Sprintf("%s[%d]", at, i), seen, out)
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		held := v.Elem()
		if held.Kind() == reflect.Pointer {
			mutations(held, at, seen, out)
			return
		}
		var inner []mutation
		held2 := reflect.New(held.Type()).Elem()
		held2.Set(held)
		mutations(held2, at, seen, &inner)
		for _, m := range inner {
			*out = append(*out, mutation{m.at, func() func() {
				undo := m.apply()
				v.Set(held2)
				return func() { undo(); v.Set(held) }
			}})
		}
	case reflect.String:
		*out = append(*out, mutation{at, func() func() {
			old := v.String()
			v.SetString(old + "~")
			return func() { v.SetString(old) }
		}})
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		*out = append(*out, mutation{at, func() func() {
			old := v.Int()
			v.SetInt(old + 1)
			return func() { v.SetInt(old) }
		}})
	case reflect.Bool:
		*out = append(*out, mutation{at, func() func() {
			old := v.Bool()
			v.SetBool(!old)
			return func() { v.SetBool(old) }
		}})
	}
}

// built is what Build made of one CRD.
type built struct {
	key   string
	obj   *apiextv1.CustomResourceDefinition
	diags string
}

func buildAll(m *model.Model, opts Options) (map[string]built, bool) {
	p, diags := Prepare(m, opts)
	if diags.HasErrors() {
		return nil, false
	}
	out := map[string]built{}
	for i := range p.Len() {
		crd, d := p.Build(i)
		if crd == nil || d.HasErrors() {
			continue
		}
		out[crd.FileName] = built{key: p.Key(i), obj: crd.Object, diags: fmt.Sprint(d)}
	}
	return out, true
}

// TestSameKeySameBuild changes every leaf of whole models (the API types,
// their dependencies, the packages, the kinds, also what no CRD reaches),
// one at a time, and checks what a cache keyed by Plan.Key relies on:
// where a CRD's key is the same as before the change, Build makes the same
// CRD with the same diagnostics. It also checks that the key is not
// blind: most changes to what a CRD reaches change its key.
func TestSameKeySameBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds many CRDs")
	}
	for _, name := range []string{"crontab_every_validation_marker", "go_shapes", "three_versions_storage_and_deprecated", "defined_types_keep_their_base_markers", "list_map_struct_topology"} {
		t.Run(name, func(t *testing.T) {
			m := loadGolden(t, name)
			opts := Options{ToolVersion: "v0"}
			want, ok := buildAll(m, opts)
			if !ok || len(want) == 0 {
				t.Fatal("the case builds no CRD")
			}
			var all []mutation
			mutations(reflect.ValueOf(m).Elem(), "model", map[uintptr]bool{}, &all)
			if len(all) < 200 {
				t.Fatalf("only %d leaves to change", len(all))
			}
			changed, keyed := 0, 0
			for _, mu := range all {
				undo := mu.apply()
				got, ok := buildAll(m, opts)
				undo()
				if !ok {
					continue
				}
				for file, g := range got {
					w, ok := want[file]
					if !ok {
						continue
					}
					same := reflect.DeepEqual(g.obj, w.obj) && g.diags == w.diags
					if g.key == w.key && !same {
						t.Errorf("changing %s changed %s but not its key", mu.at, file)
					}
					if !same {
						changed++
						if g.key != w.key {
							keyed++
						}
					}
				}
			}
			if changed == 0 || keyed != changed {
				t.Errorf("%d of %d changed builds changed their key", keyed, changed)
			}
			t.Logf("%d leaves changed, %d builds changed", len(all), changed)
		})
	}
}
