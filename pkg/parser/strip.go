package parser

// This file implements dropping function bodies from a dependency's source
// before it is parsed: the importer reads declarations only, and bodies are
// most of a package's code, its parse time and its syntax trees' memory.

import (
	"bytes"
	"go/scanner"
	"go/token"
)

// stripBodies returns src with the inside of every top-level function body
// (and of function literals in top-level declarations) blanked out: spaces,
// with the line breaks kept, so that every position in what is left stays
// where it was. src is not changed.
func stripBodies(src []byte) []byte {
	if !hasFuncKeyword(src) {
		// No body to strip (k8s.io/api/core/v1's types.go, 0.5 MB, has
		// none): tokenizing the file to find none was a tenth of the load.
		return src
	}
	return stripWith(src, skipBody)
}

// hasFuncKeyword reports whether src may hold the keyword func: the word,
// not part of a longer identifier ("function" in a comment is not it). A
// file without it has no function body.
func hasFuncKeyword(src []byte) bool {
	for rest, at := src, 0; ; {
		i := bytes.Index(rest, []byte("func"))
		if i < 0 {
			return false
		}
		at += i
		before, after := at > 0 && isIdentByte(src[at-1]), at+4 < len(src) && isIdentByte(src[at+4])
		if !before && !after {
			return true
		}
		at += 4
		rest = src[at:]
	}
}

// isIdentByte reports whether b may be part of an identifier: a letter, a
// digit, an underscore, or a byte of a multi-byte UTF-8 letter.
func isIdentByte(b byte) bool {
	return b == '_' || b >= 0x80 || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// stripWith is stripBodies with bodyEnd finding the brace that closes a
// body whose inside starts at start.
func stripWith(src []byte, bodyEnd func(src []byte, start int) (int, bool)) []byte {
	var s scanner.Scanner
	fset := token.NewFileSet()
	var file *token.File
	base := 0
	// resume scans from offset from on: the scanner cannot seek, so a body
	// is skipped byte by byte (skipBody) and the scanner starts again after
	// it; tokenizing bodies was most of the time.
	resume := func(from int) {
		base = from
		file = fset.AddFile("", -1, len(src)-from)
		s.Init(file, src[from:], nil, 0)
	}
	resume(0)
	out := src
	copied := false
	// parens counts the parentheses and brackets open outside bodies;
	// funcAt is the count at the func keyword being read, so that a func
	// type inside a list (interface{ M(f func()) }) ends with it.
	inFunc := false
	parens, funcAt, typeBraces := 0, 0, 0
	prev := token.ILLEGAL
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return out
		}
		switch {
		case tok == token.LPAREN || tok == token.LBRACK:
			parens++
		case tok == token.RPAREN || tok == token.RBRACK:
			parens--
			if inFunc && parens < funcAt {
				inFunc = false // a func type in the list this closes
			}
		case tok == token.FUNC && !inFunc:
			inFunc, funcAt, typeBraces = true, parens, 0
		case inFunc && tok == token.LBRACE && (parens > funcAt || typeBraces > 0 || prev == token.INTERFACE || prev == token.STRUCT):
			typeBraces++
		case inFunc && tok == token.RBRACE && typeBraces > 0:
			typeBraces--
		case inFunc && tok == token.RBRACE:
			inFunc = false // a func type in the braces this closes
		case inFunc && (tok == token.SEMICOLON || tok == token.COMMA) && parens == funcAt && typeBraces == 0:
			inFunc = false // a declaration, field or parameter without a body
		case inFunc && tok == token.LBRACE:
			start := base + file.Offset(pos) + 1
			end, ok := bodyEnd(src, start)
			if !ok {
				return out
			}
			if !copied {
				out = append([]byte(nil), src...)
				copied = true
			}
			for i := start; i < end; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			inFunc = false
			tok = token.RBRACE
			resume(end + 1)
		}
		prev = tok
	}
}

// skipBody returns the offset of the brace that closes a body whose
// inside starts at start, reading bytes: comments, strings, raw strings and
// rune literals are skipped whole, so that a brace in them does not count.
func skipBody(src []byte, start int) (int, bool) {
	depth := 1
	for i := start; i < len(src); i++ {
		switch c := src[i]; c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i, true
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				i = indexFrom(src, i+2, "\n")
			} else if i+1 < len(src) && src[i+1] == '*' {
				i = indexFrom(src, i+2, "*/") + 1
			}
		case '`':
			i = indexFrom(src, i+1, "`")
		case '"', '\'':
			i = quoteEnd(src, i+1, c)
		}
	}
	return 0, false
}

// indexFrom is the offset of sep in src from i on (len(src) when absent).
func indexFrom(src []byte, i int, sep string) int {
	if i >= len(src) {
		return len(src)
	}
	if j := bytes.Index(src[i:], []byte(sep)); j >= 0 {
		return i + j
	}
	return len(src)
}

// quoteEnd is the offset of the quote q that ends a string or rune literal
// whose inside starts at i (or of the line's end, for a malformed one).
func quoteEnd(src []byte, i int, q byte) int {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q, '\n':
			return i
		}
	}
	return len(src)
}
