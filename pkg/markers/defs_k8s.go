package markers

// This file defines the +k8s: tags of Kubernetes' declarative validation
// (k8s.io/code-generator's validation-gen) that crdgen reads beyond the
// nine controller-gen v0.23.0 reads (defs_field.go, defs_topology.go).
// They mean in the CRD what validation-gen's validators mean in Go; in a
// dependency's types (k8s.io/api's, say) they apply only when the project
// opts in (Definition.K8sLevel), so that switching tools or
// upgrading k8s.io/api changes no CRD by surprise.

import (
	"errors"
	"strconv"
	"strings"
	"sync"
)

// K8sMaxBytes is +k8s:maxBytes: a string holds at most Value bytes (where
// maxLength counts characters).
type K8sMaxBytes struct{ Value int64 }

// K8sNEQ is +k8s:neq: the value must not equal Value, a string (quoted),
// an integer or a boolean, as validation-gen infers it from the payload.
type K8sNEQ struct {
	// Value is the disallowed value as written, trailing comment removed.
	Value string
}

// NEQKind is the kind of a +k8s:neq payload: "string" (Text holds it
// unquoted), "integer", "boolean", or "" for a payload of no kind.
func (n K8sNEQ) Kind() (kind, text string) {
	v := n.Value
	if s, err := strconv.Unquote(v); err == nil && (strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "`")) {
		return "string", s
	}
	if _, err := strconv.ParseInt(v, 0, 64); err == nil {
		return "integer", v
	}
	if v == "true" || v == "false" {
		return "boolean", v
	}
	return "", v
}

// K8sFormat is +k8s:format: the string is in one of validation-gen's
// formats (K8sFormats).
type K8sFormat struct{ Value string }

// K8sFormats are the formats of +k8s:format crdgen writes into a CRD:
// validation-gen v0.37's, but k8s-resource-fully-qualified-name, whose
// Go validator accepts any name of three parts or more.
func K8sFormats() []string {
	return []string{
		"k8s-extended-resource-name", "k8s-label-key", "k8s-label-value", "k8s-long-name",
		"k8s-long-name-caseless", "k8s-path-segment-name", "k8s-prefixed-label-key",
		"k8s-resource-pool-name", "k8s-short-name", "k8s-uuid",
	}
}

// K8sEachVal is +k8s:eachVal=<tag>: the tag applies to each value of a
// list or a map.
type K8sEachVal struct{ inner Marker }

// Inner is the tag, parsed as a field's marker (its Text canonical, no
// spans or position: the eachVal marker's are its).
func (e K8sEachVal) Inner() Marker { return e.inner }

// format writes the inner tag back (Marker.String).
func (e K8sEachVal) format() string { return e.inner.String() }

// innerRegistry is the registry +k8s:eachVal's payload is parsed with,
// built on first use (a package variable initialised with it would be a
// cycle: the registry's definitions hold decodeEachVal).
var innerRegistry func() *Registry

func init() { innerRegistry = sync.OnceValue(DefaultRegistry) }

// decodeEachVal parses the payload of +k8s:eachVal: one +k8s: tag that
// applies to a value (not another eachVal: validation-gen nests them, a
// CRD's schema would need them one level down each).
func decodeEachVal(text string) (any, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	inner := strings.TrimSpace(text)
	if !strings.HasPrefix(inner, "+k8s:") {
		return nil, &ArgError{Offset: lead, Msg: "takes a +k8s: tag to apply to each value, such as +k8s:eachVal=+k8s:maxLength=63"}
	}
	m, err := innerRegistry().Parse(inner, OnField)
	var ae *ArgError
	var ue *UnknownError
	switch {
	case errors.As(err, &ae):
		ae.Offset += lead
		return nil, ae
	case errors.As(err, &ue):
		msg := ue.Error()
		return nil, &ArgError{Offset: lead, Msg: msg}
	case err != nil:
		return nil, err
	}
	if m.Def.Foreign || !strings.HasPrefix(m.Name, "k8s:") {
		return nil, &ArgError{Offset: lead, Msg: "+" + m.Name + " is not a tag crdgen applies to values"}
	}
	if _, nested := m.Value.(K8sEachVal); nested {
		return nil, &ArgError{Offset: lead, Msg: "an eachVal inside an eachVal is not supported: mark the inner list's type instead"}
	}
	// The inner tag is kept by its meaning: its text in canonical form,
	// without spans, so that the marker's value is the same however the
	// tag was written (errors about it are at the eachVal marker).
	m.Text, m.Spans, m.Warnings = m.String(), nil, nil
	return K8sEachVal{inner: m}, nil
}

// K8sForbidden is +k8s:forbidden: the field must not be set (a pointer
// nil, a list or map empty, any other value its zero value).
type K8sForbidden struct{}

// K8sUpdate is +k8s:update: what an update may not do to the field
// (K8sUpdates).
type K8sUpdate struct{ Value string }

// K8sUpdates are the constraints of +k8s:update crdgen writes into a CRD.
func K8sUpdates() []string {
	return []string{"NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem"}
}

func k8sDefs() []Definition {
	dv := func(level string, d Definition) Definition {
		d.K8sLevel = level
		if d.Decode == nil {
			d.HashComments = true
		}
		return d
	}
	return []Definition{
		dv("stable", Definition{Name: "k8s:minLength", Targets: OnField | OnType, Args: MinLength{}, Doc: "minLength sets the fewest characters a string may have (the +k8s: form of MinLength)."}),
		dv("stable", Definition{Name: "k8s:maxLength", Targets: OnField | OnType, Args: MaxLength{}, Doc: "maxLength sets the most characters a string may have (the +k8s: form of MaxLength)."}),
		dv("stable", Definition{Name: "k8s:maxBytes", Targets: OnField | OnType, Args: K8sMaxBytes{},
			Doc: "maxBytes sets the most bytes a string may have, as UTF-8 (maxLength counts characters): maxLength N and a CEL rule on its bytes."}),
		dv("stable", Definition{Name: "k8s:minItems", Targets: OnField | OnType, Args: MinItems{}, Doc: "minItems sets the fewest items a list may hold (the +k8s: form of MinItems)."}),
		dv("stable", Definition{Name: "k8s:minProperties", Targets: OnField | OnType, Args: MinProperties{}, Doc: "minProperties sets the fewest keys a map may hold (the +k8s: form of MinProperties)."}),
		dv("stable", Definition{Name: "k8s:maxProperties", Targets: OnField | OnType, Args: MaxProperties{}, Doc: "maxProperties sets the most keys a map may hold (the +k8s: form of MaxProperties)."}),
		dv("stable", Definition{Name: "k8s:format", Targets: OnField | OnType, Args: K8sFormat{},
			Doc: "format requires one of validation-gen's string formats (k8s-short-name, k8s-long-name, k8s-label-key, k8s-label-value, k8s-uuid, ...): a pattern and maxLength where they say it exactly, else a CEL rule of the API server's format library."}),
		dv("stable", Definition{Name: "k8s:eachVal", Targets: OnField | OnType, Args: K8sEachVal{}, Decode: decodeEachVal, Repeatable: true,
			Syntax: "+k8s:eachVal=<+k8s: tag>", Doc: "eachVal applies a +k8s: tag to each value of a list or a map (+k8s:eachVal=+k8s:maxLength=63)."}),
		dv("beta", Definition{Name: "k8s:forbidden", Targets: OnField, Args: K8sForbidden{},
			Doc: "forbidden forbids setting the field: a pointer must be left out, a list or map empty, any other value its zero value (a CEL rule)."}),
		dv("stable", Definition{Name: "k8s:update", Targets: OnField, Args: K8sUpdate{}, Repeatable: true,
			Doc: "update forbids a change on update: NoSet (unset to set), NoUnset (set to unset), NoModify (one set value to another), NoAddItem and NoRemoveItem (a map's keys) (transition rules)."}),
		dv("alpha", Definition{Name: "k8s:neq", Targets: OnField | OnType, Args: K8sNEQ{}, Decode: decodeNEQ, Syntax: `+k8s:neq=<"string"|integer|bool>`,
			Doc: "neq forbids one value of a string, integer or boolean (a CEL rule, self != value)."}),
	}
}

// decodeNEQ reads a +k8s:neq payload: a quoted string (in which '#' is
// text), an integer or a boolean, then an optional "# comment".
func decodeNEQ(text string) (any, error) {
	v := strings.TrimSpace(text)
	if q := quotedPrefix(v); q != "" {
		rest := strings.TrimSpace(v[len(q):])
		if rest != "" && !strings.HasPrefix(rest, "#") {
			return nil, &ArgError{Msg: "+k8s:neq takes one value; " + strconv.Quote(rest) + " follows it"}
		}
		v = q
	} else if i := strings.IndexByte(v, '#'); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	n := K8sNEQ{Value: v}
	if v == "" {
		return nil, &ArgError{Msg: `+k8s:neq needs the disallowed value: +k8s:neq="text", +k8s:neq=0 or +k8s:neq=false`}
	}
	if kind, _ := n.Kind(); kind == "" {
		return nil, &ArgError{Msg: "the value " + v + " is neither a quoted string, an integer nor true or false; for the string, write +k8s:neq=" + strconv.Quote(v)}
	}
	return n, nil
}

// quotedPrefix is the Go string literal v starts with, or "".
func quotedPrefix(v string) string {
	if v == "" || (v[0] != '"' && v[0] != '`') {
		return ""
	}
	if q, err := strconv.QuotedPrefix(v); err == nil {
		return q
	}
	return ""
}

// format writes the payload back as written (Marker.String).
func (n K8sNEQ) format() string { return n.Value }
