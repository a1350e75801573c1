package crdyaml

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	yamlv2 "go.yaml.in/yaml/v2"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/golden"
)

// goYAMLNumbers returns a copy of the tree v with each json.Number replaced
// by the int, int64, uint64 or float64 that go-yaml resolves its text to:
// the tree Marshal handed go-yaml before crdgen had its own writer.
func goYAMLNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			if int64(int(i)) == i {
				return int(i)
			}
			return i
		}
		if u, err := strconv.ParseUint(string(x), 10, 64); err == nil {
			return u
		}
		if f, err := strconv.ParseFloat(string(x), 64); err == nil {
			return f
		}
		return string(x)
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = goYAMLNumbers(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = goYAMLNumbers(e)
		}
		return s
	}
	return v
}

// marshalWithGoYAML is Marshal as it was before crdgen had its own YAML
// writer: the reference the writer must match byte for byte.
func marshalWithGoYAML(obj *apiextv1.CustomResourceDefinition) ([]byte, error) {
	j, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	delete(m, "status")
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	y, err := yamlv2.Marshal(goYAMLNumbers(m))
	if err != nil {
		return nil, err
	}
	return append([]byte("---\n"), y...), nil
}

// checkSameAsGoYAML fails t if appendYAML does not write v as go-yaml v2
// does.
func checkSameAsGoYAML(t *testing.T, v any) {
	t.Helper()
	want, err := yamlv2.Marshal(goYAMLNumbers(v))
	if err != nil {
		t.Fatalf("go-yaml: %v", err)
	}
	got, err := appendYAML(nil, v)
	if err != nil {
		t.Fatalf("appendYAML(%#v): %v", v, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("appendYAML(%s) differs from go-yaml v2 (-want +got):\n%s", brief(v), golden.Diff(want, got))
	}
}

// brief returns the start of v as fmt prints it, for failure messages.
func brief(v any) string {
	s := fmt.Sprintf("%#v", v)
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// goldenCRDs returns the paths of the repository's golden CRDs.
func goldenCRDs(t testing.TB) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "*.yaml"))
	examples, _ := filepath.Glob(filepath.Join("..", "..", "examples", "config", "crd", "bases", "*.yaml"))
	files = append(files, examples...)
	if len(files) < 10 {
		t.Fatalf("found %d golden CRDs, want at least 10", len(files))
	}
	return files
}

// TestYAMLMatchesGoYAMLOnGoldens writes every golden CRD's tree and
// compares with go-yaml v2; it also checks that Marshal writes what it
// wrote with go-yaml.
func TestYAMLMatchesGoYAMLOnGoldens(t *testing.T) {
	for _, f := range goldenCRDs(t) {
		t.Run(filepath.Base(filepath.Dir(filepath.Dir(f)))+"/"+filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			j, err := yaml.YAMLToJSON(data)
			if err != nil {
				t.Fatal(err)
			}
			var tree map[string]any
			dec := json.NewDecoder(bytes.NewReader(j))
			dec.UseNumber()
			if err := dec.Decode(&tree); err != nil {
				t.Fatal(err)
			}
			checkSameAsGoYAML(t, tree)

			var crd apiextv1.CustomResourceDefinition
			if err := yaml.Unmarshal(data, &crd); err != nil {
				t.Fatal(err)
			}
			want, err := marshalWithGoYAML(&crd)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Marshal(&crd)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Marshal differs from go-yaml v2 (-want +got):\n%s", golden.Diff(want, got))
			}
		})
	}
}

// prose is a sentence long enough to be folded at column 80.
const prose = "The quick brown fox jumps over the lazy dog, then reads the API " +
	"reference to learn what a structural schema is, and why every field " +
	"needs a type; it is a long way to the end of this line, isn't it?"

// trickyStrings are strings whose YAML form depends on go-yaml's rules for
// styles, quoting, escaping and folding.
func trickyStrings() []string {
	s := []string{
		"", " ", "  ", "a ", " a", "a  b", "a b",
		"a\n", "\na", "a\nb", "a\n\nb", "a\n\n", "\n", "\n\n", "a\nb\n", " a\nb", "a \nb",
		"a\n b", "a\n\n b", "\n a", " \n", "a\n ", "\ta\nb", "a\nb\t",
		"\t", "a\tb", "\ta", "a\r\nb", "a\rb", "\r", "a\r", "a\u2028b", "a\u2029", "\u2028", "a\u2028",
		"a\u2028\u2029", "a\u0085b", "a\u00a0b", "\u00a0", "\ufeffabc", "\ufeff a b", "a\ufeff", "\x00",
		"a\x07b", "\x1b[0m", "\x7f", "\u0080", "\u009f", "\ufffe", "\uffff", "\U0001F600", "a\U0001F600b",
		"é", "日本語", "\ud7ff\ue000", "a\u00a0",
		"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
		"true", "True", "TRUE", "false", "FALSE", "null", "Null", "NULL", "nULL", "~", "~a", "<<",
		".inf", "-.inf", "+.INF", ".nan", ".NaN", ".Nan", ".Inf", "+.inf", "-.Inf",
		"1", "-1", "+1", "1.0", "1.", "1e3", "1E3", "1e+3", "-1e-3", ".5", "+.5", "-.5", "0.5e", ".e1",
		"0x1F", "0X1F", "0x", "0o17", "017", "08", "09.5", "0b101", "0b-1", "0b+1", "0b", "-0b1", "-0b-1",
		"-0b", "1_000", "1__0", "_1", "1_", "0x_1F", "1e400", "-1e400", "123456789012345678901234567890",
		"18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809",
		"0", "00", "-0", "- 1", "--1", "+-1", "1a", "1 2", "12:30", "1:20", "1:20:30.5", "-1:59", "1:60",
		"1:5:", "190:20:30", "1_0:59", "1:2.3", "+1:2", ":1", "1:", "1:234", "1:2._", "1::2",
		"2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2001-1-2", "2001-13-45",
		"2001-12-14T21:59:43Z", "20011-12-14", "2001-", "1.2.3", "127.0.0.1", "1e", "e3", "Infinity", "inf",
		"-", "+", ".", "..", "...", "...a", "---", "--- a", "-a", "- a", "-\ta", "?", "? a", "?a", ":", ": a",
		":a", "a:", "a: b", "a:b", "a :b", "a:\tb", "a #b", "a#b", "#a", " #a", "a\t#b", "a\n#b",
		"it's", "'", "''", "'a'", "\"", "a\"b", "a\\b", "\\", "a'b c", "<a href=\"x\">&amp;</a>",
		strings.Repeat("x", 200), strings.Repeat("x", 79) + " " + strings.Repeat("y", 79),
		prose, prose + " ", "- " + prose, prose + ": ", "#" + prose, prose + "\t", "it's " + prose,
		strings.ReplaceAll(prose, " ", "  "), strings.ReplaceAll(prose, " ", "   "),
		strings.ReplaceAll(prose, ",", ",\t"), strings.ReplaceAll(prose, ", ", " \n"),
		"\t" + strings.ReplaceAll(prose, " ", "  "), "\t" + strings.ReplaceAll(prose, " ", "   "),
		prose + "\n" + prose + "\n", strings.ReplaceAll(prose, " ", "\u2028 "),
		"\ufeff" + prose, strings.ReplaceAll(prose, "e", "é"), "yes " + prose,
		strings.Repeat("ab ", 60), strings.Repeat("a ", 100) + "b",
	}
	for _, c := range "#,[]{}&*!|>'\"%@`?:-" {
		s = append(s, string(c), string(c)+"x", "x"+string(c), "x"+string(c)+"y", "x "+string(c)+" y", string(c)+" x")
	}
	return s
}

// nest puts v under depth mappings, sequences alternating with mappings
// when inSequences is set, so that it is written further right.
func nest(v any, depth int, inSequences bool) any {
	for i := range depth {
		if inSequences && i%2 == 1 {
			v = []any{v}
		} else {
			v = map[string]any{"k" + strconv.Itoa(i): v}
		}
	}
	return v
}

// TestYAMLStringsMatchGoYAML writes each tricky string as a root, a
// mapping value, a key, a sequence item and deep inside mappings and
// sequences, and compares with go-yaml v2 (and the JSON with
// encoding/json).
func TestYAMLStringsMatchGoYAML(t *testing.T) {
	for _, s := range trickyStrings() {
		t.Run(fmt.Sprintf("%.40q", s), func(t *testing.T) {
			checkSameAsGoYAML(t, s)
			checkSameAsGoYAML(t, []any{s, []any{s}, map[string]any{"a": s}})
			checkSameAsGoYAML(t, map[string]any{"key": s, s: "value", "list": []any{s}})
			checkSameAsGoYAML(t, map[string]any{s: map[string]any{"x": s}, "a": map[string]any{s: []any{s}}})
			checkSameAsGoYAML(t, map[string]any{s: []any{map[string]any{s: s}}, "b": map[string]any{}})
			for depth := range 14 {
				checkSameAsGoYAML(t, nest(s, depth, false))
				checkSameAsGoYAML(t, nest(s, depth, true))
			}
		})
	}
}

// TestYAMLKeysMatchGoYAML checks keys that must be quoted, that are too
// long or span lines and so go after "? ", and the order of keys.
func TestYAMLKeysMatchGoYAML(t *testing.T) {
	long := strings.Repeat("k", 128)
	tests := []struct {
		name string
		keys []string
	}{
		{"simple key limit", []string{long, long + "k", long[:127] + "é", long[:126] + "é"}},
		{"long keys with spaces", []string{strings.Repeat("word ", 40), prose, "- " + prose, prose + " "}},
		{"keys across lines", []string{"a\nb", "a\n", "\na", "a\u2028b", "a\rb", "a\u0085"}},
		{"quoted keys", []string{"", "yes", "1", "1.5", "~", "null", "- a", "a: b", "#", "it's"}},
		{"letters and digits", []string{"a10", "a2", "a1", "a01", "a001", "a1b", "a", "b", "B", "Z", "_x", "x_", "x-y", "xy"}},
		{"numbers", []string{"1", "10", "9", "01", "001", "0", "00", "100", "1.5", "1.05", "1.50", "10a", "99999999999999999999"}},
		{"zeros inside numbers", []string{"105", "19", "15", "1050", "10", "2", "20", "200", "v1beta1", "v1alpha1", "v1", "v10", "v2"}},
		{"symbols", []string{"-", ".", "/", "_", "~", "!", "a-b", "a.b", "a/b", "a_b", "a~b", "$ref", "x-kubernetes-list-type"}},
		{"non-ASCII", []string{"é", "e", "f", "ä", "z", "日本", "١٢", "٣", "1", "a١", "a2", "Ω", "ω", "\u00a0", "ß"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, a := range tc.keys {
				for _, b := range tc.keys {
					if a != b {
						checkSameAsGoYAML(t, map[string]any{a: 1, b: []any{2}})
					}
				}
			}
			m := map[string]any{}
			for i, k := range tc.keys {
				m[k] = i
			}
			if keysTotallyOrdered(tc.keys) {
				checkSameAsGoYAML(t, m)
			}
		})
	}
}

// keysTotallyOrdered reports whether yamlKeyLess is transitive on keys; if
// it is not, go-yaml's order of these keys depends on map order.
func keysTotallyOrdered(keys []string) bool {
	for _, a := range keys {
		for _, b := range keys {
			for _, c := range keys {
				if yamlKeyLess(a, b) && yamlKeyLess(b, c) && !yamlKeyLess(a, c) {
					return false
				}
			}
		}
	}
	return true
}

// TestYAMLKeyOrderIsStable checks that keys go-yaml cannot order
// consistently still come out the same way every time.
func TestYAMLKeyOrderIsStable(t *testing.T) {
	keys := []string{"2", "10", "1a", "b", "1b", "3"}
	if keysTotallyOrdered(keys) {
		t.Fatalf("yamlKeyLess is transitive on %q; the test needs keys on which it is not", keys)
	}
	m := map[string]any{}
	for _, k := range keys {
		m[k] = k
	}
	first, err := appendYAML(nil, m)
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		got, _ := appendYAML(nil, m)
		if !bytes.Equal(got, first) {
			t.Fatalf("got\n%s, want the same as the first time:\n%s", got, first)
		}
	}
}

// TestYAMLNumbersMatchGoYAML writes JSON numbers as sigs.k8s.io/yaml
// resolves them, and Go numbers as go-yaml writes them.
func TestYAMLNumbersMatchGoYAML(t *testing.T) {
	numbers := []any{
		json.Number("0"), json.Number("-0"), json.Number("0.5"), json.Number("-0.0"), json.Number("1.0"),
		json.Number("1e21"), json.Number("1e20"), json.Number("1E+2"), json.Number("1e-7"), json.Number("123e-2"),
		json.Number("9223372036854775807"), json.Number("9223372036854775808"), json.Number("-9223372036854775808"),
		json.Number("-9223372036854775809"), json.Number("18446744073709551615"), json.Number("18446744073709551616"),
		json.Number("123456789012345678"), json.Number("1234567890123456789"), json.Number("-123456789012345678"),
		json.Number("9007199254740993"), json.Number("1e400"), json.Number("-1e400"), json.Number("4.9e-324"),
		json.Number("1.7976931348623157e308"), json.Number("0.1"), json.Number("100"), json.Number("-7"),
		0, -1, 1 << 40, int64(math.MinInt64), uint64(math.MaxUint64), 0.5, -0.5, 1e21, 1e-7, math.Copysign(0, -1),
		math.Inf(1), math.Inf(-1), math.NaN(), 2.5e-310, float64(1 << 53), true, false, nil,
	}
	for _, n := range numbers {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			checkSameAsGoYAML(t, n)
			checkSameAsGoYAML(t, map[string]any{"n": n, "l": []any{n, nest(n, 3, true)}})
		})
	}
}

// TestAppendYAML pins how some values are written, as a reader of crdgen's
// output sees them.
func TestAppendYAML(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"a word that reads as a bool is quoted", map[string]any{"a": "yes"}, "a: \"yes\"\n"},
		{"a leading space needs single quotes", map[string]any{"a": " x"}, "a: ' x'\n"},
		{"a tab needs double quotes", map[string]any{"a": "x\ty"}, "a: \"x\\ty\"\n"},
		{"lines make a literal block", map[string]any{"a": "x\n\ny\n"}, "a: |\n  x\n\n  y\n"},
		{"without a final line break it is stripped", map[string]any{"a": "x\ny"}, "a: |-\n  x\n  y\n"},
		{"empty collections are in flow style", map[string]any{"a": []any{}, "b": map[string]any{}}, "a: []\nb: {}\n"},
		{"sequences line up with their key", map[string]any{"l": []any{"x", map[string]any{"b": json.Number("1"), "c": nil}}},
			"l:\n- x\n- b: 1\n  c: null\n"},
		{"a long key goes after a question mark", map[string]any{strings.Repeat("k", 129): "v"},
			"? " + strings.Repeat("k", 129) + "\n: v\n"},
		{"long text is folded after column 80", map[string]any{"d": strings.Repeat("word ", 20) + "end"},
			"d: word word word word word word word word word word word word word word word word\n  word word word word end\n"},
		{"digits sort as numbers", map[string]any{"a10": 1, "a9": 2, "b": 3}, "a9: 2\na10: 1\nb: 3\n"},
		{"a root scalar", "x", "x\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := appendYAML(nil, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got\n%s, want\n%s", got, tc.want)
			}
		})
	}
}

// TestAppendYAMLRejectsOtherValues checks that values outside the JSON tree
// are an error, not go-yaml's !!binary or reflection.
func TestAppendYAMLRejectsOtherValues(t *testing.T) {
	tests := []struct {
		name string
		in   any
	}{
		{"invalid UTF-8 value", map[string]any{"a": "\xff"}},
		{"invalid UTF-8 key", map[string]any{"\xff": "a"}},
		{"a struct", struct{ A int }{1}},
		{"a typed map", map[string]string{"a": "b"}},
		{"an int32", []any{int32(1)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := appendYAML(nil, tc.in)
			if !errors.Is(err, errNoYAMLForm) {
				t.Errorf("got %q, %v, want an error wrapping %v", got, err, errNoYAMLForm)
			}
		})
	}
}

// TestTrickyStringsAreValid keeps the tables honest: the fuzz generator
// and the writer take valid UTF-8 only.
func TestTrickyStringsAreValid(t *testing.T) {
	for _, s := range trickyStrings() {
		if !utf8.ValidString(s) {
			t.Errorf("%q is not UTF-8", s)
		}
	}
}
