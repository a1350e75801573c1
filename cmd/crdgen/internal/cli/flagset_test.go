package cli

import (
	"errors"
	"flag"
	"slices"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

// newTestSet is a flag set with one flag of each kind a command uses.
func newTestSet() (*FlagSet, *string, *bool, *Choice) {
	fs := NewFlagSet("x")
	var dir string
	var verbose bool
	mode := &Choice{Value: "error", Allowed: []string{"error", "warn"}}
	fs.StringVar(&dir, "output-dir", "DIR", "config/crd", "where the files go")
	fs.Alias("o", "output-dir")
	fs.Var(mode, "mode", "MODE", "error or warn")
	fs.BoolVar(&verbose, "v", false, "print more")
	return fs, &dir, &verbose, mode
}

func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		args                  []string
		wantPos               []string
		wantDir, wantMode     string
		wantVerbose, dirGiven bool
		wantErr               string
	}{
		{name: "flags after patterns", args: []string{"./api/...", "-o", "out", "-v"}, wantPos: []string{"./api/..."},
			wantDir: "out", wantMode: "error", wantVerbose: true, dirGiven: true},
		{name: "long name", args: []string{"--output-dir=d", "a", "b"}, wantPos: []string{"a", "b"}, wantDir: "d", wantMode: "error", dirGiven: true},
		{name: "after -- all positional", args: []string{"a", "--", "-v"}, wantPos: []string{"a", "-v"}, wantDir: "config/crd", wantMode: "error"},
		{name: "choice", args: []string{"--mode", "warn"}, wantDir: "config/crd", wantMode: "warn"},
		{name: "bad choice", args: []string{"--mode", "wran"}, wantErr: `invalid value "wran" for flag -mode: want one of [error warn], got "wran"`},
		{name: "unknown flag", args: []string{"--nope"}, wantErr: "flag provided but not defined: -nope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs, dir, verbose, mode := newTestSet()
			pos, err := fs.ParseArgs(tc.args)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(pos, tc.wantPos) || *dir != tc.wantDir || mode.Value != tc.wantMode || *verbose != tc.wantVerbose {
				t.Errorf("got %q, dir %q, mode %q, -v %v; want %q, %q, %q, %v", pos, *dir, mode.Value, *verbose, tc.wantPos, tc.wantDir, tc.wantMode, tc.wantVerbose)
			}
			if got := fs.IsSet("output-dir"); got != tc.dirGiven {
				t.Errorf("IsSet(output-dir) = %v, want %v", got, tc.dirGiven)
			}
		})
	}
}

func TestParseArgsHelp(t *testing.T) {
	fs, _, _, _ := newTestSet()
	if _, err := fs.ParseArgs([]string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("got %v, want flag.ErrHelp", err)
	}
}

func TestNamesAndRegistered(t *testing.T) {
	fs, _, _, _ := newTestSet()
	want := []string{"-o", "--output-dir", "--mode", "-v"}
	if got := fs.Names(); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if !fs.Registered("output-dir") || fs.Registered("o") {
		t.Errorf("Registered: output-dir %v, o %v; want true, false", fs.Registered("output-dir"), fs.Registered("o"))
	}
}

func TestLines(t *testing.T) {
	fs, _, _, _ := newTestSet()
	var long string
	fs.StringVar(&long, "a-rather-long-flag-name", "VALUE", "", "a description long enough that it has to wrap onto a second line, indented to the column where descriptions start")
	want := `  -o, --output-dir DIR          where the files go (default config/crd)
  --mode MODE                   error or warn (default error)
  -v                            print more
  --a-rather-long-flag-name VALUE  a description long enough that it has to wrap onto a second line,
                                indented to the column where descriptions start
`
	if got := fs.Lines(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCommaList(t *testing.T) {
	allowed := []string{"crd", "object", "rbac"}
	for _, tc := range []struct {
		in      string
		want    []string
		wantErr string
	}{
		{in: "crd, rbac,", want: []string{"crd", "rbac"}},
		{in: "crd,objcet", wantErr: `no generator "objcet", did you mean "object" (generators: crd, object, rbac)`},
		{in: "zzz", wantErr: `no generator "zzz" (generators: crd, object, rbac)`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			l := StringList{"old"}
			err := (&CommaList{List: &l, Allowed: allowed, Noun: "generator"}).Set(tc.in)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(l, tc.want) {
				t.Errorf("got %q, %v; want %q", l, err, tc.want)
			}
		})
	}
}

func TestOptionalValues(t *testing.T) {
	var n OptionalInt
	if n.String() != "" || n.Set("-1") == nil || n.Set("x") == nil {
		t.Errorf("OptionalInt: unset %q, accepted a negative or a word", n.String())
	}
	if err := n.Set("0"); err != nil || !n.Valid || n.String() != "0" {
		t.Errorf("OptionalInt.Set(0): got %v, %+v", err, n)
	}
	var b OptionalBool
	if err := b.Set("false"); err != nil || !b.Valid || b.Value {
		t.Errorf("OptionalBool.Set(false): got %v, %+v", err, b)
	}
	c := CodeSet{Codes: []markers.Code{markers.CodeUnknownMarker}}
	if err := c.Set("marker-syntax,marker-syntax"); err != nil || c.String() != "marker-syntax" {
		t.Errorf("CodeSet: the first Set keeps %q (%v), want only marker-syntax", c.String(), err)
	}
	if c.Set("no-such-code") == nil {
		t.Errorf("CodeSet accepted an unknown code")
	}
}

func TestBytesAndCheckedList(t *testing.T) {
	var b Bytes
	if err := b.Set("256KiB"); err != nil || !b.Valid || b.Value != 256<<10 || b.String() == "" {
		t.Errorf("Bytes.Set(256KiB): got %v, %+v (%s)", err, b, b.String())
	}
	if err := b.Set("0"); err != nil || b.Valid {
		t.Errorf("Bytes.Set(0): got %v, %+v; want no size", err, b)
	}
	l := CheckedList{Items: []string{"from.yaml"}, Check: func(s string) error {
		if s == "bad" {
			return errors.New("bad item")
		}
		return nil
	}}
	if err := l.Set(" a, b"); err != nil || !slices.Equal(l.Items, []string{"a", "b"}) {
		t.Errorf("the first Set: got %q, %v; want it to replace the defaults", l.Items, err)
	}
	if err := l.Set("c"); err != nil || l.String() != "a,b,c" {
		t.Errorf("a second Set: got %q, %v; want it to add", l.String(), err)
	}
	if err := l.Set("bad"); err == nil || err.Error() != "bad item" {
		t.Errorf("a bad item: got %v", err)
	}
}
