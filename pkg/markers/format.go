package markers

// This file implements Marker.String, the inverse of Parse: it writes a marker's
// typed value back as marker text, so that Parse(m.String()) gives m's value
// again. crdgen uses it in help output and in the marker parser's fuzz test.

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// String writes m as marker text, starting with '+', in a canonical form
// that Parse reads back to the same value.
func (m Marker) String() string {
	d := m.Def
	if d == nil || d.Foreign {
		return m.Text
	}
	v := m.Value
	if it, ok := v.(Items); ok {
		v = it.Value
	}
	if d.Decode != nil {
		return "+" + d.Name + "=" + formatDecoded(v)
	}
	rv := reflect.ValueOf(v)
	spec := d.spec
	switch {
	case spec.flag():
		return "+" + d.Name
	case spec.anonymous():
		f := spec.fields[0]
		fv := rv.Field(f.index)
		if f.optional && fv.IsZero() {
			return "+" + d.Name
		}
		return "+" + d.Name + "=" + formatArg(fv, f.typ)
	}
	var args []string
	for _, f := range spec.fields {
		fv := rv.Field(f.index)
		if f.optional && fv.IsZero() {
			continue
		}
		args = append(args, f.name+"="+formatArg(fv, f.typ))
	}
	if len(args) == 0 {
		return "+" + d.Name
	}
	return "+" + d.Name + ":" + strings.Join(args, ",")
}

func formatDecoded(v any) string {
	if f, ok := v.(interface{ format() string }); ok {
		return f.format()
	}
	if kd, ok := v.(K8sDefault); ok {
		if kd.Ref != "" {
			return "ref(" + kd.Ref + ")"
		}
		v = kd.Value
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

func formatArg(v reflect.Value, t argType) string {
	if t.pointer {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	switch t.kind {
	case kindString:
		return strconv.Quote(v.String())
	case kindInt:
		return strconv.FormatInt(v.Int(), 10)
	case kindNumber:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case kindBool:
		return strconv.FormatBool(v.Bool())
	case kindAny:
		if v.IsNil() {
			return `""`
		}
		return FormatAny(v.Interface())
	case kindSlice:
		items := make([]string, v.Len())
		for i := range items {
			items[i] = formatArg(v.Index(i), *t.elem)
		}
		return "{" + strings.Join(items, ",") + "}"
	case kindMap:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		var items []string
		for _, k := range keys {
			items = append(items, strconv.Quote(k.String())+": "+formatArg(v.MapIndex(k), *t.elem))
		}
		return "{" + strings.Join(items, ",") + "}"
	}
	return ""
}

// FormatAny writes an any-typed value in marker syntax so that it parses
// back to the same value: strings are quoted, floats always carry a '.' or
// an exponent, lists and maps use braces.
func FormatAny(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	case []any:
		items := make([]string, len(x))
		for i, it := range x {
			items[i] = FormatAny(it)
		}
		return "{" + strings.Join(items, ",") + "}"
	case map[string]any:
		var items []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			items = append(items, strconv.Quote(k)+": "+FormatAny(x[k]))
		}
		return "{" + strings.Join(items, ",") + "}"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// ArgNames are the names of a definition's arguments as written
// (+name:arg=...,opt=...), in its argument struct's order; none for a
// marker that takes no argument, one bare value, or text it decodes
// itself. An editor completes them.
func (d *Definition) ArgNames() []string {
	if d.Foreign || d.Syntax != "" || d.Decode != nil || d.spec.flag() || d.spec.anonymous() {
		return nil
	}
	var out []string
	for _, f := range d.spec.fields {
		out = append(out, f.name)
	}
	return out
}

// Usage writes a definition's syntax for help output:
// "+name", "+name=<number>" or "+name:arg=<string>[,opt=<bool>]".
func (d *Definition) Usage() string {
	if d.Foreign {
		return "+" + d.Name + "..."
	}
	if d.Syntax != "" {
		return d.Syntax
	}
	spec := d.spec
	switch {
	case spec.flag():
		return "+" + d.Name
	case spec.anonymous():
		f := spec.fields[0]
		if f.optional {
			return "+" + d.Name + "[=<" + f.typ.String() + ">]"
		}
		return "+" + d.Name + "=<" + f.typ.String() + ">"
	}
	var b strings.Builder
	b.WriteString("+" + d.Name + ":")
	for i, f := range spec.fields {
		sep := ""
		if i > 0 {
			sep = ","
		}
		arg := sep + f.name + "=<" + f.typ.String() + ">"
		if f.optional {
			arg = "[" + arg + "]"
		}
		b.WriteString(arg)
	}
	return b.String()
}
