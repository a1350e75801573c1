package parser

// This file implements the source importer: the types the API packages use
// from their dependencies, built from the dependencies' source on demand,
// declaration by declaration, instead of from compiled export data. Export
// data needs the go command to compile every dependency first, which takes
// a minute with an empty build cache; a schema needs a few type
// declarations of a few packages.
//
// The importer gives go/types packages that hold only what is asked of them:
// the names the API packages refer to (found by scanning their files), and
// what those declarations reach in turn. Function bodies, variables and
// functions are never read, nor the types of unexported fields that are
// not embedded; methods only when their name matters to a schema or to
// conversion (JSON and text marshaling, deep copies). A name
// the importer does not build is undefined to the type-checker, which the
// loader ignores unless a field's type depends on it.

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"sync"
)

// methodsRead are the methods the importer gives dependency types: those a
// schema or a conversion looks for.
func methodsRead() []string {
	return []string{"MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText", "DeepCopyInto", "DeepCopy", "DeepCopyObject"}
}

// srcImporter builds dependency packages from source.
type srcImporter struct {
	fset    *token.FileSet
	overlay map[string][]byte
	// listed are the packages go list reported, by import path.
	listed map[string]*listedPkg
	pkgs   map[string]*srcPkg
	// wanted are the names the API packages use, by import path.
	wanted map[string]map[string]bool
	// warn reports a declaration the importer cannot build (nil: silent).
	warn func(pos token.Pos, msg string)
	// allFields builds the types of unexported fields too (Options.AllFields).
	allFields bool
	// generated are the methods the importer added from generated files
	// (a DeepCopyInto it found without parsing the file, or one of a
	// generated file parsed for another name): not hand-written.
	generated map[*types.Func]bool
	// store keeps what reading a package gave between runs (nil: none;
	// syntaxcache.go); keeping are the records being written.
	store   SyntaxStore
	keeping sync.WaitGroup
}

// srcPkg is a dependency package being built from source.
type srcPkg struct {
	path, name, dir string
	tpkg            *types.Package
	// files are the parsed files; pending the generated ones and those that
	// give nothing (skim.go) not parsed yet, read only when a declaration
	// is not in the others.
	files   []*ast.File
	pending []string
	specs   map[string]specRef
	consts  map[string]constRef
	// methods are method declarations by receiver type name.
	methods map[string][]*ast.FuncDecl
	// deepCopied are the types whose DeepCopyInto a generated file
	// declares (found without parsing it).
	deepCopied map[string]bool
	// generatedFiles are the generated files parsed (for a name the others
	// do not declare): their methods are not hand-written.
	generatedFiles map[*ast.File]bool
	// building guards against building a declaration twice.
	building map[string]bool
	// goFiles are the package's files, read on first need (read): a
	// package the API packages import only for function bodies (fmt,
	// html/template) is never read.
	goFiles []string
	read    bool
}

// constRef is a constant declaration: its spec, the index of the name, and
// the type and value it inherits in a const group.
type constRef struct {
	spec  *ast.ValueSpec
	index int
	typ   ast.Expr
	value ast.Expr
	file  *ast.File
	iota  int
}

func newSrcImporter(fset *token.FileSet, overlay map[string][]byte, listed map[string]*listedPkg) *srcImporter {
	return &srcImporter{fset: fset, overlay: overlay, listed: listed, pkgs: map[string]*srcPkg{}, wanted: map[string]map[string]bool{}}
}

// want records the names a file refers to in the packages it imports.
func (si *srcImporter) want(f *ast.File) {
	local := map[string]string{}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := ""
		if lp := si.listed[path]; lp != nil {
			name = lp.Name
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == "." {
			si.wantAll(path)
			continue
		}
		if name != "" && name != "_" {
			local[name] = path
		}
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			// Bodies are not type-checked; only the signature matters.
			ast.Inspect(fd.Type, func(n ast.Node) bool { return si.wantSel(n, local) })
			if fd.Recv != nil {
				ast.Inspect(fd.Recv, func(n ast.Node) bool { return si.wantSel(n, local) })
			}
			continue
		}
		ast.Inspect(d, func(n ast.Node) bool { return si.wantSel(n, local) })
	}
}

func (si *srcImporter) wantSel(n ast.Node, local map[string]string) bool {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return true
	}
	if x, ok := sel.X.(*ast.Ident); ok {
		if path, ok := local[x.Name]; ok {
			if si.wanted[path] == nil {
				si.wanted[path] = map[string]bool{}
			}
			si.wanted[path][sel.Sel.Name] = true
		}
	}
	return true
}

// wantAll asks for every exported type of a dot-imported package.
func (si *srcImporter) wantAll(path string) {
	p := si.pkg(path)
	if p == nil {
		return
	}
	si.readFiles(p)
	si.parsePending(p)
	if si.wanted[path] == nil {
		si.wanted[path] = map[string]bool{}
	}
	for name := range p.specs {
		if token.IsExported(name) {
			si.wanted[path][name] = true
		}
	}
}

// Import returns a package with the names the API packages use.
func (si *srcImporter) Import(path string) (*types.Package, error) {
	p := si.pkg(path)
	if p == nil {
		return nil, &importError{path: path}
	}
	for _, name := range slices.Sorted(maps.Keys(si.wanted[path])) {
		si.object(p, name)
	}
	return p.tpkg, nil
}

type importError struct{ path string }

func (e *importError) Error() string {
	return "could not import " + e.path + " (not listed by go list)"
}

// pkg returns a dependency package, reading its files on first use.
func (si *srcImporter) pkg(path string) *srcPkg {
	if p, ok := si.pkgs[path]; ok {
		return p
	}
	lp := si.listed[path]
	if lp == nil {
		si.pkgs[path] = nil
		return nil
	}
	p := &srcPkg{path: path, name: lp.Name, dir: lp.Dir, tpkg: types.NewPackage(path, lp.Name),
		specs: map[string]specRef{}, consts: map[string]constRef{}, methods: map[string][]*ast.FuncDecl{},
		deepCopied: map[string]bool{}, building: map[string]bool{}}
	p.tpkg.MarkComplete()
	p.goFiles = lp.GoFiles
	si.pkgs[path] = p
	return p
}

// object returns the type name or constant name in p, building it on first
// use; nil for anything else (functions, variables) or an unknown name.
func (si *srcImporter) object(p *srcPkg, name string) types.Object {
	if obj := p.tpkg.Scope().Lookup(name); obj != nil {
		return obj
	}
	si.readFiles(p)
	ref, ok := p.specs[name]
	if !ok {
		if c, ok := p.consts[name]; ok {
			return si.constant(p, name, c)
		}
		// Generated files are parsed only for a name the others do not
		// declare, and not for a predeclared one (string, int64, len): every
		// type expression asks for those, and parsing core/v1's
		// generated.pb.go for "string" was a fifth of the load. A generated
		// file that redeclares a predeclared name at package level is not
		// seen.
		if len(p.pending) > 0 && types.Universe.Lookup(name) == nil {
			si.parsePending(p)
			return si.object(p, name)
		}
		return nil
	}
	return si.typeName(p, ref)
}

// typeName builds a named type or alias from its declaration.
func (si *srcImporter) typeName(p *srcPkg, ref specRef) types.Object {
	ts := ref.spec
	pos := ts.Name.Pos()
	if ts.Assign.IsValid() {
		obj := types.NewTypeName(pos, p.tpkg, ts.Name.Name, nil)
		p.tpkg.Scope().Insert(obj)
		rhs := si.expr(p, ref.file, ts.Type, nil)
		types.NewAlias(obj, rhs)
		return obj
	}
	obj := types.NewTypeName(pos, p.tpkg, ts.Name.Name, nil)
	named := types.NewNamed(obj, nil, nil)
	p.tpkg.Scope().Insert(obj)
	var tparams map[string]*types.TypeParam
	if ts.TypeParams != nil {
		tparams = map[string]*types.TypeParam{}
		var list []*types.TypeParam
		for _, fld := range ts.TypeParams.List {
			for _, n := range fld.Names {
				tp := types.NewTypeParam(types.NewTypeName(n.Pos(), p.tpkg, n.Name, nil), nil)
				tparams[n.Name] = tp
				list = append(list, tp)
			}
		}
		named.SetTypeParams(list)
		for _, fld := range ts.TypeParams.List {
			c := si.expr(p, ref.file, fld.Type, tparams)
			for _, n := range fld.Names {
				tparams[n.Name].SetConstraint(c)
			}
		}
	}
	named.SetUnderlying(si.expr(p, ref.file, ts.Type, tparams).Underlying())
	si.methods(p, named)
	return obj
}

// methods adds the methods that matter to a named type: declared by hand,
// or DeepCopyInto from a generated file.
func (si *srcImporter) methods(p *srcPkg, named *types.Named) {
	name := named.Obj().Name()
	have := map[string]bool{}
	for _, fd := range p.methods[name] {
		fileOf := si.fileOf(p, fd.Pos())
		recvType := types.Type(named)
		if _, ptr := ast.Unparen(fd.Recv.List[0].Type).(*ast.StarExpr); ptr {
			recvType = types.NewPointer(named)
		}
		recvName := ""
		if len(fd.Recv.List[0].Names) > 0 {
			recvName = fd.Recv.List[0].Names[0].Name
		}
		recv := types.NewVar(fd.Recv.Pos(), p.tpkg, recvName, recvType)
		params := si.tuple(p, fileOf, fd.Type.Params)
		results := si.tuple(p, fileOf, fd.Type.Results)
		variadic := false
		if l := fd.Type.Params.List; len(l) > 0 {
			_, variadic = l[len(l)-1].Type.(*ast.Ellipsis)
		}
		sig := types.NewSignatureType(recv, nil, nil, params, results, variadic)
		fn := types.NewFunc(fd.Name.Pos(), p.tpkg, fd.Name.Name, sig)
		named.AddMethod(fn)
		if p.generatedFiles[fileOf] {
			si.markGenerated(fn)
		}
		have[fd.Name.Name] = true
	}
	if p.deepCopied[name] && !have["DeepCopyInto"] {
		ptr := types.NewPointer(named)
		sig := types.NewSignatureType(types.NewVar(token.NoPos, p.tpkg, "in", ptr), nil, nil,
			types.NewTuple(types.NewVar(token.NoPos, p.tpkg, "out", ptr)), nil, false)
		fn := types.NewFunc(token.NoPos, p.tpkg, "DeepCopyInto", sig)
		named.AddMethod(fn)
		si.markGenerated(fn)
	}
}

// markGenerated records a method that is not hand-written.
func (si *srcImporter) markGenerated(fn *types.Func) {
	if si.generated == nil {
		si.generated = map[*types.Func]bool{}
	}
	si.generated[fn] = true
}

// handWritten reports whether a method was declared by hand.
func (si *srcImporter) handWritten(fn *types.Func) bool { return !si.generated[fn] }

// fileOf returns the file of p that holds a position.
func (si *srcImporter) fileOf(p *srcPkg, pos token.Pos) *ast.File {
	for _, f := range p.files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// imported returns the package a file imports under a name.
func (si *srcImporter) imported(f *ast.File, name string) *srcPkg {
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := ""
		if imp.Name != nil {
			local = imp.Name.Name
		} else if lp := si.listed[path]; lp != nil {
			local = lp.Name
		}
		if local == name {
			return si.pkg(path)
		}
	}
	return nil
}

// constsOf builds the constants of a package that may be of the named
// type, for the enum values of that type: those declared with the type
// (A T = "a") and, as go/types types them, those declared without a type
// whose expression has it (C = A + "c", D = T(prefix + "d"), and in a
// group the names that repeat such an expression with their own iota).
// A constant can have the type only through an expression that names the
// type or another constant of it, so the rest are never evaluated.
func (si *srcImporter) constsOf(path, typeName string) {
	p := si.pkgs[path]
	if p == nil {
		return
	}
	si.readFiles(p)
	names := slices.Sorted(maps.Keys(p.consts))
	typed := map[string]bool{typeName: true}
	var build []string
	for _, name := range names {
		if id, ok := p.consts[name].typ.(*ast.Ident); ok && id.Name == typeName {
			typed[name] = true
			build = append(build, name)
		}
	}
	for grew := true; grew; {
		grew = false
		for _, name := range names {
			c := p.consts[name]
			if c.typ == nil && c.value != nil && !typed[name] && mentionsAny(c.value, typed) {
				typed[name] = true
				build = append(build, name)
				grew = true
			}
		}
	}
	slices.Sort(build)
	for _, name := range build {
		si.object(p, name)
	}
}

// mentionsAny reports whether an expression uses one of the names as an
// identifier of its own package (not as a selector's field: pkg.A).
func mentionsAny(e ast.Expr, names map[string]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			// pkg.Name names another package's declaration.
			return false
		case *ast.Ident:
			found = found || names[x.Name]
		}
		return !found
	})
	return found
}

// syntaxOf returns what the importer parsed of a package, for the doc
// comments and markers of its types; nil if it never read it.
func (si *srcImporter) syntaxOf(path string) *srcPkg {
	p := si.pkgs[path]
	if p != nil {
		si.readFiles(p)
	}
	return p
}
