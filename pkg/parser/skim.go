package parser

// This file implements skimming a dependency's file before it is parsed:
// a file that declares no type or constant, holds no marker comment and
// names no method the importer reads gives the importer and the syntax of
// a schema nothing, so it is held back like a generated file and parsed
// only when a name is not found in the others. k8s.io/api/core/v1's
// types_swagger_doc_generated.go (0.3 MB of documentation strings, and no
// "Code generated" line) was a tenth of the dependencies' parse.

import "bytes"

// givesNothing reports whether src declares no type or constant at the top
// level, has no marker comment (a line comment whose text starts with '+',
// which may belong to the package) and does not name a method of
// methodsRead. It reads bytes, not tokens: comments, strings and rune
// literals are skipped whole, and a keyword counts only outside every
// brace, parenthesis and bracket, where a top-level declaration starts.
func givesNothing(src []byte) bool {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := indexFrom(src, i+2, "\n")
			if isMarkerLine(src[i+2 : end]) {
				return false
			}
			i = end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = indexFrom(src, i+2, "*/") + 1
		case c == '`':
			i = indexFrom(src, i+1, "`")
		case c == '"' || c == '\'':
			i = quoteEnd(src, i+1, c)
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case isIdentByte(c):
			j := i + 1
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			if w := string(src[i:j]); depth == 0 && (w == "type" || w == "const") {
				return false
			}
			i = j - 1
		}
	}
	for _, m := range methodsRead() {
		if bytes.Contains(src, []byte(m)) {
			return false
		}
	}
	return true
}

// isMarkerLine reports whether the text of a line comment (after "//")
// starts with '+' after white space, as isMarkerComment reads it.
func isMarkerLine(text []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(text), []byte("+"))
}
