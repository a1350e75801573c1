package crtest

// This file implements making values a schema accepts: the smallest object
// with every required field (a starter suite's valid case), and a string
// that matches a pattern.

import (
	"encoding/json"
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// sample is the smallest value s accepts (as far as its keywords say; CEL
// rules are for the server to judge): its required properties only, the
// fewest items and entries, a value at the bound.
func sample(s *apiextv1.JSONSchemaProps) any {
	if s == nil {
		return map[string]any{}
	}
	if len(s.Enum) > 0 {
		var v any
		json.Unmarshal(s.Enum[0].Raw, &v)
		return v
	}
	switch {
	case s.XEmbeddedResource:
		return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "example"}}
	case s.XIntOrString:
		return int64(1)
	}
	switch s.Type {
	case "string":
		return sampleString(s)
	case "integer", "number":
		return sampleNumber(s)
	case "boolean":
		return false
	case "array":
		var out []any
		for i := int64(0); i < ptrOr(s.MinItems, 0); i++ {
			out = append(out, nth(itemsOf(s), i))
		}
		if out == nil {
			out = []any{}
		}
		return out
	}
	out := map[string]any{}
	for _, name := range s.Required {
		if p, ok := s.Properties[name]; ok && p.Default == nil {
			out[name] = sample(&p)
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		for i := int64(0); i < ptrOr(s.MinProperties, 0); i++ {
			out[fmt.Sprintf("key%d", i+1)] = sample(s.AdditionalProperties.Schema)
		}
	}
	return out
}

func itemsOf(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if s.Items == nil {
		return nil
	}
	return s.Items.Schema
}

func ptrOr[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

// nth is the i-th of several items of a list: distinct from the others
// (a list that is a set, or a map keyed by its items' fields), from the
// enum when there is one, within a maximum when there is one.
func nth(items *apiextv1.JSONSchemaProps, i int64) any {
	if items != nil && len(items.Enum) > 0 {
		var v any
		json.Unmarshal(items.Enum[int(i)%len(items.Enum)].Raw, &v)
		return v
	}
	v := distinct(sample(items), i)
	if n, ok := v.(int64); ok && items != nil && items.Maximum != nil && float64(n) > *items.Maximum {
		return n - 2*i
	}
	return v
}

// distinct makes the i-th of several sampled items differ from the
// others (a list that is a set, or a map keyed by its items' fields).
func distinct(v any, i int64) any {
	switch x := v.(type) {
	case string:
		if i == 0 {
			return x
		}
		return fmt.Sprintf("%s%d", x, i)
	case int64:
		return x + i
	case map[string]any:
		for k, e := range x {
			x[k] = distinct(e, i)
		}
	}
	return v
}

// formatSamples are values of the formats the server checks.
var formatSamples = map[string]string{
	"date-time": "2026-01-01T00:00:00Z", "date": "2026-01-01", "time": "12:00:00", "duration": "1s",
	"uuid": "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "uuid3": "6fa459ea-ee8a-3ca4-894e-db77e160355e",
	"uuid4": "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "uuid5": "886313e1-3b8a-5372-9b90-0c9aee199e5d",
	"email": "someone@example.com", "uri": "https://example.com", "hostname": "example.com",
	"ipv4": "10.0.0.1", "ipv6": "2001:db8::1", "cidr": "10.0.0.0/24", "mac": "00:00:5e:00:53:01",
	"byte": "YQ==", "password": "secret", "isbn": "0-306-40615-2", "isbn10": "0-306-40615-2",
	"isbn13": "978-0-306-40615-7", "creditcard": "4111111111111111", "ssn": "123-45-6789",
	"hexcolor": "#ffffff", "rgbcolor": "rgb(0,0,0)", "bsonobjectid": "507f1f77bcf86cd799439011",
}

func sampleString(s *apiextv1.JSONSchemaProps) string {
	if v, ok := formatSamples[s.Format]; ok {
		return v
	}
	v := "a"
	if s.Pattern != "" {
		if m, ok := matching(s.Pattern, int(ptrOr(s.MinLength, 1))); ok {
			v = m
		}
	}
	for int64(len(v)) < ptrOr(s.MinLength, 0) {
		v += "a"
	}
	if s.MaxLength != nil && int64(len(v)) > *s.MaxLength {
		v = v[:*s.MaxLength]
	}
	return v
}

func sampleNumber(s *apiextv1.JSONSchemaProps) any {
	v := 0.0
	switch {
	case s.Minimum != nil:
		v = *s.Minimum
		if s.ExclusiveMinimum {
			v++
		}
	case s.Maximum != nil && *s.Maximum < 0:
		v = *s.Maximum
		if s.ExclusiveMaximum {
			v--
		}
	}
	if m := ptrOr(s.MultipleOf, 0); m > 0 && v/m != float64(int64(v/m)) {
		v = float64(int64(v/m)+1) * m
	}
	if s.Type == "integer" {
		return int64(v)
	}
	return v
}

// matching returns a short string the pattern matches, of at least min
// characters where a repetition allows, or false for a pattern it cannot
// build one for (a backreference-free Go regexp always can, but classes of
// runes it cannot print are refused).
func matching(pattern string, min int) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !build(&b, re.Simplify(), max(min, 1)) {
		return "", false
	}
	return b.String(), true
}

// build writes a string re matches; want is how long a repetition tries
// to make it.
func build(b *strings.Builder, re *syntax.Regexp, want int) bool {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		r, ok := firstPrintable(re.Rune)
		if !ok {
			return false
		}
		b.WriteRune(r)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		return build(b, re.Sub[0], want)
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !build(b, s, want) {
				return false
			}
		}
	case syntax.OpAlternate:
		return build(b, re.Sub[0], want)
	case syntax.OpQuest:
		if b.Len() < want {
			return build(b, re.Sub[0], want)
		}
	case syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		return repeat(b, re, want)
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
	default:
		return false
	}
	return true
}

// repeat writes a repetition: its least count, then more while the
// string is shorter than want and the repetition allows.
func repeat(b *strings.Builder, re *syntax.Regexp, want int) bool {
	least, most := re.Min, re.Max
	switch re.Op {
	case syntax.OpStar:
		least, most = 0, -1
	case syntax.OpPlus:
		least, most = 1, -1
	}
	for n := 0; n < least || b.Len() < want && (most < 0 || n < most) && n < 64; n++ {
		before := b.Len()
		if !build(b, re.Sub[0], want) {
			return false
		}
		if n >= least && b.Len() == before {
			break
		}
	}
	return true
}

// firstPrintable is the first printable rune of a class's ranges, a
// letter or digit first.
func firstPrintable(ranges []rune) (rune, bool) {
	var candidates []rune
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < ranges[i]+128; r++ {
			if unicode.IsPrint(r) && r != ' ' {
				candidates = append(candidates, r)
				break
			}
		}
	}
	if len(candidates) == 0 {
		return 0, false
	}
	i := slices.IndexFunc(candidates, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
	return candidates[max(i, 0)], true
}

// Sample is the smallest value s accepts, as far as its keywords say (CEL
// rules are for the server to judge): what a starter suite's valid case is
// made of. Other packages' tests build valid objects with it.
func Sample(s *apiextv1.JSONSchemaProps) any { return sample(s) }
