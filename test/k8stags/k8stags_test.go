// Package k8stags judges the CRD crdgen writes for +k8s: tags of
// declarative validation the way validation-gen judges the same tags: each
// value goes through the API server's own request path (pkg/crtest: the
// structural schema and CEL rules, as on create) and through the Go
// validator validation-gen's generated code calls for the tag
// (k8s.io/apimachinery/pkg/api/validate), and the two must give the same
// verdict at the same field path.
package k8stags

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/crtest"
)

// goldenCRD is the CRD of the golden case that uses every tag, as crdgen
// writes it (TestGolden in cmd/crdgen holds the file to crdgen's output).
const goldenCRD = "../../testdata/k8s_declarative_validation_tags/want/dv.example.com_gadgets.yaml"

// check is one tagged field: its path under spec, and validation-gen's Go
// validator for it.
type check struct {
	path     string
	validate func(fld *field.Path, v any) field.ErrorList
	// values are the field's test values (JSON values).
	values func(r *rand.Rand) []any
}

var op = operation.Operation{Type: operation.Create}

func str(f func(context.Context, operation.Operation, *field.Path, *string, *string) field.ErrorList) func(*field.Path, any) field.ErrorList {
	return func(p *field.Path, v any) field.ErrorList {
		s := v.(string)
		return f(context.Background(), op, p, &s, nil)
	}
}

func checks() []check {
	strs := func(r *rand.Rand) []any { return toAny(corpus(r)) }
	return []check{
		{"aliases", func(p *field.Path, v any) field.ErrorList {
			// validation-gen's EachSliceVal calls the item's validator
			// with the item's index.
			var errs field.ErrorList
			for i, item := range v.([]any) {
				s := item.(string)
				errs = append(errs, validate.ShortName(context.Background(), op, p.Index(i), &s, nil)...)
			}
			return append(errs, validate.MaxItems(context.Background(), op, p, v.([]any), nil, 4)...)
		}, func(r *rand.Rand) []any {
			c := corpus(r)
			var out []any
			for i := 0; i+3 <= len(c); i += 3 {
				out = append(out, []any{c[i], c[i+1], c[i+2]})
			}
			return append(out, []any{"a", "b", "c", "d", "e"}, []any{})
		}},
		{"limits", func(p *field.Path, v any) field.ErrorList {
			m := v.(map[string]any)
			var errs field.ErrorList
			for k, val := range m {
				s := val.(string)
				errs = append(errs, validate.MaxBytes(context.Background(), op, p.Key(k), &s, nil, 8)...)
				errs = append(errs, validate.NEQ(context.Background(), op, p.Key(k), &s, nil, "none")...)
			}
			return append(errs, validate.MaxProperties(context.Background(), op, p, m, nil, 4)...)
		}, func(r *rand.Rand) []any {
			var out []any
			for _, l := range lengths(r, 12) {
				out = append(out, map[string]any{"a": l}, map[string]any{"a": "ok", "b": l})
			}
			return append(out, map[string]any{"a": "none"}, map[string]any{"a": "1", "b": "2", "c": "3", "d": "4", "e": "5"})
		}},
		{"retired.pointer", func(p *field.Path, v any) field.ErrorList {
			s := v.(string)
			return validate.ForbiddenPointer(context.Background(), op, p, &s, nil)
		}, func(*rand.Rand) []any { return []any{"", "x"} }},
		{"retired.text", func(p *field.Path, v any) field.ErrorList {
			s := v.(string)
			return validate.ForbiddenValue(context.Background(), op, p, &s, nil)
		}, func(*rand.Rand) []any { return []any{"", "x"} }},
		{"retired.count", func(p *field.Path, v any) field.ErrorList {
			n := int32(v.(int))
			return validate.ForbiddenValue(context.Background(), op, p, &n, nil)
		}, func(*rand.Rand) []any { return []any{0, 3} }},
		{"retired.flag", func(p *field.Path, v any) field.ErrorList {
			b := v.(bool)
			return validate.ForbiddenValue(context.Background(), op, p, &b, nil)
		}, func(*rand.Rand) []any { return []any{false, true} }},
		{"retired.list", func(p *field.Path, v any) field.ErrorList {
			return validate.ForbiddenSlice(context.Background(), op, p, v.([]any), nil)
		}, func(*rand.Rand) []any { return []any{[]any{}, []any{"a"}} }},
		{"retired.map", func(p *field.Path, v any) field.ErrorList {
			return validate.ForbiddenMap(context.Background(), op, p, v.(map[string]any), nil)
		}, func(*rand.Rand) []any { return []any{map[string]any{}, map[string]any{"a": "b"}} }},
		{"formats.shortName", str(validate.ShortName[string]), strs},
		{"formats.longName", str(validate.LongName[string]), strs},
		{"formats.longNameCaseless", str(validate.LongNameCaseless[string]), strs},
		{"formats.labelKey", str(validate.LabelKey[string]), strs},
		{"formats.prefixedLabelKey", str(validate.PrefixedLabelKey[string]), strs},
		{"formats.labelValue", str(validate.LabelValue[string]), strs},
		{"formats.uuid", str(validate.UUID[string]), strs},
		{"formats.pathSegmentName", str(validate.PathSegmentName[string]), strs},
		{"formats.resourcePoolName", str(validate.ResourcePoolName[string]), strs},
		{"formats.extendedResourceName", str(validate.ExtendedResourceName[string]), strs},
		{"name", func(p *field.Path, v any) field.ErrorList {
			s := v.(string)
			return append(validate.MinLength(context.Background(), op, p, &s, nil, 1), validate.MaxLength(context.Background(), op, p, &s, nil, 63)...)
		}, func(r *rand.Rand) []any { return toAny(lengths(r, 70)) }},
		{"label", func(p *field.Path, v any) field.ErrorList {
			s := v.(string)
			return validate.MaxBytes(context.Background(), op, p, &s, nil, 16)
		}, func(r *rand.Rand) []any { return toAny(lengths(r, 20)) }},
		{"mode", func(p *field.Path, v any) field.ErrorList {
			s := v.(string)
			return validate.NEQ(context.Background(), op, p, &s, nil, "off # not a comment")
		}, func(*rand.Rand) []any { return []any{"off", "on", "off # not a comment", ""} }},
		{"replicas", func(p *field.Path, v any) field.ErrorList {
			n := int32(v.(int))
			return validate.NEQ(context.Background(), op, p, &n, nil, 0)
		}, func(*rand.Rand) []any { return []any{0, 1, -1} }},
		{"enabled", func(p *field.Path, v any) field.ErrorList {
			b := v.(bool)
			return validate.NEQ(context.Background(), op, p, &b, nil, false)
		}, func(*rand.Rand) []any { return []any{true, false} }},
		{"parts", func(p *field.Path, v any) field.ErrorList {
			return validate.MinItems(context.Background(), op, p, v.([]any), nil, 1)
		}, func(*rand.Rand) []any { return []any{[]any{}, []any{"a"}, []any{"a", "b"}} }},
		{"settings", func(p *field.Path, v any) field.ErrorList {
			m := v.(map[string]any)
			return append(validate.MinProperties(context.Background(), op, p, m, nil, 1), validate.MaxProperties(context.Background(), op, p, m, nil, 8)...)
		}, func(*rand.Rand) []any {
			var out []any
			for _, n := range []int{0, 1, 8, 9} {
				m := map[string]any{}
				for i := range n {
					m[fmt.Sprint("k", i)] = "v"
				}
				out = append(out, m)
			}
			return out
		}},
	}
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// corpus is edge cases of every format, then random strings over the
// characters the formats treat apart.
func corpus(r *rand.Rand) []string {
	out := []string{
		"", "a", "A", "-", "a-", "-a", "a.b", "a..b", ".", "..", "...", ".a", "a/b", "a/b/c", "/a", "a/", "%", "a%b",
		"example.com/key", "example.com/Key_1.x", "Example.com/key", "example.com/", "/key", "requests.example.com/x",
		"kubernetes.io/x", "example.kubernetes.io/x", "example.com/kubernetes.io", "example.com/-x",
		"0123abcd-0123-4567-89ab-0123456789ab", "0123ABCD-0123-4567-89ab-0123456789ab", "0123abcd01234567-89ab-0123456789ab",
		"é", "aé", "a b", "a_b", "_a", "a_",
		strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 253), strings.Repeat("a", 254),
		strings.Repeat("a", 253) + "/" + strings.Repeat("b", 63), strings.Repeat("a", 254) + "/b", "a/" + strings.Repeat("b", 64),
		strings.Repeat("a.", 126) + "a", strings.Repeat("a", 244) + "/" + strings.Repeat("b", 63),
		strings.Repeat("a", 245) + "/b", strings.Repeat("ab/", 84) + "a",
	}
	alphabet := []rune("abzAZ09-._/%é ")
	for range 3000 {
		n := r.IntN(12)
		if r.IntN(20) == 0 {
			n = 60 + r.IntN(260)
		}
		b := make([]rune, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out = append(out, string(b))
	}
	return out
}

// lengths are strings of every length up to n, in ASCII and in two- and
// four-byte characters.
func lengths(r *rand.Rand, n int) []string {
	var out []string
	for i := range n {
		out = append(out, strings.Repeat("a", i), strings.Repeat("é", i), strings.Repeat("😀", i), strings.Repeat("a", i)+"é")
	}
	return out
}

func TestTagsJudgeAsValidationGen(t *testing.T) {
	data, err := os.ReadFile(filepath.FromSlash(goldenCRD))
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		t.Fatal(err)
	}
	srv, err := crtest.NewServer(&crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	total, invalid := 0, 0
	for _, c := range checks() {
		for _, v := range c.values(r) {
			total++
			fld := field.NewPath("spec")
			for _, part := range strings.Split(c.path, ".") {
				fld = fld.Child(part)
			}
			want := c.validate(fld, v)
			got, err := serverErrors(srv, c.path, v)
			if err != nil {
				t.Fatalf("%s=%q: %v", c.path, v, err)
			}
			if len(want) > 0 {
				invalid++
			}
			if (len(want) == 0) != (len(got) == 0) {
				t.Errorf("%s=%q: validation-gen says %v, the API server says %v", c.path, v, want.ToAggregate(), got)
				continue
			}
			if w, g := pathsOf(want), normalPaths(got); !slices.Equal(w, g) {
				t.Errorf("%s=%q: the API server reports %q, validation-gen %q", c.path, v, g, w)
			}
		}
	}
	if total < 30000 {
		t.Fatalf("only %d values judged", total)
	}
	t.Logf("%d values judged (%d invalid), every verdict and field path validation-gen's", total, invalid)
}

// pathsOf are the field paths of validation-gen's errors, normalPaths'
// way.
func pathsOf(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Field)
	}
	return normalPaths(out)
}

// normalPaths are field paths sorted, each once, with a map's key written
// one way. The one difference of notation: validation-gen and the API
// server's CEL validation name a map's value spec.limits[a]
// (field.Path.Key), and the server's OpenAPI schema validation of a custom
// resource spec.limits.a, the same node.
func normalPaths(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = mapKeyRE.ReplaceAllString(p, ".$1")
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}

// mapKeyRE matches a map key in a field path: [key] that is not an index.
var mapKeyRE = regexp.MustCompile(`\[([^0-9\]][^\]]*)\]`)

// serverErrors creates a Gadget whose spec has the field at path set to v,
// and returns the field paths of the server's errors (none: accepted).
func serverErrors(srv *crtest.Server, path string, v any) ([]string, error) {
	spec := map[string]any{"name": "ok"}
	node := spec
	parts := strings.Split(path, ".")
	for _, p := range parts[:len(parts)-1] {
		child := map[string]any{}
		node[p] = child
		node = child
	}
	node[parts[len(parts)-1]] = v
	body, err := json.Marshal(map[string]any{
		"apiVersion": "dv.example.com/v1", "kind": "Gadget",
		"metadata": map[string]any{"name": "g", "namespace": "default"}, "spec": spec,
	})
	if err != nil {
		return nil, err
	}
	res := srv.Create(body, "Strict", "default")
	if res.Err == nil {
		return nil, nil
	}
	var status apierrors.APIStatus
	if !errors.As(res.Err, &status) || status.Status().Details == nil {
		return nil, fmt.Errorf("not a field error: %v", res.Err)
	}
	var out []string
	for _, cause := range status.Status().Details.Causes {
		// Beside a schema error the server says that it skipped the CEL
		// rules elsewhere in the object: no verdict on any field.
		if cause.Field == "<nil>" && strings.Contains(cause.Message, "some validation rules were not checked") {
			continue
		}
		out = append(out, cause.Field)
	}
	return out, nil
}

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
	data, err := os.ReadFile(filepath.FromSlash(goldenCRD))
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		t.Fatal(err)
	}
	srv, err := crtest.NewServer(&crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
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

// pathsOfResponse are the field paths of a response's errors, normalPaths'
// way (none: accepted).
func pathsOfResponse(res crtest.Response) ([]string, error) {
	if res.Err == nil {
		return nil, nil
	}
	var status apierrors.APIStatus
	if !errors.As(res.Err, &status) || status.Status().Details == nil {
		return nil, fmt.Errorf("not a field error: %v", res.Err)
	}
	var out []string
	for _, cause := range status.Status().Details.Causes {
		if cause.Field == "<nil>" && strings.Contains(cause.Message, "some validation rules were not checked") {
			continue
		}
		out = append(out, cause.Field)
	}
	return normalPaths(out), nil
}
