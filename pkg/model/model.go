package model

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// GoImportPath is a Go package's import path.
type GoImportPath string

// GoIdent names a Go type: its package's import path and its name. The name
// of an instantiated generic type includes its type arguments (Box[string]).
type GoIdent struct {
	ImportPath GoImportPath
	Name       string
}

// String returns "import/path.Name".
func (id GoIdent) String() string { return string(id.ImportPath) + "." + id.Name }

// Model is everything crdgen knows about the API packages it loaded. It is
// built once by Load and is read-only afterwards.
type Model struct {
	// Groups are the API groups, sorted by name.
	Groups []*Group
	// Packages are every package that declares a type of the model, sorted
	// by import path: the API packages and the dependencies they use.
	Packages []*Package

	// SyntaxErrorFiles are the files that did not parse whole. What parsed
	// of them is in the model, so that their syntax errors hide nothing
	// else; any other problem reported in them may only follow from what
	// did not parse (see Consequence).
	SyntaxErrorFiles map[string]bool

	types map[GoIdent]*Type
}

// New returns an empty model whose Lookup finds types, the named types the
// model reaches. The parser fills in the rest before it hands the model out.
func New(types []*Type) *Model {
	m := &Model{types: make(map[GoIdent]*Type, len(types))}
	for _, t := range types {
		m.types[t.Ident] = t
	}
	return m
}

// Consequence reports whether a diagnostic may only follow from a syntax
// error: it is in a file that did not parse whole, and is not a syntax
// error itself.
func (m *Model) Consequence(d markers.Diagnostic) bool {
	return m != nil && m.SyntaxErrorFiles[d.Pos.Filename] && d.Code != markers.CodeGoLoad
}

// Lookup returns the type with the given identity, or nil.
func (m *Model) Lookup(id GoIdent) *Type { return m.types[id] }

// Kinds returns every kind of every group and version, in group, version
// and kind order.
func (m *Model) Kinds() []*Kind {
	var out []*Kind
	for _, g := range m.Groups {
		for _, v := range g.Versions {
			out = append(out, v.Kinds...)
		}
	}
	return out
}

// Group is one API group and its versions.
type Group struct {
	Name string
	// Versions are sorted by name as plain strings (controller-gen's order).
	Versions []*Version
}

// Version is one API version of a group. Its kinds may be declared in
// several Go packages with the same +groupName and version (cluster-api
// keeps experimental kinds in exp/api/v1beta2 beside api/v1beta2), as
// controller-gen allows; each kind's package is Kind.Type.Package.
type Version struct {
	Name  string
	Group *Group
	// Packages declare the version's kinds, sorted by import path.
	Packages []*Package
	// Kinds are sorted by name.
	Kinds []*Kind
}

// Kind is a root object type of a version: a struct that embeds
// metav1.TypeMeta and metav1.ObjectMeta, controller-gen's rule.
type Kind struct {
	Name    string
	Type    *Type
	Version *Version
}

// Package returns the Go package that declares the kind.
func (k *Kind) Package() *Package { return k.Type.Package }

// Package is a loaded Go package.
type Package struct {
	Path GoImportPath
	Name string
	Dir  string
	// Pos is the package clause of the package's first file.
	Pos token.Position
	// Markers are the package-level markers, in file and source order.
	Markers []markers.Marker
	// Root is true for packages matched by the command line's patterns.
	Root bool
	// Local is true for packages of the main module: their markers are
	// checked strictly. Markers of dependencies are taken as they are.
	Local bool
	// HasGroup is true when the package has a +groupName marker; Group and
	// Version are then its API group and version.
	HasGroup bool
	Group    string
	Version  string
	// Skip is true for packages marked +kubebuilder:skip.
	Skip bool
	// Types are the package's types in the model, sorted by name.
	Types []*Type
	// Funcs are the package's functions and methods, sorted by name; filled
	// for API packages only (conversion looks for hand-written ones).
	Funcs []*Func
	// Imports are the packages the package's files import, sorted by path,
	// each with its own package name (root packages only).
	Imports []Import
	// CommentsOnly is true for a package of the patterns that holds no API
	// types (a controller, a webhook, main): it is read for its package
	// markers (RBAC rules, webhooks) and has no Types.
	CommentsOnly bool
	// Vars are the names of the package-level variables, sorted (API
	// packages of the patterns only): the generated apply configurations
	// refer to SchemeGroupVersion.
	Vars []string
}

// Import is an imported package: its path and the name it declares.
type Import struct {
	Path GoImportPath
	Name string
}

// Func is a function or method declared in an API package.
type Func struct {
	Name string
	// Recv is the receiver's type name for a method ("" for a function).
	Recv string
	Pos  token.Position
	// Signature is a function's signature, without parameter names and with
	// package-qualified types ("" for a method):
	// "func(*example.com/api/v1alpha1.Pizza, *example.com/api/v1.Pizza) error".
	Signature string
	// File is the file the function is declared in.
	File string
}

// Type is a named Go type (or alias) that the model reaches.
type Type struct {
	Ident   GoIdent
	Package *Package
	Pos     token.Position
	// Doc is the doc comment with marker lines removed, formatted the way
	// controller-gen formats descriptions.
	Doc     string
	Markers []markers.Marker
	// Comments are the comment blocks above the declaration as
	// code-generator reads them (types of API packages of the patterns
	// only).
	Comments Comments
	// Underlying is the type's shape; nil for a well-known type (one the
	// caller asked not to walk into, such as metav1.Time).
	Underlying TypeExpr
	// Alias is true for alias declarations (type A = B); Underlying is then B.
	Alias bool
	// Base is the named type (or alias) a defined type is declared over:
	// Base for "type Derived Base" or "type Derived pkg.Base"; nil when the
	// declaration spells out a shape. Underlying is still the shape under
	// every name (what Go code converts); a schema is Base's with this
	// type's doc and markers on top, as controller-gen writes it.
	Base *Type
	// WellKnown is true for a well-known type, which the loader did not
	// walk into (Options.WellKnown).
	WellKnown bool
	// JSONMarshaler and TextMarshaler say whether the type (or a pointer to
	// it) implements json.Marshaler or encoding.TextMarshaler.
	JSONMarshaler bool
	TextMarshaler bool
	// DeepCopyInto is true when *T has a DeepCopyInto(*T) method, declared
	// in a file the load read or in the package's generated deepcopy file
	// (which the load leaves out of API packages).
	DeepCopyInto bool
	// DeepCopyObject is true when *T has a DeepCopyObject method, declared
	// in a file the load read or in the package's generated deepcopy file
	// (which the load leaves out): a kind is then a runtime.Object.
	DeepCopyObject bool
	// Manual are the DeepCopy methods the type declares by hand, in files
	// controller-gen's object generator sees (not generated ones), not
	// promoted from an embedded field.
	Manual ManualDeepCopy
	// EnumValues are the string constants of this type declared in its
	// package, sorted and without duplicates; filled only for types marked
	// +k8s:enum.
	EnumValues []string
}

// Comments are the comment blocks above a declaration, found by line the
// way k8s.io/gengo finds them rather than by go/ast's doc association.
// Closest is the block that ends on the line above the declared name.
// Detached is the block that ends two lines above Closest's first line (or
// above the name when there is no Closest): one blank line apart. Each is
// go/ast's CommentGroup.Text split into lines, marker lines included; nil
// when there is no such block.
type Comments struct {
	Closest, Detached []string
}

// ManualDeepCopy are a type's hand-written DeepCopy methods: DeepCopy()
// returning the receiver's type (a pointer for a pointer receiver),
// DeepCopyInto taking a pointer to the type and returning nothing, and
// DeepCopyObject.
type ManualDeepCopy struct {
	DeepCopy, DeepCopyInto Receiver
	DeepCopyObject         bool
}

// Receiver is how a method is declared: not at all, on the value, or on a
// pointer.
type Receiver uint8

// The receivers.
const (
	NoMethod Receiver = iota
	ValueReceiver
	PointerReceiver
)

// Field is a struct field.
type Field struct {
	// GoName is the Go field name; for an embedded field, the type's name.
	GoName string
	// JSONName is the name in the json tag, or "" for none (inline).
	JSONName string
	Pos      token.Position
	Doc      string
	Markers  []markers.Marker
	// Comments are the comment blocks above the field as code-generator
	// reads them (fields of API packages of the patterns only; Detached is
	// not filled).
	Comments Comments
	Type     TypeExpr
	// Embedded is true for an anonymous (embedded) field.
	Embedded bool
	// HasJSONTag is false when the field has no json tag at all.
	HasJSONTag bool
	// Ignored is true for json:"-".
	Ignored bool
	// Inline is true for json:",inline", and for an embedded field with no
	// JSON name: its fields are merged into the parent.
	Inline    bool
	OmitEmpty bool
	OmitZero  bool
	Exported  bool
	// JSONString is the json tag's ",string" option: encoding/json writes a
	// number or boolean (or a pointer to one) as a quoted string.
	JSONString bool
	// IgnoredJSONName is a name in the json tag that encoding/json does not
	// accept (a quote, a backslash, a control character), so it writes the
	// Go name instead; JSONName is then empty.
	IgnoredJSONName string
}

// TypeExpr is the shape of a Go type: one of *Basic, *Named, *Pointer,
// *Slice, *Array, *Map, *Struct, *Interface or *Unsupported.
type TypeExpr interface {
	// String prints the type the way Go source spells it.
	String() string
	isTypeExpr()
}

// Basic is a predeclared type such as int32 or string.
type Basic struct {
	// Name is the Go spelling: "int32", "string", "float64", "byte"...
	Name string
}

// Named refers to a named type or alias.
type Named struct{ Type *Type }

// Pointer is *Elem.
type Pointer struct{ Elem TypeExpr }

// Slice is []Elem.
type Slice struct{ Elem TypeExpr }

// Array is [Len]Elem.
type Array struct {
	Elem TypeExpr
	Len  int64
}

// Map is map[Key]Elem.
type Map struct{ Key, Elem TypeExpr }

// Struct is a struct type, named or anonymous.
type Struct struct{ Fields []*Field }

// Interface is an interface type; Empty is true for interface{} and any.
type Interface struct {
	Empty bool
	Desc  string
}

// Unsupported is a type crdgen cannot express (channels, functions, type
// parameters, complex numbers are Basic but also unsupported by schemas).
// Invalid is set for a type that does not type-check (an undefined name);
// Desc then says why.
type Unsupported struct {
	Desc    string
	Invalid bool
}

func (*Basic) isTypeExpr()       {}
func (*Named) isTypeExpr()       {}
func (*Pointer) isTypeExpr()     {}
func (*Slice) isTypeExpr()       {}
func (*Array) isTypeExpr()       {}
func (*Map) isTypeExpr()         {}
func (*Struct) isTypeExpr()      {}
func (*Interface) isTypeExpr()   {}
func (*Unsupported) isTypeExpr() {}

func (t *Basic) String() string { return t.Name }

func (t *Named) String() string {
	if t.Type.Package != nil && t.Type.Package.Name != "" {
		return t.Type.Package.Name + "." + t.Type.Ident.Name
	}
	return t.Type.Ident.String()
}
func (t *Pointer) String() string { return "*" + t.Elem.String() }
func (t *Slice) String() string   { return "[]" + t.Elem.String() }
func (t *Array) String() string {
	return "[" + strconv.FormatInt(t.Len, 10) + "]" + t.Elem.String()
}
func (t *Map) String() string { return "map[" + t.Key.String() + "]" + t.Elem.String() }
func (t *Struct) String() string {
	names := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		names[i] = f.GoName
	}
	return "struct{" + strings.Join(names, "; ") + "}"
}
func (t *Interface) String() string   { return t.Desc }
func (t *Unsupported) String() string { return t.Desc }

// IsInteger reports whether the basic type is an integer type.
func (t *Basic) IsInteger() bool {
	switch t.Name {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "byte", "rune":
		return true
	}
	return false
}

// IsFloat reports whether the basic type is float32 or float64.
func (t *Basic) IsFloat() bool { return t.Name == "float32" || t.Name == "float64" }

// IsUnsigned reports whether the basic type is an unsigned integer type.
func (t *Basic) IsUnsigned() bool {
	return strings.HasPrefix(t.Name, "uint") || t.Name == "byte"
}
