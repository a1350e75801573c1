package parser

// This file implements building the model from type-checked packages: every
// named type an API package declares, and everything those types reach.

import (
	"bytes"
	"errors"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// builder holds the state of one model build.
type builder struct {
	l        *loader
	reg      *markers.Registry
	pkgs     map[string]*model.Package
	syntax   map[string]*pkgSyntax // by package path
	depFiles map[string]*pkgSyntax // by directory
	types    map[string]*model.Type
	queue    []work
	// conflicts are where the conflicts of type and field markers were
	// reported, to be warnings on types no kind reaches (conflicts.go).
	conflicts map[token.Position]bool

	jsonMarshaler, textMarshaler *types.Interface
}

// work is a type whose shape is still to be read.
type work struct {
	t  *model.Type
	tt types.Type
}

func newBuilder(l *loader) *builder {
	return &builder{
		l:             l,
		reg:           l.opts.Registry,
		pkgs:          map[string]*model.Package{},
		syntax:        map[string]*pkgSyntax{},
		depFiles:      map[string]*pkgSyntax{},
		types:         map[string]*model.Type{},
		conflicts:     map[token.Position]bool{},
		jsonMarshaler: marshalerInterface("MarshalJSON"),
		textMarshaler: marshalerInterface("MarshalText"),
	}
}

// marshalerInterface builds interface{ <method>() ([]byte, error) }.
func marshalerInterface(method string) *types.Interface {
	bytes := types.NewSlice(types.Typ[types.Byte])
	errType := types.Universe.Lookup("error").Type()
	sig := types.NewSignatureType(nil, nil, nil, nil,
		types.NewTuple(types.NewVar(token.NoPos, nil, "", bytes), types.NewVar(token.NoPos, nil, "", errType)), false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, method, sig)}, nil).Complete()
}

func (b *builder) isTypeMarker(text string) bool    { return b.defines(text, markers.OnType) }
func (b *builder) isPackageMarker(text string) bool { return b.defines(text, markers.OnPackage) }

func (b *builder) defines(text string, t markers.Target) bool {
	_, err := b.reg.Parse(text, t)
	var ue *markers.UnknownError
	return !errors.As(err, &ue)
}

func (b *builder) build(api, commentOnly []*rootPkg) *model.Model {
	for _, r := range api {
		if r.tpkg == nil {
			continue
		}
		ps := newPkgSyntax(r.lp.Dir)
		if r.lp.Dir == "" && len(r.lp.GoFiles) > 0 {
			ps.dir = filepath.Dir(r.lp.GoFiles[0])
		}
		for _, f := range r.files {
			if f != nil {
				ps.add(f, b.isTypeMarker, b.isPackageMarker)
			}
		}
		ps.deepCopyObjects, ps.deepCopyIntos = r.deepCopyObjects, r.deepCopyIntos
		b.syntax[r.lp.ImportPath] = ps
		pkg := b.newPackage(r.tpkg, ps)
		pkg.Root = true
		pkg.Imports = b.imports(r)
		if len(r.files) > 0 && r.files[0] != nil {
			pkg.Pos = b.l.fset.Position(r.files[0].Package)
		}
	}
	for _, r := range commentOnly {
		b.commentPackage(r)
	}
	for _, r := range api {
		if r.tpkg == nil {
			continue
		}
		scope := r.tpkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
				b.typeFor(tn.Type())
			}
		}
	}
	for len(b.queue) > 0 {
		w := b.queue[0]
		b.queue = b.queue[1:]
		b.fill(w)
	}
	for _, r := range api {
		if ps := b.syntax[r.lp.ImportPath]; ps != nil && b.pkgs[r.lp.ImportPath].Local {
			b.warnIgnored(ps)
		}
		if pkg := b.pkgs[r.lp.ImportPath]; pkg != nil && r.tpkg != nil {
			pkg.Funcs = b.funcs(r)
			pkg.Vars = packageVars(r.tpkg)
		}
	}
	return b.assemble()
}

// packageVars returns the names of a package's package-level variables,
// sorted (Scope.Names is).
func packageVars(tp *types.Package) []string {
	var out []string
	for _, name := range tp.Scope().Names() {
		if _, ok := tp.Scope().Lookup(name).(*types.Var); ok {
			out = append(out, name)
		}
	}
	return out
}

// newPackage registers a package and reads its package-level markers.
func (b *builder) newPackage(tp *types.Package, ps *pkgSyntax) *model.Package {
	pkg := &model.Package{Path: model.GoImportPath(tp.Path()), Name: tp.Name()}
	if ps != nil {
		pkg.Dir = ps.dir
	}
	pkg.Local = b.l.isLocal(pkg.Dir)
	b.pkgs[tp.Path()] = pkg
	if ps != nil {
		ps.pkg, ps.tpkg = pkg, tp
		pkg.Markers = b.parseMarkers(ps.pkgMarkers, markers.OnPackage, pkg)
		b.checkGates(pkg.Markers, nil, "", token.Position{}, pkg)
	}
	if gn, _, ok := markers.First[markers.GroupName](pkg.Markers); ok {
		pkg.HasGroup = true
		pkg.Group = gn.Value
		pkg.Version = tp.Name()
		if vn, _, ok := markers.First[markers.VersionName](pkg.Markers); ok {
			pkg.Version = vn.Value
		}
	}
	pkg.Skip = markers.Has[markers.Skip](pkg.Markers)
	return pkg
}

// commentPackage adds a root that holds no API types (a controller, main):
// its package markers only, for the generators that read them (RBAC,
// webhooks). Markers of those generators that controller-gen loses (in a
// type's or a function's doc comment) are warned of.
func (b *builder) commentPackage(r *rootPkg) {
	ps := newPkgSyntax(r.lp.Dir)
	if r.lp.Dir == "" && len(r.lp.GoFiles) > 0 {
		ps.dir = filepath.Dir(r.lp.GoFiles[0])
	}
	for _, f := range r.files {
		if f != nil {
			ps.add(f, b.isTypeMarker, b.isPackageMarker)
		}
	}
	pkg := &model.Package{Path: model.GoImportPath(r.lp.ImportPath), Name: r.lp.Name, Dir: ps.dir, Root: true, CommentsOnly: true}
	pkg.Local = b.l.isLocal(pkg.Dir)
	pkg.Imports = b.imports(r)
	if len(r.files) > 0 && r.files[0] != nil {
		pkg.Pos = b.l.fset.Position(r.files[0].Package)
	}
	ps.pkg = pkg
	b.pkgs[r.lp.ImportPath] = pkg
	b.syntax[r.lp.ImportPath] = ps
	pkg.Markers = b.parseMarkers(ps.pkgMarkers, markers.OnPackage, pkg)
	if !pkg.Local {
		return
	}
	for _, raws := range ps.nodes {
		for _, raw := range raws {
			text, off := raw.text()
			if _, err := b.reg.Parse(text, markers.OnType); err == nil {
				continue
			}
			placed, err := b.reg.Parse(text, markers.OnPackage)
			if err == nil && lostLikeControllerGen(placed) && b.reads(placed.Def) {
				pos := b.l.fset.Position(raw.comment.Slash + token.Pos(off))
				b.l.diags.Warnf(pos, markers.CodeMarkerTarget, "+%s in a type's doc comment is lost, in controller-gen too; to make it count, put it in a comment of its own, separated from the declaration by a blank line", placed.Name)
			}
		}
	}
	b.warnIgnored(ps)
}

// imports lists what a root package's files import, with each imported
// package's own name.
func (b *builder) imports(r *rootPkg) []model.Import {
	var out []model.Import
	for _, path := range r.imports {
		name := ""
		if lp := b.l.listing.byPath[path]; lp != nil {
			name = lp.Name
		}
		out = append(out, model.Import{Path: model.GoImportPath(path), Name: name})
	}
	return out
}

// packageOf returns the package of a dependency type, with the syntax the
// source importer read of it (or, for a package it never read, the files
// in the directory of file).
func (b *builder) packageOf(tp *types.Package, file string) (*model.Package, *pkgSyntax) {
	if pkg, ok := b.pkgs[tp.Path()]; ok {
		return pkg, b.syntax[tp.Path()]
	}
	var ps *pkgSyntax
	if sp := b.l.src.syntaxOf(tp.Path()); sp != nil {
		ps = newPkgSyntax(sp.dir)
		for _, f := range sp.files {
			ps.add(f, b.isTypeMarker, b.isPackageMarker)
		}
		ps.pending = slices.Clone(sp.pending)
		b.depFiles[sp.dir] = ps
	} else if file != "" && filepath.IsAbs(file) {
		ps = b.depSyntax(filepath.Dir(file))
	}
	b.syntax[tp.Path()] = ps
	return b.newPackage(tp, ps), ps
}

// typeKey identifies a named type or alias, with its type arguments.
func typeKey(obj *types.TypeName, t types.Type) (string, string) {
	name := obj.Name()
	if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() > 0 {
		var args []string
		for a := range n.TypeArgs().Types() {
			args = append(args, types.TypeString(a, func(p *types.Package) string { return p.Name() }))
		}
		name += "[" + strings.Join(args, ",") + "]"
	}
	return obj.Pkg().Path() + "." + name, name
}

// typeFor returns the model type of a named type or alias, queueing its
// shape to be read.
func (b *builder) typeFor(t types.Type) *model.Type {
	var obj *types.TypeName
	switch x := t.(type) {
	case *types.Named:
		obj = x.Obj()
	case *types.Alias:
		obj = x.Obj()
	}
	key, name := typeKey(obj, t)
	if typ, ok := b.types[key]; ok {
		return typ
	}
	file := b.l.fset.Position(obj.Pos()).Filename
	pkg, ps := b.packageOf(obj.Pkg(), file)
	typ := &model.Type{
		Ident:   model.GoIdent{ImportPath: model.GoImportPath(obj.Pkg().Path()), Name: name},
		Package: pkg,
		Pos:     b.l.fset.Position(obj.Pos()),
	}
	_, typ.Alias = t.(*types.Alias)
	b.types[key] = typ
	pkg.Types = append(pkg.Types, typ)
	if n, ok := t.(*types.Named); ok {
		typ.DeepCopyInto = hasDeepCopyInto(n) || ps != nil && ps.deepCopyIntos[obj.Name()]
		typ.DeepCopyObject = hasMethod(n, "DeepCopyObject") || ps != nil && ps.deepCopyObjects[obj.Name()]
		typ.Manual = b.manualDeepCopy(n)
		typ.JSONMarshaler = implements(n, b.jsonMarshaler)
		typ.TextMarshaler = implements(n, b.textMarshaler)
	}
	if b.l.opts.WellKnown != nil && b.l.opts.WellKnown(typ.Ident) {
		typ.WellKnown = true
		// A schema stops at a well-known type; DeepCopy (AllFields) needs
		// its shape, whether it copies shallowly (intstr.IntOrString) or
		// not (metav1.ObjectMeta).
		if !b.l.opts.AllFields {
			return typ
		}
	}
	b.queue = append(b.queue, work{t: typ, tt: t})
	return typ
}

// fill reads a type's doc, markers and shape.
func (b *builder) fill(w work) {
	typ := w.t
	var obj *types.TypeName
	switch x := w.tt.(type) {
	case *types.Named:
		obj = x.Origin().Obj()
	case *types.Alias:
		obj = x.Obj()
	}
	ps := b.syntax[obj.Pkg().Path()]
	var ref specRef
	if ps != nil {
		var ok bool
		if ref, ok = ps.specs[obj.Name()]; !ok && len(ps.pending) > 0 {
			b.parseMore(ps)
			ref = ps.specs[obj.Name()]
		}
	}
	var specType ast.Expr
	synPS := ps
	if ref.spec != nil {
		typ.Pos = b.l.fset.Position(ref.spec.Name.Pos())
		doc := ref.spec.Doc
		if doc == nil && !ref.decl.Lparen.IsValid() {
			doc = ref.decl.Doc
		}
		typ.Doc = docText(doc)
		typ.Comments = b.gengoComments(ps, ref.spec.Name.Pos())
		typ.Markers = b.withOpenShift(b.parseMarkers(ps.nodes[ref.spec], markers.OnType, typ.Package), markers.OnType, typ.Package)
		gateway := b.gatewayMarkers(typ.Doc, typ.Pos, markers.OnType, typ.Package)
		b.checkGates(typ.Markers, gateway, typ.Doc, typ.Pos, typ.Package)
		typ.Markers = append(typ.Markers, gateway...)
		specType = ref.spec.Type
		if _, isStruct := w.tt.Underlying().(*types.Struct); isStruct {
			// type A pkg.B: the fields and their docs are B's.
			specType, synPS = b.structSyntax(ref, ps)
		}
	}
	switch x := w.tt.(type) {
	case *types.Alias:
		typ.Underlying = b.typeExpr(x.Rhs(), specType, synPS)
	case *types.Named:
		if ref.spec != nil && x.TypeArgs().Len() == 0 {
			typ.Base = b.baseOf(ref, ps)
		}
		typ.Underlying = b.typeExpr(x.Underlying(), specType, synPS)
		if markers.Has[markers.K8sEnum](typ.Markers) {
			b.l.src.constsOf(x.Obj().Pkg().Path(), x.Obj().Name())
			typ.EnumValues = enumValues(x)
		}
	}
}

// baseOf returns the named type (or alias) a type is declared over, as in
// "type Derived Base" or "type Derived pkg.Base", or nil when the
// declaration spells out a shape (a struct, a list, string...).
func (b *builder) baseOf(ref specRef, ps *pkgSyntax) *model.Type {
	var tp *types.Package
	var name string
	switch x := ast.Unparen(ref.spec.Type).(type) {
	case *ast.Ident:
		tp, name = ps.tpkg, x.Name
	case *ast.SelectorExpr:
		pkgIdent, ok := x.X.(*ast.Ident)
		if !ok {
			return nil
		}
		tp, name = b.importedPackage(ref.file, pkgIdent.Name), x.Sel.Name
	}
	if tp == nil {
		return nil
	}
	tn, ok := b.l.lookup(tp, name).(*types.TypeName)
	if !ok || tn.Pkg() == nil {
		return nil
	}
	switch tn.Type().(type) {
	case *types.Named, *types.Alias:
		return b.typeFor(tn.Type())
	}
	return nil
}

// hasDeepCopyInto reports whether *t has a method DeepCopyInto(*t).
func hasDeepCopyInto(t *types.Named) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, t.Obj().Pkg(), "DeepCopyInto")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && types.Identical(sig.Params().At(0).Type(), types.NewPointer(t)) && sig.Results().Len() == 0
}

// manualDeepCopy finds the DeepCopy methods a type declares by hand (not
// promoted, not from a generated file), as controller-gen's object
// generator tells them: DeepCopy() returning the receiver's type (a
// pointer for a pointer receiver), DeepCopyInto(*T) returning nothing; an
// interface's own DeepCopy counts too.
func (b *builder) manualDeepCopy(t *types.Named) model.ManualDeepCopy {
	var m model.ManualDeepCopy
	check := func(fn *types.Func, recv model.Receiver) {
		if !b.l.src.handWritten(fn) {
			return
		}
		sig := fn.Type().(*types.Signature)
		self := types.Type(t)
		if recv == model.PointerReceiver {
			self = types.NewPointer(t)
		}
		switch fn.Name() {
		case "DeepCopy":
			if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), self) {
				m.DeepCopy = recv
			}
		case "DeepCopyInto":
			if sig.Params().Len() == 1 && sig.Results().Len() == 0 && types.Identical(sig.Params().At(0).Type(), types.NewPointer(t)) {
				m.DeepCopyInto = recv
			}
		case "DeepCopyObject":
			m.DeepCopyObject = true
		}
	}
	for i := range t.NumMethods() {
		fn := t.Method(i)
		recv := model.ValueReceiver
		if _, ptr := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer); ptr {
			recv = model.PointerReceiver
		}
		check(fn, recv)
	}
	if it, ok := t.Underlying().(*types.Interface); ok {
		for i := range it.NumExplicitMethods() {
			check(it.ExplicitMethod(i), model.ValueReceiver)
		}
	}
	return m
}

// hasMethod reports whether t or *t has a method of the name.
func hasMethod(t *types.Named, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, t.Obj().Pkg(), name)
	_, ok := obj.(*types.Func)
	return ok
}

// deepCopyObjectRE finds "func (in *T) DeepCopyObject() runtime.Object {"
// in generated code.
var deepCopyObjectRE = regexp.MustCompile(`(?m)^func \(\w+ \*(\w+)\) DeepCopyObject\(\) `)

// deepCopyObjects returns the types a generated file gives a DeepCopyObject
// method, found without parsing it.
func deepCopyObjects(src []byte) []string {
	if !bytes.Contains(src, []byte(") DeepCopyObject() ")) {
		return nil
	}
	var out []string
	for _, m := range deepCopyObjectRE.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

func implements(t types.Type, iface *types.Interface) bool {
	return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
}

// enumValues returns the string constants of type t in its package.
func enumValues(t *types.Named) []string {
	scope := t.Obj().Pkg().Scope()
	var out []string
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if ok && types.Identical(c.Type(), t) && c.Val().Kind() == constant.String {
			out = append(out, constant.StringVal(c.Val()))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
