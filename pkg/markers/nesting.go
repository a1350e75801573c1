package markers

// This file implements the bound on how deeply a marker's value may nest
// lists and maps. Nothing a CRD needs comes close; without a bound, a value
// nested thousands deep took seconds to read (guessing each level's type
// looks ahead) and then failed without a position.

import "fmt"

// maxNesting is how deeply lists and maps may nest in one marker value.
const maxNesting = 64

// tooDeep returns the offset in text of the bracket that opens a list or
// map more than maxNesting deep, or -1. Brackets inside quoted strings
// (", ` and ') do not count.
func tooDeep(text string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(text); i++ {
		b := text[i]
		switch {
		case quote != 0:
			if b == '\\' && quote != '`' {
				i++
			} else if b == quote {
				quote = 0
			}
		case b == '"' || b == '`' || b == '\'':
			quote = b
		case b == '{' || b == '[':
			depth++
			if depth > maxNesting {
				return i
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	return -1
}

// nestingError is the error for a value nested too deeply at offset at.
func nestingError(at int) *ArgError {
	return &ArgError{Offset: at, Msg: fmt.Sprintf("the value nests lists and maps more than %d deep", maxNesting)}
}
