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
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/crdgen/crdgen/pkg/crtest"
)

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
	srv := goldenServer(t)
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

// serverErrors creates a Gadget whose spec has the field at path set to v,
// and returns the field paths of the server's errors, normalPaths' way
// (none: accepted).
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
	return pathsOfResponse(srv.Create(body, "Strict", "default"))
}
