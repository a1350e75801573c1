package celcost

// This file implements reporting CEL compilation errors at the Go source:
// the column of each CEL error inside the rule text becomes a column on the
// marker's line.

import (
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/crdgen/crdgen/pkg/markers"
)

// celIssue matches one error of cel-go's issue text:
// "ERROR: <input>:1:6: undefined field 'foo'".
func celIssue() *regexp.Regexp {
	return regexp.MustCompile(`ERROR: <input>:(\d+):(\d+): ([^\n]*)`)
}

// ruleError reports a rule or messageExpression that does not compile. The
// position points inside the expression when the marker holds its text.
func (w *walker) ruleError(pos token.Position, m markers.Marker, found bool, arg, expr, detail string, props map[string]structuralschema.Structural) {
	name := markerName(m, found)
	_, literal := m.Value.(markers.XValidation)
	hint := escapeHint(expr, props)
	issues := celIssue().FindAllStringSubmatch(detail, -1)
	if len(issues) == 0 {
		w.a.diags.Errorf(pos, markers.CodeCEL, "%s: %s is rejected by the API server: %s%s", name, arg, detail, hint)
		return
	}
	for _, is := range issues {
		at := pos
		line, _ := strconv.Atoi(is[1])
		col, _ := strconv.Atoi(is[2])
		if off, ok := exprOffset(expr, line, col); ok && found && literal {
			if mo, ok := m.ValueOffset(arg, off); ok {
				at = m.At(mo)
			}
		}
		w.a.diags.Errorf(at, markers.CodeCEL, "%s: %s does not compile: %s%s%s", name, arg, is[3], fieldSuggestion(expr, is[3], props), hint)
	}
}

// undefinedField matches cel-go's message for a field the type lacks.
func undefinedField() *regexp.Regexp { return regexp.MustCompile(`^undefined field '([^']+)'$`) }

// fieldSuggestion is ", did you mean %q" for a CEL error naming an
// undefined field, with the closest property at the place the expression
// reaches for it: self.a.b.field looks among b's properties, when the path
// can be followed from the rule's scope (props), else among the scope's.
// The names are as CEL sees them (escaped). Closest is a small edit
// distance, or else the one property whose name starts with the field's
// (discount: discountPercent).
func fieldSuggestion(expr, msg string, props map[string]structuralschema.Structural) string {
	m := undefinedField().FindStringSubmatch(msg)
	if m == nil {
		return ""
	}
	field := m[1]
	if path := regexp.MustCompile(`\bself((?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.` + regexp.QuoteMeta(field) + `\b`).FindStringSubmatch(expr); path != nil {
		at := props
		for _, step := range strings.Split(strings.TrimPrefix(path[1], "."), ".") {
			if step == "" {
				break
			}
			next, ok := escapedProps(at)[step]
			if !ok {
				at = props
				break
			}
			at = next.Properties
		}
		props = at
	}
	var names []string
	for name := range escapedProps(props) {
		names = append(names, name)
	}
	s := markers.Suggest(field, names)
	if s == "" && len(field) >= 3 {
		var prefixed []string
		for _, n := range names {
			if strings.HasPrefix(strings.ToLower(n), strings.ToLower(field)) {
				prefixed = append(prefixed, n)
			}
		}
		if len(prefixed) == 1 {
			s = prefixed[0]
		}
	}
	if s == "" {
		return ""
	}
	return fmt.Sprintf(", did you mean %q", s)
}

// escapedProps are properties by the names CEL gives them; those it
// cannot name are left out.
func escapedProps(props map[string]structuralschema.Structural) map[string]structuralschema.Structural {
	out := map[string]structuralschema.Structural{}
	for name, p := range props {
		if esc, ok := apiservercel.Escape(name); ok {
			out[esc] = p
		}
	}
	return out
}

// exprOffset converts CEL's 1-based line and column (in characters) to a
// byte offset in expr.
func exprOffset(expr string, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(expr[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	for c := 1; c < col && off < len(expr); c++ {
		_, size := utf8.DecodeRuneInString(expr[off:])
		off += size
	}
	return off, off <= len(expr)
}

// escapeHint explains property names that CEL sees escaped, when the
// expression mentions one of them as written.
func escapeHint(expr string, props map[string]structuralschema.Structural) string {
	var notes []string
	for name := range props {
		esc, ok := apiservercel.Escape(name)
		switch {
		case !ok && strings.Contains(expr, "."+name):
			notes = append(notes, fmt.Sprintf("property %q cannot be reached from CEL (its name cannot be escaped)", name))
		case ok && esc != name && strings.Contains(expr, "."+name):
			notes = append(notes, fmt.Sprintf("property %q is self.%s in CEL: the API server escapes property names that are not CEL identifiers", name, esc))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	slices.Sort(notes)
	return " (" + strings.Join(notes, "; ") + ")"
}
