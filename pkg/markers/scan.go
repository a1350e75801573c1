package markers

// This file implements the low-level reading of marker argument text: a
// cursor over the marker's text that reads quoted, raw and bare strings,
// numbers, booleans, lists and maps, and records the first error with its
// byte offset.

import (
	"fmt"
	"strconv"
	"strings"
)

// ArgError is a problem in a marker's argument text. Offset is the byte
// offset inside the marker text, where the '+' is offset 0.
type ArgError struct {
	Offset int
	Msg    string
}

func (e *ArgError) Error() string { return e.Msg }

// cursor reads src[pos:end]. Offsets in errors are positions in src.
type cursor struct {
	src string
	pos int
	end int
	err *ArgError
	// spans records where argument values start and end.
	spans map[string]Span
	// warnings are what the parse found that loses nothing.
	warnings []ArgError
}

func (c *cursor) failf(at int, format string, args ...any) {
	if c.err == nil {
		c.err = &ArgError{Offset: at, Msg: fmt.Sprintf(format, args...)}
	}
}

func (c *cursor) failed() bool { return c.err != nil }

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

func (c *cursor) skipSpace() {
	for c.pos < c.end && isSpace(c.src[c.pos]) {
		c.pos++
	}
}

// peek returns the next byte after blanks, or 0 at the end.
func (c *cursor) peek() byte {
	c.skipSpace()
	if c.pos >= c.end {
		return 0
	}
	return c.src[c.pos]
}

func (c *cursor) atEnd() bool { return c.peek() == 0 }

// expect consumes b or records an error naming what was expected.
func (c *cursor) expect(b byte, what string) bool {
	if c.peek() == b {
		c.pos++
		return true
	}
	c.failf(c.pos, "expected %s, got %s", what, c.describeNext())
	return false
}

// describeNext quotes the next token for an error message.
func (c *cursor) describeNext() string {
	c.skipSpace()
	if c.pos >= c.end {
		return "end of marker"
	}
	end := c.pos + 1
	for end < c.end && isWordByte(c.src[end]) && isWordByte(c.src[c.pos]) {
		end++
	}
	return strconv.Quote(c.src[c.pos:end])
}

func isWordByte(b byte) bool {
	return b == '_' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// word reads a run of identifier or number bytes (letters, digits, '_', '.',
// and a sign right after an exponent letter).
func (c *cursor) word() string {
	c.skipSpace()
	start := c.pos
	for c.pos < c.end {
		b := c.src[c.pos]
		if isWordByte(b) {
			c.pos++
			continue
		}
		if (b == '+' || b == '-') && c.pos > start && (c.src[c.pos-1] == 'e' || c.src[c.pos-1] == 'E') && isNumberStart(c.src[start]) {
			c.pos++
			continue
		}
		break
	}
	return c.src[start:c.pos]
}

func isNumberStart(b byte) bool { return b >= '0' && b <= '9' || b == '.' }

// ident reads an identifier.
func (c *cursor) ident() string {
	c.skipSpace()
	start := c.pos
	for c.pos < c.end && isIdentByte(c.src[c.pos]) {
		c.pos++
	}
	return c.src[start:c.pos]
}

// quotedEnd returns the offset just past the string literal starting at
// start ("..." with Go escapes, or `...`), or -1 when it is not terminated.
func (c *cursor) quotedEnd(start int) int {
	q := c.src[start]
	for i := start + 1; i < c.end; i++ {
		switch c.src[i] {
		case '\\':
			if q == '"' {
				i++
			}
		case q:
			return i + 1
		}
	}
	return -1
}

// str reads a string value: "quoted" (Go escapes), `raw`, or bare text up to
// the first top-level ',' ';' '}' (and ':' inside a map key). A bare value
// keeps its inner blanks and loses the surrounding ones; quoted runs inside a
// bare value are taken whole, as controller-gen's tokenizer does.
func (c *cursor) str(inMapKey bool) string {
	c.skipSpace()
	if c.pos < c.end && (c.src[c.pos] == '"' || c.src[c.pos] == '`') {
		start := c.pos
		end := c.quotedEnd(start)
		if end < 0 {
			c.failf(start, "string literal not terminated")
			c.pos = c.end
			return ""
		}
		c.pos = end
		s, err := strconv.Unquote(c.src[start:end])
		if err != nil {
			c.failf(start, "invalid string literal %s: %v", c.src[start:end], err)
			return ""
		}
		return s
	}
	start := c.pos
	for c.pos < c.end {
		b := c.src[c.pos]
		if b == ',' || b == ';' || b == '}' || inMapKey && b == ':' {
			break
		}
		if b == '"' || b == '`' {
			end := c.quotedEnd(c.pos)
			if end < 0 {
				c.failf(c.pos, "string literal not terminated")
				c.pos = c.end
				return ""
			}
			c.pos = end
			continue
		}
		c.pos++
	}
	return strings.TrimRight(c.src[start:c.pos], " \t\r\n")
}

// integer reads a decimal integer with an optional sign (numbers.go). In an
// any-typed value (forAny), a refused literal could have meant a string.
func (c *cursor) integer(forAny bool) (int64, bool) {
	c.skipSpace()
	start := c.pos
	neg := c.pos < c.end && c.src[c.pos] == '-'
	if c.pos < c.end && (c.src[c.pos] == '-' || c.src[c.pos] == '+') {
		c.pos++
	}
	w := c.word()
	switch formOf(w) {
	case decimalInt:
		v, err := strconv.ParseInt(w, 10, 64)
		if err != nil {
			c.failf(start, "integer %s out of range", c.src[start:c.pos])
			return 0, false
		}
		if neg {
			v = -v
		}
		return v, true
	case otherBase:
		c.failf(start, "%s", otherBaseMsg(w, forAny))
		return 0, false
	case notNumber:
		if w == "" {
			c.pos = start
			c.failf(start, "expected integer, got %s", c.describeNext())
			return 0, false
		}
	}
	c.failf(start, "expected integer, got %q", c.src[start:c.pos])
	return 0, false
}

// number reads a decimal integer or floating-point number with an optional
// sign (numbers.go).
func (c *cursor) number() (float64, bool) {
	c.skipSpace()
	start := c.pos
	if c.pos < c.end && (c.src[c.pos] == '-' || c.src[c.pos] == '+') {
		c.pos++
	}
	w := c.word()
	switch formOf(w) {
	case decimalInt, decimalFloat:
		v, err := strconv.ParseFloat(c.src[start:c.pos], 64)
		if err == nil {
			return v, true
		}
	case otherBase:
		c.failf(start, "%s", otherBaseMsg(w, false))
		return 0, false
	case notNumber:
		if w == "" {
			c.pos = start
			c.failf(start, "expected number, got %s", c.describeNext())
			return 0, false
		}
	}
	c.failf(start, "expected number, got %q", c.src[start:c.pos])
	return 0, false
}

// boolean reads true or false.
func (c *cursor) boolean() (bool, bool) {
	c.skipSpace()
	start := c.pos
	switch w := c.ident(); w {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	c.pos = start
	c.failf(start, "expected true or false, got %s", c.describeNext())
	return false, false
}
