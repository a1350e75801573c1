package k8stags

// This file judges +k8s:update's transition rules on updates.

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// updateCheck is one field under +k8s:update: validation-gen's validator
// for an update from old to new (nil: the field absent).
type updateCheck struct {
	name     string
	validate func(fld *field.Path, new, old any) field.ErrorList
	values   []any
}

func updateChecks() []updateCheck {
	ctx, up := context.Background(), operation.Operation{Type: operation.Update}
	strVal := func(v any) *string {
		s := ""
		if v != nil {
			s = v.(string)
		}
		return &s
	}
	intVal := func(v any) *int32 {
		var n int32
		if v != nil {
			n = int32(v.(int))
		}
		return &n
	}
	strPtr := func(v any) *string {
		if v == nil {
			return nil
		}
		s := v.(string)
		return &s
	}
	intPtr := func(v any) *int32 {
		if v == nil {
			return nil
		}
		n := int32(v.(int))
		return &n
	}
	mapOf := func(v any) map[string]any {
		if v == nil {
			return nil
		}
		return v.(map[string]any)
	}
	return []updateCheck{
		{"text", func(p *field.Path, n, o any) field.ErrorList {
			return validate.UpdateValueByCompare(ctx, up, p, strVal(n), strVal(o), validate.NoModify)
		}, []any{nil, "", "a", "b"}},
		{"createOnly", func(p *field.Path, n, o any) field.ErrorList {
			return validate.UpdatePointer(ctx, up, p, strPtr(n), strPtr(o), validate.NoSet)
		}, []any{nil, "", "a", "b"}},
		{"keep", func(p *field.Path, n, o any) field.ErrorList {
			return validate.UpdateValueByCompare(ctx, up, p, intVal(n), intVal(o), validate.NoUnset)
		}, []any{nil, 0, 1, 2}},
		{"frozen", func(p *field.Path, n, o any) field.ErrorList {
			return validate.UpdatePointer(ctx, up, p, intPtr(n), intPtr(o), validate.NoModify, validate.NoUnset)
		}, []any{nil, 0, 1, 2}},
		{"flag", func(p *field.Path, n, o any) field.ErrorList {
			nb, ob := n == true, o == true
			return validate.UpdateValueByCompare(ctx, up, p, &nb, &ob, validate.NoSet)
		}, []any{nil, false, true}},
		{"fixed", func(p *field.Path, n, o any) field.ErrorList {
			return validate.UpdateMap(ctx, up, p, mapOf(n), mapOf(o), validate.NoAddItem)
		}, []any{nil, map[string]any{}, map[string]any{"a": "1"}, map[string]any{"a": "2"}, map[string]any{"b": "1"}, map[string]any{"a": "1", "b": "1"}}},
		{"grow", func(p *field.Path, n, o any) field.ErrorList {
			return validate.UpdateMap(ctx, up, p, mapOf(n), mapOf(o), validate.NoRemoveItem)
		}, []any{nil, map[string]any{}, map[string]any{"a": "1"}, map[string]any{"a": "2"}, map[string]any{"b": "1"}, map[string]any{"a": "1", "b": "1"}}},
		// eachVal=update=NoModify: an item of a listType=map list (matched
		// by its key, as validation-gen's EachSliceVal matches it) or a
		// map's value may come and go but not change.
		{"ports", func(p *field.Path, n, o any) field.ErrorList {
			olds := map[any]any{}
			for _, item := range listOf(o) {
				olds[item.(map[string]any)["name"]] = item
			}
			var errs field.ErrorList
			for i, item := range listOf(n) {
				if old, ok := olds[item.(map[string]any)["name"]]; ok && !equality.Semantic.DeepEqual(old, item) {
					errs = append(errs, field.Invalid(p.Index(i), nil, "field cannot be modified once set"))
				}
			}
			return errs
		}, []any{nil, []any{}, []any{map[string]any{"name": "a", "number": 1}}, []any{map[string]any{"name": "a", "number": 2}},
			[]any{map[string]any{"name": "b", "number": 1}}, []any{map[string]any{"name": "b"}, map[string]any{"name": "a", "number": 2}}}},
		{"env", func(p *field.Path, n, o any) field.ErrorList {
			var errs field.ErrorList
			for k, v := range mapOf(n) {
				if old, ok := mapOf(o)[k]; ok && old != v {
					errs = append(errs, field.Invalid(p.Key(k), nil, "field cannot be modified once set"))
				}
			}
			return errs
		}, []any{nil, map[string]any{}, map[string]any{"a": "1"}, map[string]any{"a": "2"}, map[string]any{"b": "1"}, map[string]any{"a": "2", "b": "1"}}},
		// A struct that is not a pointer is always in what a Go client
		// writes (encoding/json does not omit it), so it is never absent
		// here: a transition rule on it runs only where the old object
		// has it.
		{"part", func(p *field.Path, n, o any) field.ErrorList {
			// validation-gen relies on ratcheting (the caller): any
			// change is a modification.
			type part struct{ Name string }
			np, op := part{}, part{}
			return validate.UpdateStruct(ctx, up, p, &np, &op, validate.NoModify)
		}, []any{map[string]any{}, map[string]any{"name": "a"}, map[string]any{"name": "b"}}},
	}
}

// TestUpdatesJudgeAsValidationGen updates a Gadget from each value of a
// pinned field to each other, through the server's update path (transition
// rules and ratcheting) and through validation-gen's Update validators.
// The parent, pinned, is in both objects, as a Go client writes a struct
// that is not a pointer: a transition rule runs only where its node is in
// the old object too, so an update that adds the parent is no transition
// for the CRD (the differences page says so).
func TestUpdatesJudgeAsValidationGen(t *testing.T) {
	srv := goldenServer(t)
	body := func(name string, v any, resourceVersion string) []byte {
		pinned := map[string]any{}
		if v != nil {
			pinned[name] = v
		}
		meta := map[string]any{"name": "g", "namespace": "default"}
		if resourceVersion != "" {
			meta["resourceVersion"] = resourceVersion
		}
		b, _ := json.Marshal(map[string]any{
			"apiVersion": "dv.example.com/v1", "kind": "Gadget", "metadata": meta,
			"spec": map[string]any{"name": "ok", "pinned": pinned},
		})
		return b
	}
	n := 0
	for _, c := range updateChecks() {
		fld := field.NewPath("spec", "pinned", c.name)
		for _, old := range c.values {
			created := srv.Create(body(c.name, old, ""), "Strict", "default")
			if created.Err != nil {
				t.Fatalf("%s=%v: create: %v", c.name, old, created.Err)
			}
			for _, v := range c.values {
				n++
				res := srv.Update(created.Object, body(c.name, v, created.Object.GetResourceVersion()), "Strict", false)
				got, err := pathsOfResponse(res)
				if err != nil {
					t.Fatalf("%s %v -> %v: %v", c.name, old, v, err)
				}
				var want []string
				// validation-gen's code validates a field on update only
				// when it changed (ratcheting, with equality.Semantic: a
				// nil map is an empty one).
				if !equality.Semantic.DeepEqual(v, old) && !(emptyMap(v) && emptyMap(old)) {
					want = pathsOf(c.validate(fld, v, old))
				}
				// A map's item constraint is one CEL rule on the map: the
				// API server reports the map where validation-gen reports
				// each key added or removed (the differences page says so).
				if c.name == "fixed" || c.name == "grow" {
					for i := range want {
						want[i] = fld.String()
					}
					want = slices.Compact(want)
				}
				if !slices.Equal(want, got) {
					t.Errorf("%s %v -> %v: validation-gen reports %q, the API server %q", c.name, old, v, want, got)
				}
			}
		}
	}
	t.Logf("%d updates judged, every verdict and field path validation-gen's", n)
}

// listOf is v as a list (nil: none).
func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

// emptyMap says v is no map, or an empty one.
func emptyMap(v any) bool {
	m, ok := v.(map[string]any)
	return v == nil || ok && len(m) == 0
}
