package crdyaml

// This file implements how crdgen's YAML writer writes a scalar: which of
// go-yaml v2's styles the text allows (plain, 'single', "double", |
// literal), and each style's escaping, indentation and folding of long
// lines at column 80, as go-yaml's emitter does them.

import (
	"strings"
	"unicode/utf8"
)

// yamlWidth is go-yaml's preferred line width: past this column, a space in
// a plain or quoted scalar (outside a simple key) becomes a line break.
const yamlWidth = 80

// yamlStyle is a scalar style.
type yamlStyle uint8

const (
	stylePlain yamlStyle = iota
	styleSingleQuoted
	styleDoubleQuoted
	styleLiteral
)

// scalarTraits is what the text of a scalar allows, as go-yaml's emitter
// works it out. Scalars never sit inside a non-empty flow collection in
// crdgen's output, so only the block context matters.
type scalarTraits struct {
	multiline    bool // has a line break (LF, CR, NEL, LS or PS)
	plain        bool // may be written plain
	singleQuoted bool // may be written in single quotes
	literal      bool // may be written as a literal block
}

// scalar writes text in the requested style, or in the style the emitter
// falls back to, indented one step deeper than its parent.
//
// Mirrors yaml_emitter_emit_scalar and yaml_emitter_process_scalar (emitterc.go).
func (w *yamlWriter) scalar(text string, requested yamlStyle, at yamlPlace) {
	outer := w.indent
	if w.indent += 2; outer < 0 {
		w.indent = 2
	}
	simpleKey := at == placeSimpleKey
	switch scalarStyle(text, requested, simpleKey) {
	case stylePlain:
		w.plainOrSingle(text, !simpleKey, false)
	case styleSingleQuoted:
		w.indicator("'", true, false, false)
		w.plainOrSingle(text, !simpleKey, true)
		w.indicator("'", false, false, false)
	case styleDoubleQuoted:
		w.doubleQuoted(text, !simpleKey)
	case styleLiteral:
		w.literal(text)
	}
	w.indent = outer
}

// scalarStyle returns the style go-yaml writes text in when asked for
// requested: plain becomes single-quoted, single-quoted becomes
// double-quoted and literal becomes double-quoted when the text or a simple
// key's place does not allow them.
//
// Mirrors yaml_emitter_select_scalar_style (emitterc.go).
func scalarStyle(text string, requested yamlStyle, simpleKey bool) yamlStyle {
	if requested == stylePlain && text != "" && isPlainWord(text) {
		return stylePlain
	}
	t := analyzeScalar(text)
	style := requested
	if simpleKey && t.multiline {
		style = styleDoubleQuoted
	}
	if style == stylePlain && (!t.plain || text == "" && simpleKey) {
		style = styleSingleQuoted
	}
	if style == styleSingleQuoted && !t.singleQuoted {
		style = styleDoubleQuoted
	}
	if style == styleLiteral && (!t.literal || simpleKey) {
		style = styleDoubleQuoted
	}
	return style
}

// isPlainWord reports whether text is made only of ASCII letters, digits,
// '_', '.', '/' and inner '-', a quick case of analyzeScalar allowing plain
// style: most keys and many values are such words.
func isPlainWord(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '_' || c == '.' || c == '/' || c == '-' && i > 0) {
			return false
		}
	}
	return !strings.HasPrefix(text, "...")
}

// analyzeScalar works out what text allows: no plain style with leading or
// trailing spaces, line breaks, characters that must be escaped, or
// indicators that would change its meaning (a leading "- ", ": " or " #"
// anywhere, a leading quote or bracket...); no single quotes when a space
// and a line break touch; no literal block with trailing spaces.
//
// Mirrors yaml_emitter_analyze_scalar (emitterc.go).
func analyzeScalar(text string) scalarTraits {
	if text == "" {
		return scalarTraits{plain: true, singleQuoted: true}
	}
	indicator := strings.HasPrefix(text, "---") || strings.HasPrefix(text, "...")
	switch text[0] {
	case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		indicator = true
	case '?', '-':
		indicator = indicator || len(text) == 1 || text[1] == ' ' || text[1] == '\t'
	}
	var breaks, special, breakSpace, spaceBreak bool
	var prevSpace, prevBreak bool
	prevBlank := true
	for i := 0; i < len(text); {
		if c := text[i]; ' ' < c && c < 0x7F && c != ':' && c != '#' {
			// Printable ASCII other than a space or an indicator.
			prevSpace, prevBreak, prevBlank = false, false, false
			i++
			continue
		}
		r, n := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[i:])
		}
		switch r {
		case ':':
			next := i + n
			indicator = indicator || next == len(text) || text[next] == ' ' || text[next] == '\t'
		case '#':
			indicator = indicator || i > 0 && prevBlank
		}
		isBreak := isLineBreak(r)
		if !yamlPrintable(r) {
			special = true
		}
		if r == ' ' {
			breakSpace = breakSpace || prevBreak
		} else if isBreak {
			breaks = true
			spaceBreak = spaceBreak || prevSpace
		}
		prevSpace, prevBreak = r == ' ', isBreak
		prevBlank = r == ' ' || r == '\t' || r == 0 || isBreak
		i += n
	}
	edgeSpace := text[0] == ' ' || text[len(text)-1] == ' '
	return scalarTraits{
		multiline:    breaks,
		plain:        !edgeSpace && !breaks && !special && !indicator,
		singleQuoted: !breakSpace && !spaceBreak && !special,
		literal:      text[len(text)-1] != ' ' && !spaceBreak && !special,
	}
}

// yamlPrintable reports whether go-yaml writes r as it is: LF, printable
// ASCII, and the rest of the Basic Multilingual Plane but for C1 controls,
// surrogates, the byte order mark and U+FFFE/U+FFFF. Tabs, CR and
// characters beyond U+FFFF must be escaped.
//
// Mirrors is_printable (yamlprivateh.go).
func yamlPrintable(r rune) bool {
	return r == '\n' || 0x20 <= r && r <= 0x7E || 0xA0 <= r && r <= 0xD7FF ||
		0xE000 <= r && r <= 0xFFFD && r != 0xFEFF
}

// isLineBreak reports whether YAML counts r as a line break: LF, CR, NEL,
// LS or PS.
//
// Mirrors is_break (yamlprivateh.go).
func isLineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// hasLineBreak reports whether s has a line break.
func hasLineBreak(s string) bool {
	return nextBreak(s, 0) < len(s)
}

// breakAt returns the width in bytes of the line break at s[i], or 0.
func breakAt(s string, i int) int {
	switch c := s[i]; {
	case c == '\n' || c == '\r':
		return 1
	case c == 0xC2 && strings.HasPrefix(s[i:], "\u0085"):
		return 2
	case c == 0xE2 && (strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029")):
		return 3
	}
	return 0
}

// nextBreak returns the index of the first line break from s[i] on, or
// len(s).
func nextBreak(s string, i int) int {
	for ; i < len(s); i++ {
		if c := s[i]; (c == '\n' || c == '\r' || c == 0xC2 || c == 0xE2) && breakAt(s, i) > 0 {
			return i
		}
	}
	return i
}

// textRun returns the end of the run of characters from s[i] on that are
// neither spaces, line breaks nor (when stopAtQuote) single quotes.
func textRun(s string, i int, stopAtQuote bool) int {
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\n', '\r':
			return i
		case '\'':
			if stopAtQuote {
				return i
			}
		case 0xC2, 0xE2:
			if breakAt(s, i) > 0 {
				return i
			}
		}
	}
	return i
}

// copyText appends characters that are no spaces or line breaks.
func (w *yamlWriter) copyText(s string) {
	w.out = append(w.out, s...)
	w.column += utf8.RuneCountInString(s)
}

// copyBreak appends the line break at s[i], which is n bytes wide. A line
// feed is written as a line feed; the other breaks are copied as they are,
// as go-yaml does.
//
// Mirrors write_break (emitterc.go).
func (w *yamlWriter) copyBreak(s string, i, n int) {
	w.out = append(w.out, s[i:i+n]...)
	w.column = 0
	w.indention = true
}

// plainOrSingle writes the text of a plain or single-quoted scalar: past
// column 80, a single space between words becomes a line break; a line
// break in the text is written doubled, as folding reads it back; quoted
// doubles single quotes.
//
// Mirrors yaml_emitter_write_plain_scalar and
// yaml_emitter_write_single_quoted_scalar (emitterc.go).
func (w *yamlWriter) plainOrSingle(s string, allowBreaks, quoted bool) {
	if !quoted && !w.whitespace {
		w.out = append(w.out, ' ')
		w.column++
	}
	spaced, broken := false, false
	for i := 0; i < len(s); {
		if s[i] == ' ' {
			if allowBreaks && !spaced && w.column > yamlWidth && i > 0 && i+1 < len(s) && s[i+1] != ' ' {
				w.writeIndent()
			} else {
				w.out = append(w.out, ' ')
				w.column++
			}
			spaced = true
			i++
			continue
		}
		if n := breakAt(s, i); n > 0 {
			if !broken && s[i] == '\n' {
				w.lineBreak()
			}
			w.copyBreak(s, i, n)
			broken = true
			i += n
			continue
		}
		if broken {
			w.writeIndent()
		}
		if quoted && s[i] == '\'' {
			w.out = append(w.out, '\'', '\'')
			w.column += 2
			i++
		} else {
			j := textRun(s, i, quoted)
			w.copyText(s[i:j])
			i = j
		}
		w.indention = false
		spaced, broken = false, false
	}
	w.whitespace = false
	w.indention = false
}

// literal writes a literal block scalar: "|", an indentation indicator if
// the text starts with a space or line break, a chomping indicator ("-"
// without a final line break, "+" with more than one), then the lines
// indented one step, empty lines left empty. Unlike the other styles it
// leaves the line state as its last line does: after a final line break,
// what follows starts on the empty line rather than after another break.
//
// Mirrors yaml_emitter_write_literal_scalar and
// yaml_emitter_write_block_scalar_hints (emitterc.go).
func (w *yamlWriter) literal(s string) {
	w.indicator("|", true, false, false)
	if s[0] == ' ' || breakAt(s, 0) > 0 {
		w.indicator("2", false, false, false)
	}
	last, n := utf8.DecodeLastRuneInString(s)
	switch {
	case !isLineBreak(last):
		w.indicator("-", false, false, false)
	case n == len(s):
		w.indicator("+", false, false, false)
	default:
		if prev, _ := utf8.DecodeLastRuneInString(s[:len(s)-n]); isLineBreak(prev) {
			w.indicator("+", false, false, false)
		}
	}
	w.lineBreak()
	w.indention = true
	w.whitespace = true
	broken := true
	for i := 0; i < len(s); {
		if n := breakAt(s, i); n > 0 {
			w.copyBreak(s, i, n)
			broken = true
			i += n
			continue
		}
		if broken {
			w.writeIndent()
		}
		j := nextBreak(s, i+1)
		w.copyText(s[i:j])
		w.indention = false
		broken = false
		i = j
	}
}

// doubleQuoted writes a double-quoted scalar: line breaks, quotes,
// backslashes and what is not printable are escaped (everything is, when
// the text starts with a byte order mark: go-yaml tests for the mark at the
// start of the text rather than at each character); past column 80 a space
// becomes a line break, and a second space after it is escaped.
//
// Mirrors yaml_emitter_write_double_quoted_scalar (emitterc.go).
func (w *yamlWriter) doubleQuoted(s string, allowBreaks bool) {
	w.indicator(`"`, true, false, false)
	escapeAll := strings.HasPrefix(s, "\uFEFF")
	spaced := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case escapeAll || !yamlPrintable(r) || isLineBreak(r) || r == '"' || r == '\\':
			w.escape(r)
			spaced = false
		case r == ' ':
			if allowBreaks && !spaced && w.column > yamlWidth && i > 0 && i+1 < len(s) {
				w.writeIndent()
				if s[i+1] == ' ' {
					w.out = append(w.out, '\\')
					w.column++
				}
			} else {
				w.out = append(w.out, ' ')
				w.column++
			}
			spaced = true
		default:
			w.out = append(w.out, s[i:i+n]...)
			w.column++
			spaced = false
		}
		i += n
	}
	w.indicator(`"`, false, false, false)
}

// escape writes r as a double-quoted escape: a short one where YAML has
// one, else \x, \u or \U with upper-case hex digits.
//
// Mirrors the escapes of yaml_emitter_write_double_quoted_scalar (emitterc.go).
func (w *yamlWriter) escape(r rune) {
	start := len(w.out)
	w.out = append(w.out, '\\')
	if c := shortEscape(r); c != 0 {
		w.out = append(w.out, c)
	} else {
		digits := 8
		switch {
		case r <= 0xFF:
			w.out, digits = append(w.out, 'x'), 2
		case r <= 0xFFFF:
			w.out, digits = append(w.out, 'u'), 4
		default:
			w.out = append(w.out, 'U')
		}
		for shift := (digits - 1) * 4; shift >= 0; shift -= 4 {
			w.out = append(w.out, "0123456789ABCDEF"[r>>shift&0xF])
		}
	}
	w.column += len(w.out) - start
}

// shortEscape returns the letter of r's short escape in a double-quoted
// scalar, or 0 if it has none.
func shortEscape(r rune) byte {
	switch r {
	case 0x00:
		return '0'
	case 0x07:
		return 'a'
	case 0x08:
		return 'b'
	case '\t':
		return 't'
	case '\n':
		return 'n'
	case 0x0B:
		return 'v'
	case 0x0C:
		return 'f'
	case '\r':
		return 'r'
	case 0x1B:
		return 'e'
	case '"':
		return '"'
	case '\\':
		return '\\'
	case 0x85:
		return 'N'
	case 0xA0:
		return '_'
	case 0x2028:
		return 'L'
	case 0x2029:
		return 'P'
	}
	return 0
}
