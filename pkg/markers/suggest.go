package markers

// This file implements what crdgen says about a marker it does not know:
// whether the name is in a namespace crdgen owns, whether it exists for
// another target, and the closest valid name (did you mean).

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// UnknownError reports a marker with no definition for the target it was
// written on.
type UnknownError struct {
	// Name is the marker name as written (up to the first '=').
	Name string
	// Target is where the marker was written.
	Target Target
	// Owned is true when the name is in a namespace crdgen owns, or is one
	// edit away from a name it owns, so that silence would hide a typo.
	Owned bool
	// Suggestion is the closest valid name for the target, or "". For a
	// value written after a ':' instead of '=' (+name:value), it is the
	// whole marker as meant ("name=value").
	Suggestion string
	// Caution is what the suggested marker's definition warns of, or "".
	Caution string
	// ValidOn lists the targets where the name is defined, when it exists
	// for other targets.
	ValidOn Target
	// misspelt is the part of the marker as written that Suggestion
	// replaces: Name, or the shorter name a typo was found in
	// (+kubebuilder:printcolum:name=... is +kubebuilder:printcolumn:name=...).
	misspelt string
}

func (e *UnknownError) Error() string {
	if e.ValidOn != 0 {
		return fmt.Sprintf("+%s is a %s marker and has no effect on a %s", e.Name, e.ValidOn, e.Target)
	}
	msg := "unknown marker +" + e.Name
	if e.Suggestion != "" {
		msg += ", did you mean +" + e.Suggestion
	}
	if e.Caution != "" {
		msg += " (" + e.Caution + ")"
	}
	return msg
}

// Fix is the did-you-mean rename as an edit: the misspelt name after the
// '+' of text (the marker comment's text from its '+', which is at pos)
// becomes the suggestion. It is nil when there is no suggestion, when the
// suggestion comes with a caution (+kubebuilder:validation:UniqueItems=true
// is itself refused), or when text does not start with the misspelt name
// (then no edit is sure).
func (e *UnknownError) Fix(pos token.Position, text string) *Fix {
	if e.Suggestion == "" || e.Caution != "" || e.ValidOn != 0 || e.misspelt == "" || !strings.HasPrefix(text, "+"+e.misspelt) {
		return nil
	}
	start := pos
	start.Column++
	start.Offset++
	end := start
	end.Column += len(e.misspelt)
	end.Offset += len(e.misspelt)
	return &Fix{Msg: "rename to +" + e.Suggestion, Pos: start, End: end, New: e.Suggestion}
}

// ownedPrefixes are the namespaces crdgen defines every marker of: a name in
// them that crdgen does not know is a mistake.
func ownedPrefixes() []string { return []string{"kubebuilder:", "crdgen:", "openshift:"} }

// foreignK8sTags are +k8s: tags of Kubernetes' declarative validation and
// other generators that crdgen does not read. They are listed so that a
// near-miss check never mistakes one of them for a typo of a tag crdgen owns.
func foreignK8sTags() []string {
	return []string{
		"k8s:alpha", "k8s:beta", "k8s:declarativeValidationNative", "k8s:eachKey",
		"k8s:exclusiveMaximum", "k8s:exclusiveMinimum", "k8s:ifDisabled",
		"k8s:ifEnabled", "k8s:isSubresource", "k8s:item",
		"k8s:opaqueType",
		"k8s:supportsSubresource", "k8s:subfield", "k8s:unionDiscriminator", "k8s:unionMember",
		"k8s:zeroOrOneOfMember", "k8s:listType", "k8s:listMapKey",
	}
}

// IsOwned reports whether a marker name is in a namespace crdgen owns.
func IsOwned(name string) bool {
	return slices.ContainsFunc(ownedPrefixes(), func(p string) bool { return strings.HasPrefix(name, p) })
}

// unknown builds the error for a marker with no definition for target.
func (r *Registry) unknown(names []string, target Target) *UnknownError {
	key := fmt.Sprint(target, "\x00", strings.Join(names, "\x00"))
	if e, ok := r.unknowns.Load(key); ok {
		c := *e.(*UnknownError)
		return &c
	}
	e := r.findUnknown(names, target)
	r.unknowns.Store(key, e)
	c := *e
	return &c
}

// findUnknown is unknown without the memory.
func (r *Registry) findUnknown(names []string, target Target) *UnknownError {
	e := &UnknownError{Name: names[0], Target: target}
	for _, n := range names {
		for _, t := range []Target{OnPackage, OnType, OnField} {
			if t != target && r.Lookup(n, t) != nil {
				e.ValidOn |= t
				e.Name = n
			}
		}
		if e.ValidOn != 0 {
			// The whole name first: +k8s:deepcopy-gen:interfaces, not
			// +k8s:deepcopy-gen.
			break
		}
	}
	if e.ValidOn != 0 {
		e.Owned = !r.isForeign(e.Name)
		return e
	}
	if slip, v := r.colonSlip(names[0], target); slip != nil {
		e.Suggestion = slip.Name + "=" + names[0][len(slip.Name)+1:]
		e.misspelt = names[0]
		if slip.Caution != nil {
			e.Caution = slip.Caution(v)
		}
		e.Owned = true
		return e
	}
	candidates := r.ownedNames(target)
	for _, n := range names {
		if s := Suggest(n, candidates); s != "" {
			e.Suggestion, e.misspelt = s, n
			break
		}
	}
	switch {
	case IsOwned(names[0]):
		e.Owned = true
	case e.Suggestion != "" && !slices.Contains(foreignK8sTags(), names[0]) && !isGeneratorTag(names[0]):
		// A bare or +k8s: name one typo away from a name crdgen reads.
		e.Owned = true
	}
	return e
}

// colonSlip returns the definition a marker written as +name:value (a ':'
// where '=' was meant) names, and the value, or nil: the part before the
// last ':' is a marker of target that takes one value, and the rest parses
// as that value.
func (r *Registry) colonSlip(name string, target Target) (*Definition, any) {
	i := strings.LastIndexByte(name, ':')
	if i < 0 || i == len(name)-1 {
		return nil, nil
	}
	d := r.Lookup(name[:i], target)
	if d == nil || d.Foreign || !d.singleValue() {
		return nil, nil
	}
	v, _, _, err := d.parseArgs(name[:i]+"="+name[i+1:], i+1, len(name))
	if err != nil {
		return nil, nil
	}
	return d, v
}

func (r *Registry) isForeign(name string) bool {
	for _, t := range []Target{OnPackage, OnType, OnField} {
		if d := r.Lookup(name, t); d != nil && !d.Foreign {
			return false
		}
	}
	return true
}

// isGeneratorTag matches +k8s:<something>-gen tags of other code generators.
func isGeneratorTag(name string) bool {
	rest, ok := strings.CutPrefix(name, "k8s:")
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, ":")
	return strings.HasSuffix(first, "-gen")
}

// ownedNames lists the names crdgen reads for target (foreign markers left out).
func (r *Registry) ownedNames(target Target) []string {
	var names []string
	for name, d := range r.byTarget[target] {
		if !d.Foreign {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Suggest returns the candidate closest to name: an edit distance of at most
// 2, or equal ignoring case. Ties go to the alphabetically first candidate.
// It returns "" when nothing is close.
func Suggest(name string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range slices.Sorted(slices.Values(candidates)) {
		if c == name || (abs(len(c)-len(name)) >= bestDist && !strings.EqualFold(name, c)) {
			// The distance is at least the difference in length.
			continue
		}
		d := editDistance(name, c)
		if strings.EqualFold(name, c) {
			d = 0
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

func suggestArg(name string, spec *argSpec) string {
	var names []string
	for _, f := range spec.fields {
		names = append(names, f.name)
	}
	if s := Suggest(name, names); s != "" {
		return fmt.Sprintf(", did you mean %q", s)
	}
	return fmt.Sprintf(" (valid: %s)", strings.Join(names, ", "))
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
