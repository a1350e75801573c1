package crdyaml

// This file implements the parts of go-yaml v2 that crdgen's YAML writer
// needs besides the emitter: which plain texts go-yaml reads back as
// something other than a string (so that a string holding one is quoted),
// how a JSON number is written once sigs.k8s.io/yaml has resolved it, and
// the order go-yaml sorts mapping keys in.

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// yamlPlainIsString reports whether go-yaml v2 reads s, written plain, back
// as the string s: s is not empty, and not null, a bool, a number, a
// timestamp, or a YAML 1.1 base 60 float (which go-yaml does not read as
// one, but quotes for other parsers' sake).
//
// Mirrors resolve (resolve.go) and the checks encoder.stringv makes with it (encode.go).
func yamlPlainIsString(s string) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c == '+' || c == '-' || '0' <= c && c <= '9':
		return !yamlKeyword(s) && !yamlTimestamp(s) && !yamlNumeric(s) && !yamlBase60Float(s)
	case c == '.':
		if yamlKeyword(s) {
			return false
		}
		_, err := strconv.ParseFloat(s, 64)
		return err != nil
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		return !yamlKeyword(s)
	}
	return true
}

// yamlKeyword reports whether s is one of YAML 1.1's words for a bool, null,
// infinity or not-a-number.
//
// Mirrors resolve's table of words (resolve.go's init).
func yamlKeyword(s string) bool {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
		"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF",
		"~", "null", "Null", "NULL",
		".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF",
		"+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF":
		return true
	}
	return false
}

// yamlTimestamp reports whether go-yaml reads s as a timestamp: four digits
// and a '-', then a date in one of the layouts it tries.
//
// Mirrors parseTimestamp (resolve.go).
func yamlTimestamp(s string) bool {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, layout := range [...]string{
		"2006-1-2T15:4:5.999999999Z07:00",
		"2006-1-2t15:4:5.999999999Z07:00",
		"2006-1-2 15:4:5.999999999",
		"2006-1-2",
	} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// yamlNumeric reports whether go-yaml reads s, which starts with a sign or
// a digit, as a number. Underscores are dropped first; then s may be an
// integer in Go syntax (0x, 0o, 0b or a leading 0 for octal) that fits in
// an int64 or uint64, or a decimal float that fits in a float64, or, by a
// quirk of go-yaml, "0b" followed by a signed binary number.
func yamlNumeric(s string) bool {
	plain := strings.ReplaceAll(s, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return true
	}
	if yamlFloatSyntax(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(plain, "0b"); ok {
		if _, err := strconv.ParseInt(rest, 2, 64); err == nil {
			return true
		}
		_, err := strconv.ParseUint(rest, 2, 64)
		return err == nil
	}
	if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
		_, err := strconv.ParseInt("-"+rest, 2, 64)
		return err == nil
	}
	return false
}

// yamlFloatSyntax reports whether s is a decimal float as go-yaml accepts
// it: [-+]?(.digits|digits[.digits?])([eE][-+]?digits)?.
func yamlFloatSyntax(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i < len(s) && s[i] == '.' {
		if i = skipDigits(s, i+1, false); s[i-1] == '.' {
			return false
		}
	} else {
		j := skipDigits(s, i, false)
		if j == i {
			return false
		}
		if i = j; i < len(s) && s[i] == '.' {
			i = skipDigits(s, i+1, false)
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := skipDigits(s, i, false)
		if j == i {
			return false
		}
		i = j
	}
	return i == len(s)
}

// yamlBase60Float reports whether s is a YAML 1.1 base 60 float such as
// "1:20" or "-1_0:59:3.5": digits and underscores, then one or more ':'
// groups of one digit or two digits below 60, then an optional fraction.
//
// Mirrors isBase60Float (encode.go).
func yamlBase60Float(s string) bool {
	i := 0
	if s[0] == '+' || s[0] == '-' {
		i++
	}
	if i == len(s) || s[i] < '0' || s[i] > '9' || strings.IndexByte(s, ':') < 0 {
		return false
	}
	i = skipDigits(s, i, true)
	groups := 0
	for i < len(s) && s[i] == ':' {
		j := skipDigits(s, i+1, false)
		switch j - (i + 1) {
		case 1:
		case 2:
			if s[i+1] > '5' {
				return false
			}
		default:
			return false
		}
		i = j
		groups++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i = skipDigits(s, i+1, true)
	}
	return i == len(s)
}

// skipDigits returns the index of the first byte from s[i] on that is not
// an ASCII digit (nor an underscore, when underscores are allowed).
func skipDigits(s string, i int, underscores bool) int {
	for i < len(s) && ('0' <= s[i] && s[i] <= '9' || underscores && s[i] == '_') {
		i++
	}
	return i
}

// yamlNumber returns how sigs.k8s.io/yaml writes the JSON number n: go-yaml
// reads it as an int if it fits in an int64, else as a uint64, else as a
// float64 (written in Go's shortest 'g' form), and writes that; text that
// is none of these (a float out of range) stays a string, so isString.
func yamlNumber(n string) (text string, isString bool) {
	if isCanonicalInt(n) {
		return n, false
	}
	if i, err := strconv.ParseInt(n, 10, 64); err == nil {
		return strconv.FormatInt(i, 10), false
	}
	if u, err := strconv.ParseUint(n, 10, 64); err == nil {
		return strconv.FormatUint(u, 10), false
	}
	if f, err := strconv.ParseFloat(n, 64); err == nil {
		return yamlFloat(f), false
	}
	return n, true
}

// isCanonicalInt reports whether n is an integer of at most 18 digits as
// strconv.FormatInt writes it, so that it is written unchanged.
func isCanonicalInt(n string) bool {
	digits := strings.TrimPrefix(n, "-")
	if digits == "" || len(digits) > 18 || digits[0] == '0' && (len(digits) > 1 || len(n) > 1) {
		return false
	}
	return skipDigits(digits, 0, false) == len(digits)
}

// yamlFloat writes f as go-yaml does.
//
// Mirrors encoder.floatv (encode.go).
func yamlFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	case math.IsNaN(f):
		return ".nan"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// compareYAMLKeys orders distinct keys as go-yaml v2 does (see yamlKeyLess).
func compareYAMLKeys(a, b string) int {
	switch {
	case a == b:
		return 0
	case yamlKeyLess(a, b):
		return -1
	}
	return 1
}

// yamlKeyLess reports whether go-yaml v2 sorts key a before key b. At the
// first character where they differ, a letter sorts after anything else
// and two letters sort by code point; otherwise the runs of digits starting
// there are compared as numbers (whole numbers, when the run continues one
// with a non-zero digit before it), then by length, then by character. A
// key sorts after its prefixes.
//
// This order is not always transitive ("2" < "10" < "1a" < "2"), and then
// go-yaml's output depends on map order; crdgen's does not (see mapping).
//
// Mirrors keyList.Less (sorter.go).
func yamlKeyLess(a, b string) bool {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		return len(a) < len(b)
	}
	if x, y := a[i], b[i]; x < utf8.RuneSelf && y < utf8.RuneSelf {
		xl, yl := isASCIILetter(x), isASCIILetter(y)
		if xl || yl {
			return yl && (!xl || x < y)
		}
	}
	return runesLess([]rune(a), []rune(b))
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// runesLess is yamlKeyLess on runes, for the keys where it cannot decide
// from one byte.
func runesLess(a, b []rune) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] == b[i] {
			continue
		}
		al, bl := unicode.IsLetter(a[i]), unicode.IsLetter(b[i])
		if al || bl {
			return bl && (!al || a[i] < b[i])
		}
		var an, bn int64
		if a[i] == '0' || b[i] == '0' {
			for j := i - 1; j >= 0 && unicode.IsDigit(a[j]); j-- {
				if a[j] != '0' {
					an, bn = 1, 1
					break
				}
			}
		}
		ai, aNum := digitRun(a, i, an)
		bi, bNum := digitRun(b, i, bn)
		switch {
		case aNum != bNum:
			return aNum < bNum
		case ai != bi:
			return ai < bi
		}
		return a[i] < b[i]
	}
	return len(a) < len(b)
}

// digitRun reads the run of Unicode digits from r[i] on into n, as go-yaml
// does (each digit's value taken as its distance from '0', wrapping on
// overflow), and returns where the run ends and the number.
func digitRun(r []rune, i int, n int64) (int, int64) {
	for ; i < len(r) && unicode.IsDigit(r[i]); i++ {
		n = n*10 + int64(r[i]-'0')
	}
	return i, n
}
