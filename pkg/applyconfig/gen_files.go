package applyconfig

// This file implements the two files every enabled package gets, even
// with no apply configuration type: utils.go (ForKind and
// NewTypeConverter) and internal/internal.go (the schema Extract and the
// type converter parse).

import (
	"path"

	"github.com/crdgen/crdgen/pkg/model"
)

const (
	managedFieldsPath = "k8s.io/apimachinery/pkg/util/managedfields"
	typedPath         = "sigs.k8s.io/structured-merge-diff/v6/typed"
)

// genUtils writes utils.go: ForKind maps each kind of the package (every
// type with an apply configuration) to a new apply configuration.
func (pl *plan) genUtils() *goFile {
	f := newGoFile(pl.out, path.Base(string(pl.out)))
	gvk := f.qual(model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/runtime/schema", Name: "GroupVersionKind"})
	f.p("\n// ForKind returns an apply configuration type for the given GroupVersionKind, or nil if no\n")
	f.p("// apply configuration type exists for the given GroupVersionKind.\n")
	f.p("func ForKind(kind %s) interface{} {\nswitch kind {\n", gvk)
	if len(pl.types) > 0 {
		group := pl.group
		if group == "" {
			group = "core"
		}
		f.p("// Group=%s, Version=%s\n", group, pl.version)
		for _, at := range pl.types {
			gv := f.qual(model.GoIdent{ImportPath: pl.pkg.Path, Name: "SchemeGroupVersion"})
			ac := f.qual(model.GoIdent{ImportPath: pl.ac, Name: public(at.t.Ident.Name) + acSuffix})
			f.p("case %s.WithKind(%q):\nreturn &%s{}\n", gv, public(at.t.Ident.Name), ac)
		}
		f.p("\n")
	}
	f.p("}\nreturn nil\n}\n")
	scheme := f.qual(model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/runtime", Name: "Scheme"})
	converter := f.qual(model.GoIdent{ImportPath: managedFieldsPath, Name: "TypeConverter"})
	newConverter := f.qual(model.GoIdent{ImportPath: managedFieldsPath, Name: "NewSchemeTypeConverter"})
	parser := f.qual(model.GoIdent{ImportPath: pl.out + "/internal", Name: "Parser"})
	f.p("\nfunc NewTypeConverter(scheme *%s) %s {\nreturn %s(scheme, %s())\n}\n", scheme, converter, newConverter, parser)
	return f
}

// genInternal writes internal/internal.go around the schema's YAML.
func (pl *plan) genInternal(schema []byte) *goFile {
	f := newGoFile(pl.out+"/internal", "internal")
	parser := f.qual(model.GoIdent{ImportPath: typedPath, Name: "Parser"})
	newParser := f.qual(model.GoIdent{ImportPath: typedPath, Name: "NewParser"})
	sprintf := f.qual(model.GoIdent{ImportPath: "fmt", Name: "Sprintf"})
	f.p("\nfunc Parser() *%s {\nparserOnce.Do(func() {\nvar err error\nparser, err = %s(schemaYAML)\n", parser, newParser)
	f.p("if err != nil {\npanic(%s(\"Failed to parse schema: %%v\", err))\n}\n})\nreturn parser\n}\n", sprintf)
	once := f.qual(model.GoIdent{ImportPath: "sync", Name: "Once"})
	object := f.qual(model.GoIdent{ImportPath: typedPath, Name: "YAMLObject"})
	f.p("\nvar parserOnce %s\nvar parser *%s\nvar schemaYAML = %s(`%s`)\n", once, parser, object, schema)
	return f
}
