package model

// This file implements dropping function bodies from a dependency's source
// before it is parsed: the importer reads declarations only, and bodies are
// most of a package's code, its parse time and its syntax trees' memory.

import (
	"go/scanner"
	"go/token"
)

// stripBodies returns src with the inside of every top-level function body
// (and of function literals in top-level declarations) blanked out: spaces,
// with the line breaks kept, so that every position in what is left stays
// where it was. src is not changed.
func stripBodies(src []byte) []byte {
	var s scanner.Scanner
	file := token.NewFileSet().AddFile("", -1, len(src))
	s.Init(file, src, nil, 0)
	out := src
	copied := false
	depth := 0 // braces outside function bodies
	inFunc := false
	parens, typeBraces := 0, 0
	prev := token.ILLEGAL
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return out
		}
		switch {
		case tok == token.FUNC && !inFunc:
			inFunc, parens, typeBraces = true, 0, 0
		case inFunc && (tok == token.LPAREN || tok == token.LBRACK):
			parens++
		case inFunc && (tok == token.RPAREN || tok == token.RBRACK):
			parens--
		case inFunc && tok == token.LBRACE && (parens > 0 || typeBraces > 0 || prev == token.INTERFACE || prev == token.STRUCT):
			typeBraces++
		case inFunc && tok == token.RBRACE && typeBraces > 0:
			typeBraces--
		case inFunc && tok == token.SEMICOLON && parens == 0 && typeBraces == 0:
			inFunc = false // a declaration without a body
		case inFunc && tok == token.LBRACE:
			start := file.Offset(pos) + 1
			end, ok := matchingBrace(&s, file)
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
		case tok == token.LBRACE:
			depth++
		case tok == token.RBRACE:
			depth--
		}
		prev = tok
	}
}

// matchingBrace scans to the brace that closes the one just read, and
// returns its offset.
func matchingBrace(s *scanner.Scanner, file *token.File) (int, bool) {
	d := 1
	for {
		pos, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return 0, false
		case token.LBRACE:
			d++
		case token.RBRACE:
			d--
			if d == 0 {
				return file.Offset(pos), true
			}
		}
	}
}
