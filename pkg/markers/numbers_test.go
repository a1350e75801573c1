package markers

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestNumbersAreDecimal pins how numbers in marker arguments are read
// (numbers.go), against controller-gen v0.23.0's readings where they agree
// and with crdgen's more regular reading where controller-gen's scanner
// stops on a valid decimal number.
func TestNumbersAreDecimal(t *testing.T) {
	reg := DefaultRegistry()
	tests := []struct {
		name string
		text string
		want any
	}{
		// Integer arguments: a leading zero is decimal, as in controller-gen.
		{"leading zero int", "+kubebuilder:validation:MaxLength=010", MaxLength{Value: 10}},
		{"leading zero with 9 int", "+kubebuilder:validation:MaxLength=0987", MaxLength{Value: 987}}, // controller-gen: octal digit error
		{"plus sign int", "+kubebuilder:validation:MinItems=+5", MinItems{Value: 5}},                 // controller-gen: only MaxItems takes it
		{"minus zero int", "+kubebuilder:validation:MinLength=-0", MinLength{Value: 0}},
		// Number arguments.
		{"leading zero number", "+kubebuilder:validation:Minimum=010", Minimum{Value: 10}},
		{"leading zero with 9 number", "+kubebuilder:validation:Maximum=0987", Maximum{Value: 987}},
		{"plus sign number", "+kubebuilder:validation:Minimum=+5", Minimum{Value: 5}},
		{"fraction without whole", "+kubebuilder:validation:MultipleOf=.5", MultipleOf{Value: 0.5}},
		{"exponent", "+kubebuilder:validation:Maximum=2.5E-1", Maximum{Value: 0.25}},
		// Any-typed values (defaults, enum items), as controller-gen guesses them.
		{"default leading zero", "+kubebuilder:default=0644", Default{Value: int64(644)}},
		{"default octal-looking is a string", "+kubebuilder:default=0987", Default{Value: "0987"}},
		{"default plus is a string", "+kubebuilder:default=+5", Default{Value: "+5"}},
		{"default exponent is a float", "+kubebuilder:default=1e3", Default{Value: float64(1000)}},
		{"enum leading zeros", "+kubebuilder:validation:Enum=01;02;010", Enum{Value: []any{int64(1), int64(2), int64(10)}}},
		{"enum with octal-looking string", "+kubebuilder:validation:Enum=08;09", Enum{Value: []any{"08", "09"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := reg.Parse(tc.text, OnField)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			if !reflect.DeepEqual(m.Value, tc.want) {
				t.Errorf("Parse(%q) = %#v, want %#v", tc.text, m.Value, tc.want)
			}
		})
	}
}

// TestNumbersInOtherBasesAreErrors pins that literals Go reads in another
// base, or with digit separators, are errors that say what to write
// (controller-gen fails on them too), wherever a number is read.
func TestNumbersInOtherBasesAreErrors(t *testing.T) {
	reg := DefaultRegistry()
	tests := []struct{ text, wantMsg, wantAt string }{
		{"+kubebuilder:validation:MaxLength=0x1F", `"0x1F" is not a decimal number: marker numbers are read in decimal, as controller-gen reads them (write 31)`, "0x1F"},
		{"+kubebuilder:validation:MaxLength=1_000", "(write 1000)", "1_000"},
		{"+kubebuilder:validation:Minimum=0b11", "(write 3)", "0b11"},
		{"+kubebuilder:validation:Maximum=0o17", "(write 15)", "0o17"},
		{"+kubebuilder:validation:MultipleOf=0x1p4", "(write 16)", "0x1p4"},
		{"+kubebuilder:default=0x1F", "quote it to mean a string", "0x1F"},
		{"+kubebuilder:validation:Enum=1;0b11", "(write 3)", "0b11"},
		{"+kubebuilder:validation:Maximum=Inf", `expected number, got "Inf"`, "Inf"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			_, err := reg.Parse(tc.text, OnField)
			var ae *ArgError
			if !errors.As(err, &ae) {
				t.Fatalf("Parse(%q) error = %v, want an *ArgError", tc.text, err)
			}
			if !strings.Contains(ae.Msg, tc.wantMsg) {
				t.Errorf("message = %q, want it to contain %q", ae.Msg, tc.wantMsg)
			}
			if !strings.HasPrefix(tc.text[ae.Offset:], tc.wantAt) {
				t.Errorf("offset %d points at %q, want %q", ae.Offset, tc.text[ae.Offset:], tc.wantAt)
			}
		})
	}
}

// TestDeepValuesAreRefusedAtOnce checks that a value nested far deeper than
// any CRD needs is an error at the bracket that goes too deep (20,000
// levels took seconds, and failed without a position, before the bound).
func TestDeepValuesAreRefusedAtOnce(t *testing.T) {
	reg := DefaultRegistry()
	for _, prefix := range []string{"+kubebuilder:default=", "+default=", "+kubebuilder:validation:Enum="} {
		for _, open := range []string{"{", "["} {
			if prefix != "+default=" && open == "[" {
				continue
			}
			closer := map[string]string{"{": "}", "[": "]"}[open]
			text := prefix + strings.Repeat(open, 20000) + strings.Repeat(closer, 20000)
			_, err := reg.Parse(text, OnField)
			var ae *ArgError
			if !errors.As(err, &ae) || !strings.Contains(ae.Msg, "more than 64 deep") {
				t.Fatalf("%s...: error %v, want the nesting bound", prefix+open, err)
			}
			// The 65th bracket (the 66th for Enum, whose own list is one).
			if ae.Offset < len(prefix)+64 || ae.Offset > len(prefix)+65 {
				t.Errorf("%s...: offset %d, want %d or %d", prefix+open, ae.Offset, len(prefix)+64, len(prefix)+65)
			}
		}
	}
	// 64 levels are fine.
	text := "+kubebuilder:default=" + strings.Repeat("{", 64) + strings.Repeat("}", 64)
	if _, err := reg.Parse(text, OnField); err != nil {
		t.Errorf("64 levels: %v", err)
	}
}
