package markers

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzParseMarker checks two properties of the marker parser on any input:
// an error always points inside the marker text, and a parsed value survives
// String and Parse unchanged.
func FuzzParseMarker(f *testing.F) {
	for _, s := range seedMarkers(f) {
		f.Add(s)
	}
	reg := DefaultRegistry()
	f.Fuzz(func(t *testing.T, text string) {
		if !strings.HasPrefix(text, "+") {
			text = "+" + text
		}
		for _, target := range []Target{OnPackage, OnType, OnField} {
			m, err := reg.Parse(text, target)
			var ae *ArgError
			var ue *UnknownError
			switch {
			case errors.As(err, &ae):
				if ae.Offset < 0 || ae.Offset > len(text) {
					t.Fatalf("Parse(%q): error %q at offset %d, outside the text", text, ae.Msg, ae.Offset)
				}
				continue
			case errors.As(err, &ue):
				continue
			case err != nil:
				t.Fatalf("Parse(%q): unexpected error type %T: %v", text, err, err)
			}
			if m.Def.Foreign {
				continue
			}
			again, err := reg.Parse(m.String(), target)
			if err != nil {
				t.Fatalf("Parse(%q) = %#v, but its canonical form %q does not parse: %v", text, m.Value, m.String(), err)
			}
			if !reflect.DeepEqual(again.Value, m.Value) {
				t.Fatalf("Parse(%q) = %#v, but Parse(%q) = %#v", text, m.Value, m.String(), again.Value)
			}
		}
	})
}

// seedMarkers returns every marker line of the repository's testdata.
func seedMarkers(tb testing.TB) []string {
	seeds := []string{
		"+kubebuilder:default={a: 1, b: {c: true}}", "+kubebuilder:validation:Enum=a;b;c",
		`+kubebuilder:validation:XValidation:rule="self.a > 0",message="m"`, "+default=ref(X)",
		"+kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp",
	}
	root := filepath.Join("..", "..", "testdata")
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			tb.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if rest, ok := strings.CutPrefix(line, "//"); ok {
				if rest = strings.TrimSpace(rest); strings.HasPrefix(rest, "+") {
					seeds = append(seeds, rest)
				}
			}
		}
		return nil
	})
	return seeds
}
