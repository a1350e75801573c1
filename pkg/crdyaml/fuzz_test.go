package crdyaml

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	yamlv2 "go.yaml.in/yaml/v2"
)

// treeGen builds a value tree from fuzz input: shape picks kinds, sizes and
// numbers, and strings are cut from text.
type treeGen struct {
	shape []byte
	text  string
	pos   int
	// nodes is how many more collections may be made, to keep each run
	// quick.
	nodes int
}

// next returns the next byte of shape, 0 once it is used up.
func (g *treeGen) next() byte {
	if len(g.shape) == 0 {
		return 0
	}
	b := g.shape[0]
	g.shape = g.shape[1:]
	return b
}

// str returns a string cut from text: a short piece, or a piece repeated
// with spaces or line breaks between, long enough to be folded.
func (g *treeGen) str() string {
	b := g.next()
	piece := func(n int) string {
		if g.text == "" {
			return ""
		}
		var sb strings.Builder
		for range n {
			sb.WriteByte(g.text[g.pos%len(g.text)])
			g.pos++
		}
		return strings.ToValidUTF8(sb.String(), "\uFFFD")
	}
	if b%4 != 3 {
		return piece(int(b / 4))
	}
	word := piece(int(b/16) + 1)
	seps := []string{" ", " ", " ", "  ", "\n", " \n", "\t", "\u2028"}
	sep := seps[g.next()%8]
	return strings.Repeat(word+sep, int(g.next()%40)+1) + word
}

// number returns a JSON number or a Go number.
func (g *treeGen) number() any {
	switch b := g.next(); b % 6 {
	case 0:
		if s := g.str(); json.Valid([]byte(s)) && s != "" && (s[0] == '-' || '0' <= s[0] && s[0] <= '9') {
			return json.Number(s)
		}
		return json.Number(strconv.Itoa(int(b)))
	case 1:
		var bits uint64
		for range 8 {
			bits = bits<<8 | uint64(g.next())
		}
		return json.Number(strconv.FormatFloat(math.Float64frombits(bits), 'g', -1, 64))
	case 2:
		return int(int8(g.next()))
	case 3:
		var bits uint64
		for range 8 {
			bits = bits<<8 | uint64(g.next())
		}
		return math.Float64frombits(bits)
	case 4:
		return uint64(g.next()) << 56
	default:
		return json.Number([]string{"1e21", "0.5", "-0", "1e400", "18446744073709551615", "1.0"}[g.next()%6])
	}
}

// node returns a value; deep or when shape is used up, a scalar.
func (g *treeGen) node(depth int) any {
	kind := g.next() % 10
	if (depth >= 6 || g.nodes <= 0) && kind < 3 {
		kind += 3
	}
	if kind < 3 {
		g.nodes--
	}
	switch kind {
	case 0, 1:
		m := map[string]any{}
		for range g.next() % 6 {
			m[g.str()] = g.node(depth + 1)
		}
		return m
	case 2:
		s := []any{}
		for range g.next() % 5 {
			s = append(s, g.node(depth+1))
		}
		return s
	case 3:
		return g.number()
	case 4:
		return g.next()%2 == 0
	case 5:
		return nil
	default:
		return g.str()
	}
}

// totallyOrdered reports whether yamlKeyLess is transitive on the keys of
// every mapping in v.
func totallyOrdered(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k, e := range x {
			if !totallyOrdered(e) {
				return false
			}
			keys = append(keys, k)
		}
		return keysTotallyOrdered(keys)
	case []any:
		for _, e := range x {
			if !totallyOrdered(e) {
				return false
			}
		}
	}
	return true
}

// FuzzYAMLMatchesGoYAML builds random value trees and checks that
// appendYAML writes each one byte for byte as go-yaml v2 does.
func FuzzYAMLMatchesGoYAML(f *testing.F) {
	for i, s := range trickyStrings() {
		f.Add(s, []byte{byte(i), 0, 3, 9, 6, 1, 0, 2, 8, 7, 0, 3})
		f.Add(s, []byte{0, 4, 9, 0, 2, 2, 6, 9, 1, 3, 7, 3, 200, 40, 9, 0, 1, 2, 9})
	}
	f.Fuzz(func(t *testing.T, text string, shape []byte) {
		g := treeGen{shape: shape, text: text, nodes: 40}
		tree := g.node(0)
		if !totallyOrdered(tree) {
			t.Skip("go-yaml's key order is not transitive on these keys")
		}
		for _, v := range []any{tree, map[string]any{"spec": map[string]any{"k": tree, "l": []any{tree}}}} {
			want, err := yamlv2.Marshal(goYAMLNumbers(v))
			if err != nil {
				t.Fatalf("go-yaml: %v", err)
			}
			got, err := appendYAML(nil, v)
			if err != nil {
				t.Fatalf("appendYAML: %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("appendYAML(%#v) differs from go-yaml v2:\n--- want\n%q\n--- got\n%q", v, want, got)
			}
		}
	})
}
