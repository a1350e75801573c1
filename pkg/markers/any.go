package markers

// This file implements any-typed values (+kubebuilder:default, example,
// title and Enum items), whose type is guessed from the text the way
// controller-gen guesses it:
//
//   - a leading quote or backtick is a string;
//   - '{' starts a map when its first element is a string followed by ':'
//     (or for "{}"), and a list otherwise; a list's items all take the type
//     guessed for its first item;
//   - true and false are booleans;
//   - a decimal integer or float literal followed by a delimiter is a
//     number (numbers.go): 0644 is 644, but 0987, which controller-gen
//     cannot read as a number, is the string "0987"; 0x1F is an error;
//   - anything else is a bare string;
//   - at the top level, a ';' before the first ',' makes the whole value a
//     legacy list (+kubebuilder:default=a;b is ["a","b"]).
//
// Values come out as string, int64, float64, bool, []any and map[string]any.

// guess is the type guessed for an any-typed value.
type guess int

const (
	guessString guess = iota
	guessInt
	guessNumber
	guessBool
	guessList
	guessMap
)

// anyValue reads an any-typed value. allowLegacy enables the a;b;c list form.
func (c *cursor) anyValue(allowLegacy bool) any {
	if at := tooDeep(c.src[c.pos:c.end]); at >= 0 {
		c.failf(c.pos+at, "%s", nestingError(0).Msg)
		return nil
	}
	g, item := c.guessAt(c.pos)
	if allowLegacy && c.legacyListAhead() {
		var out []any
		for {
			out = append(out, c.valueOf(g, item))
			if c.failed() {
				return nil
			}
			if c.peek() != ';' {
				return out
			}
			c.pos++
		}
	}
	return c.valueOf(g, item)
}

// legacyListAhead reports whether a ';' comes before the first ',' (quoted
// runs skipped), which makes a top-level value a legacy list.
func (c *cursor) legacyListAhead() bool {
	for i := c.pos; i < c.end; i++ {
		switch c.src[i] {
		case ',':
			return false
		case ';':
			return true
		case '"', '`':
			end := c.quotedEnd(i)
			if end < 0 {
				return false
			}
			i = end - 1
		}
	}
	return false
}

// guessAt guesses the type of the value starting at offset at, without
// consuming input. For a list it also returns the guess for its items.
func (c *cursor) guessAt(at int) (guess, guess) {
	probe := &cursor{src: c.src, pos: at, end: c.end}
	switch probe.peek() {
	case '"', '`', '\'':
		return guessString, 0
	case '{':
		probe.pos++
		if probe.peek() == '}' {
			return guessMap, 0
		}
		first, _ := probe.guessAt(probe.pos)
		if first == guessString {
			probe.str(true)
			if probe.err == nil && probe.peek() == ':' {
				return guessMap, 0
			}
		}
		return guessList, first
	case 't', 'f':
		switch probe.ident() {
		case "true", "false":
			if d := probe.peek(); isDelimiter(d) {
				return guessBool, 0
			}
		}
		return guessString, 0
	}
	if probe.pos < probe.end && probe.src[probe.pos] == '-' {
		probe.pos++
	}
	w := probe.word()
	if w == "" || !isNumberStart(w[0]) || !isDelimiter(probe.peek()) {
		return guessString, 0
	}
	switch formOf(w) {
	case decimalInt:
		if octalLooking(w) {
			return guessString, 0
		}
		return guessInt, 0
	case decimalFloat:
		return guessNumber, 0
	case otherBase:
		// integer reports it: controller-gen fails on it too.
		return guessInt, 0
	}
	return guessString, 0
}

func isDelimiter(b byte) bool { return b == 0 || b == ',' || b == ';' || b == '}' }

// valueOf reads a value of the guessed type.
func (c *cursor) valueOf(g, item guess) any {
	switch g {
	case guessInt:
		v, _ := c.integer(true)
		return v
	case guessNumber:
		v, _ := c.number()
		return v
	case guessBool:
		v, _ := c.boolean()
		return v
	case guessList:
		return c.anyList(item)
	case guessMap:
		return c.anyMap()
	}
	return c.str(false)
}

// anyList reads {a,b,c}; every item is read with the first item's type.
func (c *cursor) anyList(item guess) any {
	c.expect('{', "'{'")
	out := []any{}
	for c.peek() != '}' && !c.failed() {
		if c.atEnd() {
			c.failf(c.pos, "expected '}', got end of marker")
			return nil
		}
		ig, sub := item, guess(0)
		if item == guessList || item == guessMap {
			ig, sub = c.guessAt(c.pos)
		}
		out = append(out, c.valueOf(ig, sub))
		if c.failed() || c.peek() == '}' {
			break
		}
		c.expect(',', "',' or '}'")
	}
	if c.failed() {
		return nil
	}
	c.pos++
	return out
}

// anyMap reads {key: value, ...} with any-typed values.
func (c *cursor) anyMap() any {
	c.expect('{', "'{'")
	out := map[string]any{}
	for c.peek() != '}' && !c.failed() {
		if c.atEnd() {
			c.failf(c.pos, "expected '}', got end of marker")
			return nil
		}
		key := c.str(true)
		if c.failed() || !c.expect(':', "':'") {
			return nil
		}
		out[key] = c.anyValue(true)
		if c.failed() || c.peek() == '}' {
			break
		}
		c.expect(',', "',' or '}'")
	}
	if c.failed() {
		return nil
	}
	c.pos++
	return out
}
