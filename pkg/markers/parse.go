package markers

// This file implements parsing a marker's text into its typed value.

import (
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Marker is one parsed marker.
type Marker struct {
	// Name is the definition's name, e.g. "kubebuilder:validation:Maximum".
	Name string
	// Pos is the position of the marker's '+'.
	Pos token.Position
	// Text is the marker as written, from the '+' on: for a conditional
	// marker the whole +crdgen:when:... line, and for one the loader made
	// of a doc comment's tag (FromDocTag) the tag, as <gateway:...>.
	Text string
	// Value is the typed argument value, e.g. Maximum{Value: 5}.
	Value any
	// Def is the marker's definition.
	Def *Definition
	// Spans locate each argument's value, as written, in Text; the key is
	// the argument name ("" for a one-value marker).
	Spans map[string]Span
	// When is the condition the marker holds under ("" always): an
	// expression over feature gates, as featureset.ParseCondition reads it
	// ("Gate", "!Gate", "A|B", ...), from +crdgen:when:<cond>:<marker>, an
	// OpenShift gate marker or a Gateway API channel tag.
	When string
	// FromDocTag is true for a marker the loader made of a tag in a doc
	// comment (Gateway API's <gateway:...> tags) rather than read from a
	// +marker line: its gates are checked only when the feature sets know
	// some gate, so what exists in no set is still reported of it.
	FromDocTag bool
	// Warnings are what parsing found that loses nothing, at offsets of
	// Text: an argument given again with the value it already had.
	Warnings []ArgError
}

// Span is a byte range [Start, End) of a marker's Text.
type Span struct{ Start, End int }

// At returns the position of the byte at offset off inside the marker text.
// Markers live on one line, so only the column moves.
func (m Marker) At(off int) token.Position {
	return offsetPos(m.Pos, off)
}

func offsetPos(p token.Position, off int) token.Position {
	if p.Line > 0 {
		p.Column += off
		p.Offset += off
	}
	return p
}

// Parse parses a marker's text, which starts with '+', as a marker for
// target. It returns an *UnknownError when no definition matches and an
// *ArgError when the arguments do not parse.
func (r *Registry) Parse(text string, target Target) (Marker, error) {
	if !strings.HasPrefix(text, "+") {
		return Marker{}, &ArgError{Msg: "a marker starts with '+'"}
	}
	res := r.resolve(text, target)
	if res.def == nil {
		return Marker{}, r.unknown(res.names, target)
	}
	m := Marker{Name: res.def.Name, Text: text, Def: res.def}
	if res.def.Foreign {
		m.Value = Raw{Text: res.args}
		return m, nil
	}
	if res.segment != "" && res.def.singleValue() {
		return m, &ArgError{Offset: res.segmentOff, Msg: fmt.Sprintf("unknown argument %q (+%s takes one value: %s)",
			res.segment, res.def.Name, res.def.Usage())}
	}
	end := len(text)
	if res.def.HashComments {
		if i := strings.IndexByte(text[res.argsOff:], '#'); i >= 0 && res.argsOff > 0 {
			end = res.argsOff + i
		}
	}
	val, spans, warns, err := res.def.parseArgs(text, res.argsOff, end)
	if err != nil {
		return m, err
	}
	m.Spans, m.Warnings = spans, warns
	if res.def.Items {
		val = Items{Value: val}
	}
	m.Value = val
	return m, nil
}

// parseArgs parses text[start:end] with the definition's argument syntax,
// and returns where each argument's value is and what it found that loses
// nothing. start is 0 when the marker has no '=' at all.
func (d *Definition) parseArgs(text string, start, end int) (any, map[string]Span, []ArgError, error) {
	if start == 0 {
		start = len(text)
		end = len(text)
	}
	if d.Decode != nil {
		v, err := d.Decode(text[start:end])
		if err != nil {
			if ae, ok := err.(*ArgError); ok {
				ae.Offset += start
				return nil, nil, nil, ae
			}
			return nil, nil, nil, &ArgError{Offset: start, Msg: err.Error()}
		}
		return v, map[string]Span{"": {start, end}}, nil, nil
	}
	c := &cursor{src: text, pos: start, end: end, spans: map[string]Span{}}
	out := reflect.New(d.spec.typ).Elem()
	spec := d.spec
	switch {
	case spec.flag():
		if !c.atEnd() {
			return nil, nil, nil, &ArgError{Offset: c.pos, Msg: fmt.Sprintf("+%s takes no arguments, got %q", d.Name, text[c.pos:end])}
		}
		return out.Interface(), nil, nil, nil
	case spec.anonymous():
		f := spec.fields[0]
		if c.atEnd() {
			if f.optional {
				return out.Interface(), nil, nil, nil
			}
			return nil, nil, nil, &ArgError{Offset: start, Msg: fmt.Sprintf("+%s needs a value: +%s=<%s>", d.Name, d.Name, f.typ)}
		}
		c.skipSpace()
		from := c.pos
		c.setField(out.Field(f.index), f.typ, false)
		c.spans[""] = Span{from, c.pos}
	default:
		c.namedArgs(d, out)
	}
	if c.err == nil && !c.atEnd() {
		c.failf(c.pos, "extra arguments provided: %q", text[c.pos:end])
	}
	if c.err != nil {
		return nil, nil, nil, c.err
	}
	return out.Interface(), c.spans, c.warnings, nil
}

// namedArgs reads "name=value,name=value" into the struct out.
func (c *cursor) namedArgs(d *Definition, out reflect.Value) {
	seen := map[string]bool{}
	for !c.atEnd() {
		at := c.pos
		name := c.ident()
		if name == "" {
			c.failf(at, "expected argument name, got %s", c.describeNext())
			return
		}
		f, ok := d.spec.field(name)
		if !ok {
			c.failf(at, "unknown argument %q%s", name, suggestArg(name, d.spec))
			return
		}
		if !c.expect('=', "'='") {
			return
		}
		c.skipSpace()
		from := c.pos
		if seen[name] {
			c.again(name, at, from, out.Field(f.index), f.typ)
		} else {
			c.setField(out.Field(f.index), f.typ, false)
			c.spans[name] = Span{from, c.pos}
		}
		seen[name] = true
		if c.failed() || c.atEnd() {
			break
		}
		if !c.expect(',', "','") {
			return
		}
	}
	if c.failed() {
		return
	}
	// Missing arguments are reported in declaration order.
	for _, f := range d.spec.fields {
		if !f.optional && !seen[f.name] {
			c.failf(c.end, "missing argument %q", f.name)
			return
		}
	}
}

// again reads the value of an argument given a second time, at (its name)
// and from (its value), into nothing: the same value as before is a
// warning, another one an error. controller-gen parses each into the field
// in turn, so the last wins there; which one the author meant is not for
// crdgen to guess.
func (c *cursor) again(name string, at, from int, field reflect.Value, t argType) {
	v := reflect.New(field.Type()).Elem()
	c.setField(v, t, false)
	if c.failed() {
		return
	}
	first := c.spans[name]
	if reflect.DeepEqual(v.Interface(), field.Interface()) {
		c.warnings = append(c.warnings, ArgError{Offset: at, Msg: fmt.Sprintf("argument %q given twice, with the same value; say it once", name)})
		return
	}
	c.failf(at, "argument %q given twice, with different values: %s, then %s (controller-gen takes the last; say it once)",
		name, c.src[first.Start:first.End], c.src[from:c.pos])
}

// setField parses a value of type t and stores it in dst (a struct field,
// slice element or map value).
func (c *cursor) setField(dst reflect.Value, t argType, inList bool) {
	v := c.value(t, inList)
	if c.failed() {
		return
	}
	if t.pointer {
		p := reflect.New(t.goType)
		p.Elem().Set(v)
		v = p
	}
	dst.Set(v)
}

// value reads one value of type t.
func (c *cursor) value(t argType, inList bool) reflect.Value {
	out := reflect.New(t.goType).Elem()
	at := c.pos
	switch t.kind {
	case kindString:
		out.SetString(c.str(false))
	case kindInt:
		n, ok := c.integer(false)
		if ok && out.OverflowInt(n) {
			c.failf(at, "integer %d out of range", n)
		}
		out.SetInt(n)
	case kindNumber:
		n, _ := c.number()
		out.SetFloat(n)
	case kindBool:
		b, _ := c.boolean()
		out.SetBool(b)
	case kindAny:
		if v := c.anyValue(!inList); v != nil {
			out.Set(reflect.ValueOf(v))
		}
	case kindSlice:
		c.list(out, *t.elem)
	case kindMap:
		c.mapValue(out, *t.elem)
	}
	return out
}

// list reads {a,b,c} or the legacy a;b;c form into the slice out.
func (c *cursor) list(out reflect.Value, elem argType) {
	if c.peek() == '{' {
		c.pos++
		for c.peek() != '}' {
			if c.atEnd() {
				c.failf(c.pos, "expected '}', got end of marker")
				return
			}
			c.appendElem(out, elem)
			if c.failed() {
				return
			}
			if c.peek() == '}' {
				break
			}
			if !c.expect(',', "',' or '}'") {
				return
			}
		}
		c.pos++
		if out.IsNil() {
			out.Set(reflect.MakeSlice(out.Type(), 0, 0))
		}
		return
	}
	for {
		switch c.peek() {
		case 0, ',', '}':
			return
		}
		c.appendElem(out, elem)
		if c.failed() {
			return
		}
		switch c.peek() {
		case 0, ',', '}':
			return
		case ';':
			c.pos++
		default:
			c.failf(c.pos, "expected ';' or ',', got %s", c.describeNext())
			return
		}
	}
}

func (c *cursor) appendElem(out reflect.Value, elem argType) {
	v := reflect.New(elem.goType).Elem()
	c.setField(v, elem, true)
	out.Set(reflect.Append(out, v))
}

// mapValue reads {key: value, ...} into the map out.
func (c *cursor) mapValue(out reflect.Value, elem argType) {
	if !c.expect('{', "'{'") {
		return
	}
	out.Set(reflect.MakeMap(out.Type()))
	for c.peek() != '}' {
		if c.atEnd() {
			c.failf(c.pos, "expected '}', got end of marker")
			return
		}
		key := c.str(true)
		if c.failed() || !c.expect(':', "':'") {
			return
		}
		v := reflect.New(elem.goType).Elem()
		c.setField(v, elem, false)
		if c.failed() {
			return
		}
		out.SetMapIndex(reflect.ValueOf(key).Convert(out.Type().Key()), v)
		if c.peek() == '}' {
			break
		}
		if !c.expect(',', "',' or '}'") {
			return
		}
	}
	c.pos++
}

// DecodeJSON decodes strict JSON, keeping numbers exact (json.Number), for
// markers such as +default whose value is JSON. Text after the value is an
// error.
func DecodeJSON(text string) (any, error) {
	if at := tooDeep(text); at >= 0 {
		return nil, nestingError(at)
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		off := 0
		if se, ok := err.(*json.SyntaxError); ok {
			off = int(se.Offset)
		}
		return nil, &ArgError{Offset: off, Msg: "invalid JSON: " + err.Error()}
	}
	if dec.More() {
		return nil, &ArgError{Offset: int(dec.InputOffset()), Msg: "extra text after the JSON value"}
	}
	if _, err := dec.Token(); err == nil {
		return nil, &ArgError{Offset: int(dec.InputOffset()), Msg: "extra text after the JSON value"}
	}
	return normalizeJSON(v), nil
}

// normalizeJSON turns json.Number into int64 or float64, so that values from
// JSON and from marker syntax compare equal.
func normalizeJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil && !math.IsInf(f, 0) {
			return f
		}
		return x
	case []any:
		for i := range x {
			x[i] = normalizeJSON(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalizeJSON(x[k])
		}
	}
	return v
}

// ValueOffset maps byte i of a string argument's value, as parsed, to its
// byte offset in the marker's Text: through the quotes and Go escapes of a
// "quoted" value, a `raw` value, or a bare one. It is how a position inside
// a CEL rule becomes a column on the Go line.
func (m Marker) ValueOffset(arg string, i int) (int, bool) {
	sp, ok := m.Spans[arg]
	if !ok || sp.Start >= len(m.Text) {
		return 0, false
	}
	raw := m.Text[sp.Start:min(sp.End, len(m.Text))]
	switch {
	case strings.HasPrefix(raw, "`"):
		return sp.Start + 1 + i, true
	case strings.HasPrefix(raw, `"`):
		// Walk the literal: each source character decodes to one or more
		// bytes of the value.
		pos, n := 1, 0
		for pos < len(raw)-1 {
			start := pos
			var decoded string
			if raw[pos] == '\\' {
				r, _, tail, err := strconv.UnquoteChar(raw[pos:], '"')
				if err != nil {
					return sp.Start + start, true
				}
				decoded = string(r)
				pos = len(raw) - len(tail)
			} else {
				_, size := utf8.DecodeRuneInString(raw[pos:])
				decoded = raw[pos : pos+size]
				pos += size
			}
			if i < n+len(decoded) {
				return sp.Start + start, true
			}
			n += len(decoded)
		}
		return sp.Start + pos, true
	}
	return sp.Start + i, true
}
