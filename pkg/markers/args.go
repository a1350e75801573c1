package markers

// This file implements the reflection that turns a marker's argument struct
// into the list of arguments the marker syntax accepts.

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// argKind is the syntax family of one argument value.
type argKind int

const (
	kindString argKind = iota
	kindInt
	kindNumber
	kindBool
	kindAny
	kindSlice
	kindMap
)

// argType is the parsed description of one Go argument type.
type argType struct {
	kind    argKind
	goType  reflect.Type // the type after removing a pointer
	pointer bool
	elem    *argType // slice and map element
}

// argField is one argument of a marker.
type argField struct {
	name     string // as written in the marker
	goName   string
	index    int
	typ      argType
	optional bool
}

// argSpec is the argument list of one marker definition.
type argSpec struct {
	typ    reflect.Type
	fields []argField
}

// anonymous reports whether the marker takes one bare value (+name=value).
func (s *argSpec) anonymous() bool {
	return len(s.fields) == 1 && s.fields[0].goName == "Value"
}

// singleValue reports whether the definition takes one value, written
// after '=': a bare value (+name=value) or text its Decode reads whole
// (+default=<json>). For these, controller-gen reads +name:=value as
// +name=value (an empty last segment names no argument), whatever the
// marker; for markers with named arguments the segment is the first
// argument's name.
func (d *Definition) singleValue() bool { return d.Decode != nil || d.spec.anonymous() }

// flag reports whether the marker takes no arguments.
func (s *argSpec) flag() bool { return len(s.fields) == 0 && s.typ != reflect.TypeFor[Raw]() }

// field returns the argument with the given written name.
func (s *argSpec) field(name string) (argField, bool) {
	for _, f := range s.fields {
		if f.name == name {
			return f, true
		}
	}
	return argField{}, false
}

func newArgSpec(t reflect.Type) (*argSpec, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("argument type %s is not a struct", t)
	}
	spec := &argSpec{typ: t}
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name, optional := argName(sf)
		typ, err := newArgType(sf.Type)
		if err != nil {
			return nil, fmt.Errorf("argument %q: %w", name, err)
		}
		if _, dup := spec.field(name); dup {
			return nil, fmt.Errorf("argument %q is declared twice", name)
		}
		spec.fields = append(spec.fields, argField{
			name:     name,
			goName:   sf.Name,
			index:    i,
			typ:      typ,
			optional: optional || typ.pointer,
		})
	}
	return spec, nil
}

// argName reads the written name of a field: lowerCamel of the Go name unless
// a `marker:"name"` tag renames it; `marker:",optional"` makes it optional.
func argName(sf reflect.StructField) (string, bool) {
	name := lowerFirst(sf.Name)
	tag, ok := sf.Tag.Lookup("marker")
	if !ok {
		return name, false
	}
	parts := strings.Split(tag, ",")
	if parts[0] != "" {
		name = parts[0]
	}
	optional := false
	for _, opt := range parts[1:] {
		if opt == "optional" {
			optional = true
		}
	}
	return name, optional
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

var anyType = reflect.TypeFor[any]()

func newArgType(t reflect.Type) (argType, error) {
	var a argType
	if t.Kind() == reflect.Pointer {
		a.pointer = true
		t = t.Elem()
	}
	a.goType = t
	if t == anyType {
		a.kind = kindAny
		return a, nil
	}
	switch t.Kind() {
	case reflect.String:
		a.kind = kindString
	case reflect.Int, reflect.Int32, reflect.Int64:
		a.kind = kindInt
	case reflect.Float64:
		a.kind = kindNumber
	case reflect.Bool:
		a.kind = kindBool
	case reflect.Slice, reflect.Map:
		if t.Kind() == reflect.Map && t.Key().Kind() != reflect.String {
			return a, fmt.Errorf("map keys must be strings, not %s", t.Key())
		}
		elem, err := newArgType(t.Elem())
		if err != nil {
			return a, err
		}
		if elem.pointer {
			return a, fmt.Errorf("element type %s must not be a pointer", t.Elem())
		}
		a.kind = kindSlice
		if t.Kind() == reflect.Map {
			a.kind = kindMap
		}
		a.elem = &elem
	default:
		return a, fmt.Errorf("unsupported argument type %s", t)
	}
	return a, nil
}

// String describes the argument type in marker terms, for help and errors.
func (a argType) String() string {
	switch a.kind {
	case kindString:
		return "string"
	case kindInt:
		return "integer"
	case kindNumber:
		return "number"
	case kindBool:
		return "bool"
	case kindAny:
		return "any value"
	case kindSlice:
		return "list of " + a.elem.String()
	case kindMap:
		return "map of " + a.elem.String()
	}
	return "?"
}
