package migrate

// This file implements splitting a command line into words as the shell
// does (quotes, backslashes, backslash-newline), with each word's place in
// the file, and the shell's operators (;, &&, ||, |, &, redirections) that
// end a command. A make or shell reference, $(...) or ${...}, is one piece
// of its word whatever it holds, and is kept as written: a Makefile line
// is read before make expands it.

import (
	"strings"
)

// word is a word or an operator of a command line: its bytes in the
// file (Start, End) and, for a word, its value with the quotes removed.
type word struct {
	Start, End int
	Op         string // the operator, "" for a word
	Value      string
	// Quoted says some part of the word was quoted.
	Quoted bool
}

// lex splits s, which starts at offset base of its file, into tokens; a #
// at the start of a word ends the line (a shell comment).
func lex(s string, base int) []word {
	var out []word
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2
			continue
		case c == '#':
			return out
		}
		if op := operatorAt(s, i); op != "" {
			out = append(out, word{Start: base + i, End: base + i + len(op), Op: op})
			i += len(op)
			continue
		}
		start := i
		var v strings.Builder
		quoted := false
	word:
		for i < len(s) {
			c := s[i]
			switch {
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || operatorAt(s, i) != "":
				break word
			case c == '\\' && i+1 < len(s):
				// A backslash-newline is removed (what follows it on the
				// next line, if not a blank, goes on with the word).
				if s[i+1] != '\n' {
					v.WriteByte(s[i+1])
				}
				i += 2
			case c == '\'':
				quoted = true
				end := strings.IndexByte(s[i+1:], '\'')
				if end < 0 {
					end = len(s) - i - 1
				}
				v.WriteString(s[i+1 : i+1+end])
				i += end + 2
			case c == '"':
				quoted = true
				i = doubleQuoted(s, i+1, &v)
			case c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
				end := reference(s, i)
				v.WriteString(s[i:end])
				i = end
			default:
				v.WriteByte(c)
				i++
			}
		}
		out = append(out, word{Start: base + start, End: base + min(i, len(s)), Value: v.String(), Quoted: quoted})
	}
	return out
}

// doubleQuoted reads a double-quoted string from s[i:] (after the opening
// quote) into v and returns the index after the closing quote.
func doubleQuoted(s string, i int, v *strings.Builder) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			return i + 1
		case c == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0:
			if s[i+1] != '\n' {
				v.WriteByte(s[i+1])
			}
			i += 2
		case c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			end := reference(s, i)
			v.WriteString(s[i:end])
			i = end
		default:
			v.WriteByte(c)
			i++
		}
	}
	return i
}

// reference returns the index after the $(...) or ${...} at s[i:],
// counting nested brackets of the same kind.
func reference(s string, i int) int {
	open, closing := s[i+1], byte(')')
	if open == '{' {
		closing = '}'
	}
	depth := 0
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case open:
			depth++
		case closing:
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}

// operatorAt returns the shell operator at s[i:], or "".
func operatorAt(s string, i int) string {
	for _, op := range []string{"&&", "||", ">>", ";", "|", "&", ">", "<"} {
		if strings.HasPrefix(s[i:], op) {
			return op
		}
	}
	return ""
}

// endsCommand reports whether an operator ends a command (a redirection
// does not: it belongs to the command, but takes no argument of it).
func endsCommand(op string) bool {
	switch op {
	case "&&", "||", ";", "|", "&":
		return true
	}
	return false
}

// shellQuote writes a word so that the shell reads it back as s: as it
// is when it holds nothing the shell would read otherwise (a make
// reference, $(...), stays as make expands it), else in double quotes.
func shellQuote(s string) string {
	if s == "" {
		return `""`
	}
	plain := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{') {
			i = reference(s, i) - 1
			continue
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./:=,+@%", c) >= 0) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}

// Words splits a command line into its words as the shell does, quotes
// removed, up to its first operator (;, &&, |, a redirection); make and
// shell references stay as written.
func Words(line string) []string {
	var out []string
	for _, w := range lex(line, 0) {
		if w.Op != "" {
			break
		}
		out = append(out, w.Value)
	}
	return out
}
