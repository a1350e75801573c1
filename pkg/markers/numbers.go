package markers

// This file implements how numbers are written in marker arguments. They
// are decimal, as controller-gen reads them: a leading zero does not make a
// number octal (MaxLength=010 is 10, +kubebuilder:default=0644 is 644).
// Literals Go would read in another base (0x1F, 0b11, 0o17) or with digit
// separators (1_000) are errors, as controller-gen makes them, rather than
// numbers of another value. Where controller-gen's scanner differs from
// that rule, crdgen is more regular, and says so in the tests:
//
//   - 0987 is 987 in an integer or number argument (controller-gen stops
//     with "invalid digit '9' in octal literal", but for MaxItems); in an
//     any-typed value (a default, an enum item) it is the string "0987", as
//     in controller-gen, which cannot read it as a number either;
//   - a '+' sign is accepted before an integer or a number (controller-gen
//     accepts it in MaxItems, Minimum and Maximum only); an any-typed +5 is
//     the string "+5", as in controller-gen;
//   - hexadecimal floats (0x1p4), Inf and NaN are errors.

import (
	"fmt"
	"strconv"
	"strings"
)

// numberForm is what a word (without its sign) is as a number literal.
type numberForm int

const (
	notNumber    numberForm = iota
	decimalInt              // 123, 0644
	decimalFloat            // 1.5, .5, 1., 1e3, 2.5E-3
	otherBase               // 0x1F, 0b11, 0o17, 1_000, 0x1p4: Go would read it, crdgen will not
)

// formOf classifies a word as a number literal.
func formOf(w string) numberForm {
	switch {
	case w == "":
		return notNumber
	case allDigits(w):
		return decimalInt
	case isDecimalFloat(w):
		return decimalFloat
	case len(w) > 1 && w[0] == '0' && strings.ContainsRune("xXbBoO", rune(w[1])), strings.Contains(w, "_") && w[0] >= '0' && w[0] <= '9':
		if _, err := strconv.ParseFloat(w, 64); err == nil {
			return otherBase
		}
		if _, err := strconv.ParseInt(w, 0, 64); err == nil {
			return otherBase
		}
	}
	return notNumber
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isDecimalFloat reports whether s is digits with a fraction, an exponent
// or both: 1.5, .5, 1., 1e3, 2.5E-3.
func isDecimalFloat(s string) bool {
	mant, exp, hasExp := strings.Cut(strings.ReplaceAll(s, "E", "e"), "e")
	if hasExp {
		exp = strings.TrimLeft(exp, "+-")
		if !allDigits(exp) || strings.Count(s, "e")+strings.Count(s, "E") != 1 {
			return false
		}
	}
	whole, frac, hasDot := strings.Cut(mant, ".")
	switch {
	case !hasDot:
		return hasExp && allDigits(whole)
	case whole == "" && frac == "":
		return false
	}
	return (whole == "" || allDigits(whole)) && (frac == "" || allDigits(frac))
}

// octalLooking reports whether a decimal integer starts with 0 and has a
// digit 8 or 9, which Go's scanner, and so controller-gen, rejects as an
// octal literal: in an any-typed value controller-gen keeps it as a string.
func octalLooking(w string) bool {
	return len(w) > 1 && w[0] == '0' && strings.ContainsAny(w, "89")
}

// otherBaseMsg explains why a literal in another base is refused; forAny
// says it was read as an any-typed value, where quotes make it a string.
func otherBaseMsg(w string, forAny bool) string {
	hint := ""
	if v, err := strconv.ParseInt(w, 0, 64); err == nil {
		hint = fmt.Sprintf(" (write %d)", v)
	} else if f, err := strconv.ParseFloat(w, 64); err == nil {
		hint = fmt.Sprintf(" (write %s)", strconv.FormatFloat(f, 'g', -1, 64))
	}
	msg := fmt.Sprintf("%q is not a decimal number: marker numbers are read in decimal, as controller-gen reads them%s", w, hint)
	if forAny {
		msg += "; quote it to mean a string"
	}
	return msg
}
