package crdyaml

// This file implements crdgen's YAML writer: it writes the JSON value tree
// of a CRD as YAML, byte for byte as go-yaml v2 (go.yaml.in/yaml/v2) marshals
// the same tree. sigs.k8s.io/yaml, and so controller-gen, writes YAML with
// go-yaml v2, and crdgen's output must match it; go-yaml's reflection,
// event queue and emitter state machine are the main cost of writing a CRD,
// so crdgen keeps the emitter's layout rules and drops the machinery. It
// stays because it is measured to pay for itself: with go-yaml v2 over the
// same tree, a whole run took 0.56 s instead of 0.47 s on
// prometheus-operator and 16.9 s instead of 12.4 s on synthetic-100
// (bench/compare, median of 7, November 2026). Each function names the
// go-yaml function it mirrors; the tests compare the writer with go-yaml on
// every golden CRD, and .ci/run fuzzes it against go-yaml for a minute.
//
// The writer follows the emitter's bookkeeping, because that is what decides
// where spaces and line breaks go: the column, the current indentation, and
// whether the line so far holds only indentation ("indention") and whether
// the last thing written was whitespace. Collections are always written in
// block style, except empty ones, which go-yaml writes as {} and [].
// Scalars are chosen and written in scalar.go; how go-yaml reads plain
// text back, and how it orders keys, is in resolve.go.

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// errNoYAMLForm reports a value outside the JSON value tree, or a string
// that is not UTF-8 (go-yaml would write it as !!binary base64; JSON
// decoding never produces one).
var errNoYAMLForm = errors.New("value has no YAML form in crdgen's writer")

// yamlPlace is where a node sits, as far as go-yaml's emitter cares.
type yamlPlace uint8

const (
	// placeOther is the document root or an item of a sequence.
	placeOther yamlPlace = iota
	// placeMapping is a mapping value, or a key written after "? ".
	placeMapping
	// placeSimpleKey is a key written as "key:".
	placeSimpleKey
)

// yamlWriter appends one YAML document to out.
type yamlWriter struct {
	out []byte
	// column counts the characters (not bytes) since the last line break.
	column int
	// indent is the indentation of the innermost open node; -1 before the
	// root.
	indent int
	// whitespace says the last thing written was a space or a line start,
	// so an indicator needs no space before it.
	whitespace bool
	// indention says the current line holds nothing but indentation and
	// "- " or "? " indicators, so a nested block can start on it.
	indention bool
	// keys is a stack of the sorted keys of the mappings being written.
	keys []string
}

// appendYAML appends v as a YAML document (without a "---" line) to out,
// as go-yaml v2's Marshal writes it. v is a tree of map[string]any, []any,
// string, bool, nil, json.Number, int, int64, uint64, float64 and
// *JSONSchemaProps (written as the tree propsTree makes of it); json.Number
// is written as sigs.k8s.io/yaml writes a JSON number (see yamlNumber).
//
// Mirrors go-yaml v2's Marshal (yaml.go) and encoder.marshalDoc (encode.go), through
// yaml_emitter_emit_stream_start and yaml_emitter_emit_document_start (emitterc.go).
func appendYAML(out []byte, v any) ([]byte, error) {
	w := yamlWriter{out: out, indent: -1, whitespace: true, indention: true}
	if err := w.node(v, placeOther); err != nil {
		return nil, err
	}
	w.writeIndent()
	return w.out, nil
}

// node writes any value of the tree.
//
// Mirrors encoder.marshal (encode.go) and yaml_emitter_emit_node (emitterc.go).
func (w *yamlWriter) node(v any, at yamlPlace) error {
	switch x := v.(type) {
	case nil:
		w.scalar("null", stylePlain, at)
	case bool:
		w.scalar(strconv.FormatBool(x), stylePlain, at)
	case string:
		return w.str(x, at)
	case json.Number:
		return w.number(string(x), at)
	case int:
		w.scalar(strconv.Itoa(x), stylePlain, at)
	case int64:
		w.scalar(strconv.FormatInt(x, 10), stylePlain, at)
	case uint64:
		w.scalar(strconv.FormatUint(x, 10), stylePlain, at)
	case float64:
		w.scalar(yamlFloat(x), stylePlain, at)
	case map[string]any:
		return w.mapping(x)
	case []any:
		return w.sequence(x, at)
	case *apiextv1.JSONSchemaProps:
		return w.schema(x)
	default:
		return fmt.Errorf("%w: %T", errNoYAMLForm, v)
	}
	return nil
}

// number writes a JSON number's text as sigs.k8s.io/yaml writes it.
func (w *yamlWriter) number(n string, at yamlPlace) error {
	text, isString := yamlNumber(n)
	if isString {
		return w.str(text, at)
	}
	w.scalar(text, stylePlain, at)
	return nil
}

// str writes a string the way go-yaml picks a style for it: a literal block
// if it has a line feed, plain if go-yaml would read the plain text back as
// this string, double-quoted otherwise. The emitter may still overrule that
// choice (see scalarStyle).
//
// Mirrors encoder.stringv (encode.go).
func (w *yamlWriter) str(s string, at yamlPlace) error {
	switch {
	case isPlainWord(s):
		// The common case, and plain unless it reads as something else.
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: %q is not UTF-8", errNoYAMLForm, s)
	case strings.IndexByte(s, '\n') >= 0:
		w.scalar(s, styleLiteral, at)
		return nil
	}
	if yamlPlainIsString(s) {
		w.scalar(s, stylePlain, at)
	} else {
		w.scalar(s, styleDoubleQuoted, at)
	}
	return nil
}

// mapping writes a mapping in block style, keys in go-yaml's order.
//
// Mirrors encoder.mapv (encode.go).
func (w *yamlWriter) mapping(m map[string]any) error {
	if len(m) == 0 {
		w.emptyCollection("{", "}")
		return nil
	}
	start := len(w.keys)
	for k := range m {
		w.keys = append(w.keys, k)
	}
	keys := w.keys[start:]
	sortYAMLKeys(keys)
	err := w.block(keys, func(_ int, k string) error { return w.node(m[k], placeMapping) })
	w.keys = w.keys[:start]
	return err
}

// sortYAMLKeys sorts keys in go-yaml's order. Sorting byte-wise first makes
// the result independent of map order even for the rare key sets on which
// go-yaml's order is not transitive (see yamlKeyLess).
func sortYAMLKeys(keys []string) {
	slices.Sort(keys)
	slices.SortFunc(keys, compareYAMLKeys)
}

// block writes the entries of a non-empty mapping, keys in the order
// given, the value of keys[i] written by value(i, keys[i]). A key that spans lines or is longer
// than 128 bytes cannot be a simple key, so it goes after "? " and its
// value after ": " on the next line.
//
// Mirrors yaml_emitter_emit_block_mapping_key,
// yaml_emitter_emit_block_mapping_value and yaml_emitter_check_simple_key (emitterc.go).
func (w *yamlWriter) block(keys []string, value func(i int, k string) error) error {
	outer := w.indent
	if w.indent += 2; outer < 0 {
		w.indent = 0
	}
	for i, k := range keys {
		w.writeIndent()
		if len(k) <= 128 && !hasLineBreak(k) {
			if err := w.str(k, placeSimpleKey); err != nil {
				return err
			}
			w.indicator(":", false, false, false)
		} else {
			w.indicator("?", true, false, true)
			if err := w.str(k, placeMapping); err != nil {
				return err
			}
			w.writeIndent()
			w.indicator(":", true, false, true)
		}
		if err := value(i, k); err != nil {
			return err
		}
	}
	w.indent = outer
	return nil
}

// sequence writes a sequence in block style.
//
// Mirrors encoder.slicev (encode.go).
func (w *yamlWriter) sequence(s []any, at yamlPlace) error {
	return w.items(len(s), at, func(i int) error { return w.node(s[i], placeOther) })
}

// items writes a sequence of n items, each written by item. As a mapping
// value after "key:" its dashes line up with the key (go-yaml's
// "indentless" sequence); anywhere else they are indented one step.
//
// Mirrors yaml_emitter_emit_block_sequence_item (emitterc.go), with
// yaml_emitter_increase_indent's indentless sequences.
func (w *yamlWriter) items(n int, at yamlPlace, item func(i int) error) error {
	if n == 0 {
		w.emptyCollection("[", "]")
		return nil
	}
	outer := w.indent
	switch {
	case w.indent < 0:
		w.indent = 0
	case at != placeMapping || w.indention:
		w.indent += 2
	}
	for i := range n {
		w.writeIndent()
		w.indicator("-", true, false, true)
		if err := item(i); err != nil {
			return err
		}
	}
	w.indent = outer
	return nil
}

// emptyCollection writes {} or [], go-yaml's flow style for an empty
// mapping or sequence.
//
// Mirrors yaml_emitter_check_empty_sequence, yaml_emitter_check_empty_mapping and the
// flow collection states of yaml_emitter_state_machine (emitterc.go).
func (w *yamlWriter) emptyCollection(open, close string) {
	w.indicator(open, true, true, false)
	w.indicator(close, false, false, false)
}

// writeIndent starts a line at the current indentation, unless the line so
// far holds only indentation that does not go past it.
//
// Mirrors yaml_emitter_write_indent (emitterc.go).
func (w *yamlWriter) writeIndent() {
	indent := max(w.indent, 0)
	if !w.indention || w.column > indent || w.column == indent && !w.whitespace {
		w.lineBreak()
	}
	if n := indent - w.column; n > 0 {
		w.out = append(w.out, spaces(n)...)
		w.column = indent
	}
	w.whitespace = true
	w.indention = true
}

// indicator writes an ASCII indicator ("-", "?", ":", quotes, block
// scalar headers, brackets), after a space if it needs one and the last
// thing written was not whitespace. isWhitespace and isIndention say what
// the indicator counts as for what follows.
//
// Mirrors yaml_emitter_write_indicator (emitterc.go).
func (w *yamlWriter) indicator(s string, needSpace, isWhitespace, isIndention bool) {
	if needSpace && !w.whitespace {
		w.out = append(w.out, ' ')
		w.column++
	}
	w.out = append(w.out, s...)
	w.column += len(s)
	w.whitespace = isWhitespace
	w.indention = w.indention && isIndention
}

// lineBreak ends the line.
//
// Mirrors put_break (emitterc.go).
func (w *yamlWriter) lineBreak() {
	w.out = append(w.out, '\n')
	w.column = 0
}

// spaces returns n spaces.
func spaces(n int) string {
	const blank = "                                                                "
	if n <= len(blank) {
		return blank[:n]
	}
	return strings.Repeat(" ", n)
}
