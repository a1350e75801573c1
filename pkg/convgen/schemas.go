package convgen

// This file implements judging the conversions by the versions' schemas:
// for every field the generated code converts, what the input version's
// schema accepts is compared with what the output version's accepts (enum
// values, bounds, multipleOf, pattern, lengths, item and property counts,
// required, format, list type). A value the input takes and the
// output refuses converts into an object the output version's validation
// rejects: stored, the API server refuses it on the next update; served,
// a client cannot send it back. Each such field is a warning at the
// spoke's field, with the way out. x-kubernetes-validations are not
// compared: a rule's meaning is not a keyword's. Nor is nullable: a null
// decodes to Go's nil or zero, which the output encodes as an absent
// field (or a null the API server prunes), never one it refuses.

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Schemas gives the openAPIV3Schema of one version of a kind, as the CRD
// crdgen writes holds it; nil when it is not known, and then that
// version's conversions are not judged.
type Schemas func(k *model.Kind) *apiextv1.JSONSchemaProps

// judge holds the state of judging one Generate call's conversions.
type judge struct {
	g *gen
	// judged are the directions already judged: a type pair reached from
	// several kinds or fields is judged once.
	judged map[*direction]bool
}

// judgeSchemas judges every kind's conversion, both ways, when Options
// gives the schemas.
func (g *gen) judgeSchemas(pps []*pkgPair) {
	if g.opts.Schemas == nil {
		return
	}
	j := &judge{g: g, judged: map[*direction]bool{}}
	for _, pp := range pps {
		for _, kp := range pp.kinds {
			spoke, hub := g.opts.Schemas(kp.spoke), g.opts.Schemas(kp.hub)
			if spoke == nil || hub == nil {
				continue
			}
			j.direction(kp.root.toHub, spoke, hub)
			j.direction(kp.root.fromHub, hub, spoke)
		}
	}
}

// direction judges the fields of one direction of a type pair, whose
// input's schema is src and output's dst. A direction with a hand-written
// function is the author's to map, and not judged.
func (j *judge) direction(d *direction, src, dst *apiextv1.JSONSchemaProps) {
	if d.hand != nil || j.judged[d] {
		return
	}
	j.judged[d] = true
	for _, fc := range d.fields {
		if fc.in == nil || fc.out == nil || fc.plan == nil {
			continue // hand-written, lost, or kept in the annotation
		}
		s, t := fieldSchema(src, fc.in), fieldSchema(dst, fc.out)
		if s == nil || t == nil {
			continue
		}
		var found []string
		if !fc.in.Inline && !requires(src, jsonKey(fc.in)) && requires(dst, jsonKey(fc.out)) {
			found = append(found, fmt.Sprintf("optional in %s, required in %s", d.inVer(), d.outVer()))
		}
		j.value(d, fc.plan, s, t, "", &found)
		if len(found) > 0 {
			j.report(d, fc, found)
		}
	}
}

// value compares the schemas of a value a plan converts, and goes on into
// what it converts through; sub is the path below the field, for messages.
func (j *judge) value(d *direction, p *valuePlan, s, t *apiextv1.JSONSchemaProps, sub string, found *[]string) {
	for p.kind == planPointer || p.kind == planToPointer || p.kind == planFromPointer {
		// A pointer is the same value on the wire.
		p = p.elem
	}
	*found = append(*found, refusals(s, t, sub, d.inVer(), d.outVer())...)
	switch p.kind {
	case planConvert:
		next := p.pair.toHub
		if !d.toHub {
			next = p.pair.fromHub
		}
		j.direction(next, s, t)
	case planSlice, planArray:
		if si, ti := items(s), items(t); si != nil && ti != nil {
			j.value(d, p.elem, si, ti, sub+"[]", found)
		}
	case planMap:
		if sv, tv := values(s), values(t); sv != nil && tv != nil {
			j.value(d, p.elem, sv, tv, sub+"[*]", found)
		}
	default:
		// Copied as it is: the Go type is the same, its schemas may still
		// differ by the markers on the way.
		*found = append(*found, tree(s, t, sub, d.inVer(), d.outVer())...)
	}
}

// tree compares what lies below two schemas of one Go type: properties by
// name, items and map values.
func tree(s, t *apiextv1.JSONSchemaProps, sub, in, out string) []string {
	var found []string
	for _, name := range slices.Sorted(maps.Keys(t.Properties)) {
		sp, ok := s.Properties[name]
		if !ok {
			continue
		}
		tp := t.Properties[name]
		path := sub + "." + name
		if !requires(s, name) && requires(t, name) {
			found = append(found, fmt.Sprintf("%s: optional in %s, required in %s", strings.TrimPrefix(path, "."), in, out))
		}
		found = append(found, refusals(&sp, &tp, path, in, out)...)
		found = append(found, tree(&sp, &tp, path, in, out)...)
	}
	if si, ti := items(s), items(t); si != nil && ti != nil {
		found = append(found, refusals(si, ti, sub+"[]", in, out)...)
		found = append(found, tree(si, ti, sub+"[]", in, out)...)
	}
	if sv, tv := values(s), values(t); sv != nil && tv != nil {
		found = append(found, refusals(sv, tv, sub+"[*]", in, out)...)
		found = append(found, tree(sv, tv, sub+"[*]", in, out)...)
	}
	return found
}

// refusals lists what t refuses of the values s accepts, keyword by
// keyword, each prefixed with sub (the path below the field) when there
// is one.
func refusals(s, t *apiextv1.JSONSchemaProps, sub, in, out string) []string {
	var found []string
	add := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if sub != "" {
			msg = strings.TrimPrefix(sub, ".") + ": " + msg
		}
		found = append(found, msg)
	}
	if s.Type != t.Type {
		// A change of type is converted by hand, or is int-or-string.
		return nil
	}
	if len(t.Enum) > 0 {
		if len(s.Enum) == 0 {
			add("%s allows only %s, %s any value", out, enumList(t.Enum), in)
		} else if extra := missingEnum(s.Enum, t.Enum); len(extra) > 0 {
			add("%s %s not among %s's %s", enumList(extra), isAre(len(extra)), out, enumList(t.Enum))
		}
	}
	bound := func(name string, sv, tv *float64, sx, tx bool, looser func(a, b float64) bool) {
		switch {
		case tv == nil:
		case sv == nil:
			add("%s %s in %s, none in %s", name, number(*tv, tx), out, in)
		case looser(*sv, *tv) || *sv == *tv && tx && !sx:
			add("%s %s in %s, %s in %s", name, number(*tv, tx), out, number(*sv, sx), in)
		}
	}
	bound("maximum", s.Maximum, t.Maximum, s.ExclusiveMaximum, t.ExclusiveMaximum, func(a, b float64) bool { return a > b })
	bound("minimum", s.Minimum, t.Minimum, s.ExclusiveMinimum, t.ExclusiveMinimum, func(a, b float64) bool { return a < b })
	if t.MultipleOf != nil {
		if s.MultipleOf == nil || !isMultiple(*s.MultipleOf, *t.MultipleOf) {
			add("multipleOf %s in %s, %s in %s", number(*t.MultipleOf, false), out, optNumber(s.MultipleOf), in)
		}
	}
	if t.Pattern != "" && t.Pattern != s.Pattern {
		add("pattern %q in %s, %s in %s", t.Pattern, out, orNone(strconv.Quote(s.Pattern), s.Pattern != ""), in)
	}
	counts := []struct {
		name       string
		smax, tmax *int64
		smin, tmin *int64
	}{
		{"length", s.MaxLength, t.MaxLength, s.MinLength, t.MinLength},
		{"items", s.MaxItems, t.MaxItems, s.MinItems, t.MinItems},
		{"properties", s.MaxProperties, t.MaxProperties, s.MinProperties, t.MinProperties},
	}
	for _, c := range counts {
		if c.tmax != nil && (c.smax == nil || *c.smax > *c.tmax) {
			add("max%s %d in %s, %s in %s", title(c.name), *c.tmax, out, optCount(c.smax), in)
		}
		if c.tmin != nil && *c.tmin > 0 && (c.smin == nil || *c.smin < *c.tmin) {
			add("min%s %d in %s, %s in %s", title(c.name), *c.tmin, out, optCount(c.smin), in)
		}
	}
	if t.Format != "" && t.Format != s.Format {
		add("format %s in %s, %s in %s", t.Format, out, orNone(s.Format, s.Format != ""), in)
	}
	if listType(t) == "set" && listType(s) != "set" {
		add("a set in %s (no two items equal), a list in %s", out, in)
	}
	return found
}

// report warns at the spoke's field of a conversion that a value the input
// version takes is refused by the output's schema.
func (j *judge) report(d *direction, fc *fieldConv, found []string) {
	pp := d.pair.pp
	sf, _ := d.spokeHub(fc)
	served := "stored as"
	if !d.toHub {
		served = "served as"
	}
	j.g.diags.Warnf(sf.Pos, markers.CodeConversionSchema,
		"spoke %s %s.%s: %s takes values %s refuses (%s); converted, they are %s %s objects its validation rejects: map them in a hand-written %s, or make the two versions' schemas agree",
		pp.spokeVer, d.pair.where, jsonPathStep(sf), d.inVer(), d.outVer(), strings.Join(found, "; "), served, d.outVer(), d.name())
}

// fieldSchema is the schema of a field within its struct's: the struct's
// own for an inlined field.
func fieldSchema(parent *apiextv1.JSONSchemaProps, f *model.Field) *apiextv1.JSONSchemaProps {
	if f.Inline {
		return parent
	}
	if p, ok := parent.Properties[jsonKey(f)]; ok {
		return &p
	}
	return nil
}

// jsonKey is a field's key in its struct's schema.
func jsonKey(f *model.Field) string {
	if f.HasJSONTag && f.JSONName != "" {
		return f.JSONName
	}
	return f.GoName
}

func requires(s *apiextv1.JSONSchemaProps, name string) bool {
	return slices.Contains(s.Required, name)
}

func items(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if s.Items == nil {
		return nil
	}
	return s.Items.Schema
}

func values(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if s.AdditionalProperties == nil {
		return nil
	}
	return s.AdditionalProperties.Schema
}

func listType(s *apiextv1.JSONSchemaProps) string {
	if s.XListType == nil {
		return ""
	}
	return *s.XListType
}

// missingEnum are the values of s that t lacks, in s's order.
func missingEnum(s, t []apiextv1.JSON) []apiextv1.JSON {
	var out []apiextv1.JSON
	for _, v := range s {
		if !slices.ContainsFunc(t, func(w apiextv1.JSON) bool { return bytes.Equal(v.Raw, w.Raw) }) {
			out = append(out, v)
		}
	}
	return out
}

func enumList(vs []apiextv1.JSON) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, string(v.Raw))
	}
	return strings.Join(parts, ", ")
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// number prints a bound, with "exclusive" when it is one.
func number(v float64, exclusive bool) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if exclusive {
		s += " (exclusive)"
	}
	return s
}

func optNumber(v *float64) string {
	if v == nil {
		return "none"
	}
	return number(*v, false)
}

func optCount(v *int64) string {
	if v == nil {
		return "none"
	}
	return strconv.FormatInt(*v, 10)
}

func orNone(s string, ok bool) string {
	if !ok {
		return "none"
	}
	return s
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// isMultiple reports whether every multiple of a is one of b.
func isMultiple(a, b float64) bool {
	if b == 0 {
		return false
	}
	q := a / b
	return q == float64(int64(q))
}
