package markers

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Target says where a marker may be written.
type Target uint8

const (
	// OnPackage markers sit in a package's free-standing comments (doc.go, groupversion_info.go).
	OnPackage Target = 1 << iota
	// OnType markers sit in the doc comment of a type declaration.
	OnType
	// OnField markers sit in the doc comment of a struct field.
	OnField

	// OnAny is every target; used for other generators' markers, which crdgen accepts anywhere.
	OnAny = OnPackage | OnType | OnField
)

// String names the target in user terms ("package", "type", "field", or a list).
func (t Target) String() string {
	var parts []string
	for _, x := range []struct {
		t    Target
		name string
	}{{OnPackage, "package"}, {OnType, "type"}, {OnField, "field"}} {
		if t&x.t != 0 {
			parts = append(parts, x.name)
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " or ")
}

// Definition describes one marker: its name as written after '+', where it
// may appear, the Go type its arguments parse into, and a one-sentence doc.
//
// Args is the zero value of the argument type. A struct with no fields is a
// flag (+name). A struct whose only field is named Value takes one bare value
// (+name=value). Any other struct takes named arguments (+name:arg=v,arg2=v);
// argument names are the field names in lowerCamel unless a `marker:"name"`
// tag renames them, and a field is optional when it is a pointer or tagged
// `marker:",optional"`.
type Definition struct {
	Name    string
	Targets Target
	Args    any
	Doc     string

	// Items marks the +kubebuilder:validation:items: variant of a schema
	// marker: the parsed value is wrapped in Items and applies to a list's items.
	Items bool
	// HashComments strips a trailing "# comment" from the argument text, as
	// gengo-style +k8s: tags allow.
	HashComments bool
	// Decode, when set, parses the argument text instead of the generic
	// argument syntax (for example +default, whose value is strict JSON).
	Decode func(args string) (any, error)
	// Syntax, when set, is the usage text for help output (for markers with
	// a Decode function).
	Syntax string
	// Foreign marks a marker that belongs to another generator. It is
	// accepted wherever it appears, its arguments are not checked, and it has
	// no effect on crdgen's output.
	Foreign bool
	// Repeatable marks a marker that may appear several times on one node,
	// each adding something (CEL rules, printer columns, list map keys).
	// Any other marker given twice with different values is a conflict.
	Repeatable bool
	// Readers are the generators that read the marker, by the names
	// crdgen generate's --generators takes; nil is every generator. A run
	// that asks for none of them does not report the marker's problems
	// (ReadBy): controller-gen's object line, say, never looks at a
	// validation marker.
	Readers []string
	// Caution, when set, says beside a did-you-mean that points at this
	// marker with the given value what that marker would do that the author
	// may not want (+kubebuilder:validation:UniqueItems=true is refused by
	// the server), or "" when nothing.
	Caution func(value any) string
	// K8sLevel, for a +k8s: tag of Kubernetes' declarative validation that
	// controller-gen v0.23.0 does not read, is the tag's stability level in
	// validation-gen ("stable", "beta" or "alpha"): in the types of a
	// package outside the main module the tag applies only when the
	// project opts in (schemagen.Options.K8sDependencies: "stable" takes
	// the stable tags, "all" every one). "" for every other marker.
	K8sLevel string

	spec *argSpec
}

// ReadBy reports whether a run of these generators (nil: every one) reads
// the marker.
func (d *Definition) ReadBy(generators []string) bool {
	if d.Readers == nil || generators == nil {
		return true
	}
	return slices.ContainsFunc(generators, func(g string) bool { return slices.Contains(d.Readers, g) })
}

// Items wraps the value of a +kubebuilder:validation:items: marker. Value is
// the value the marker of the same name without "items:" would have.
type Items struct {
	Value any
}

// Raw is the value of a foreign marker: its argument text, unparsed.
type Raw struct {
	Text string
}

// Registry holds marker definitions by name and target.
type Registry struct {
	byTarget map[Target]map[string]*Definition
	all      []*Definition
	// unknowns remembers what unknown found, by target and names: a tree
	// repeats the same foreign markers on many fields, and finding the
	// closest name is a search of every name.
	unknowns sync.Map
}

// NewRegistry checks the definitions and builds a registry. It fails on an
// empty name or doc, a duplicate (name, target) pair, a definition with no
// target, and an argument type the marker syntax cannot express.
func NewRegistry(defs ...Definition) (*Registry, error) {
	r := &Registry{byTarget: map[Target]map[string]*Definition{
		OnPackage: {}, OnType: {}, OnField: {},
	}}
	var errs []error
	for i := range defs {
		d := defs[i]
		if err := d.check(); err != nil {
			errs = append(errs, err)
			continue
		}
		for _, t := range []Target{OnPackage, OnType, OnField} {
			if d.Targets&t == 0 {
				continue
			}
			if _, dup := r.byTarget[t][d.Name]; dup {
				errs = append(errs, fmt.Errorf("marker %q is defined twice for %s", d.Name, t))
				continue
			}
			r.byTarget[t][d.Name] = &d
		}
		r.all = append(r.all, &d)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	slices.SortStableFunc(r.all, func(a, b *Definition) int { return strings.Compare(a.Name, b.Name) })
	return r, nil
}

func (d *Definition) check() error {
	switch {
	case d.Name == "":
		return fmt.Errorf("marker definition with no name (doc %q)", d.Doc)
	case strings.HasPrefix(d.Name, "+"):
		return fmt.Errorf("marker %q: name must not start with '+'", d.Name)
	case d.Doc == "":
		return fmt.Errorf("marker %q has no doc", d.Name)
	case d.Targets == 0:
		return fmt.Errorf("marker %q has no target", d.Name)
	case d.Args == nil && !d.Foreign:
		return fmt.Errorf("marker %q has no argument type", d.Name)
	}
	if d.Foreign {
		d.spec = &argSpec{typ: reflect.TypeFor[Raw]()}
		return nil
	}
	spec, err := newArgSpec(reflect.TypeOf(d.Args))
	if err != nil {
		return fmt.Errorf("marker %q: %w", d.Name, err)
	}
	d.spec = spec
	return nil
}

// Definitions returns every definition, sorted by name.
func (r *Registry) Definitions() []*Definition { return slices.Clone(r.all) }

// Lookup returns the definition of name for target, or nil.
func (r *Registry) Lookup(name string, target Target) *Definition {
	return r.byTarget[target][name]
}

// resolution is what a marker's text names: its definition and where its
// argument text starts.
type resolution struct {
	def *Definition
	// args is the argument text; argsOff its byte offset in the marker text.
	args    string
	argsOff int
	// segment is the last ':'-segment of the name when the definition was
	// found under the name without it; for a one-value marker it must be empty.
	segment    string
	segmentOff int
	// names are the candidate names tried, for diagnostics.
	names []string
}

// resolve finds the definition that a marker's text names for target.
// text starts with '+'. The part before the first '=' is looked up as a
// whole; when that fails and it contains ':', the part before the last ':'
// is looked up and the last segment becomes the first argument's name
// (+kubebuilder:printcolumn:name=Age,...). This is controller-gen's rule.
func (r *Registry) resolve(text string, target Target) resolution {
	body := text[1:]
	eq := strings.IndexByte(body, '=')
	if eq < 0 {
		res := resolution{def: r.Lookup(body, target), names: []string{body}}
		// Other generators' flags carry sub-names (+kubebuilder:scaffold:imports).
		for name := body; res.def == nil && strings.Contains(name, ":"); {
			name = name[:strings.LastIndexByte(name, ':')]
			if d := r.Lookup(name, target); d != nil && d.Foreign {
				res.def = d
			}
		}
		return res
	}
	whole := body[:eq]
	res := resolution{args: body[eq+1:], argsOff: 1 + eq + 1, names: []string{whole}}
	if def := r.Lookup(whole, target); def != nil {
		res.def = def
		return res
	}
	colon := strings.LastIndexByte(whole, ':')
	if colon < 0 {
		return res
	}
	prefix := whole[:colon]
	res.names = append(res.names, prefix)
	def := r.Lookup(prefix, target)
	if def == nil || def.singleValue() && r.definedElsewhere(whole, target) {
		// +k8s:deepcopy-gen:interfaces=... floating in a file (a package
		// marker) is that type marker misplaced, not +k8s:deepcopy-gen with
		// an argument it cannot take.
		return res
	}
	res.def = def
	res.segment, res.segmentOff = whole[colon+1:], 1+colon+1
	if !def.singleValue() {
		// The last segment names the first argument: "name=Age,..." is the
		// text from the segment on, which keeps offsets exact.
		res.args = body[colon+1:]
		res.argsOff = 1 + colon + 1
	}
	return res
}

// definedElsewhere reports whether name is defined for a target other than
// target.
func (r *Registry) definedElsewhere(name string, target Target) bool {
	for _, t := range []Target{OnPackage, OnType, OnField} {
		if t != target && r.Lookup(name, t) != nil {
			return true
		}
	}
	return false
}
