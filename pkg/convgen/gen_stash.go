package convgen

// This file implements emitting the conversion-data stash, once per spoke
// package. Converting a hub object to a spoke and back shows exactly what
// the spoke cannot hold; the stash keeps those values of the hub (by JSON
// path, map-keyed list items by key) in one annotation on the spoke object,
// with a hash of what the spoke view gave at that place. Converting the
// spoke back puts each value back unless the spoke now gives something else
// there: a field the client changed wins over the stash.
//
// The code is generated into each package rather than imported so that API
// packages need nothing but the standard library and apimachinery.

import (
	"github.com/dave/jennifer/jen"
)

// DataAnnotationName is the name part of the stash annotation; its prefix
// is the API group.
const DataAnnotationName = "crdgen-conversion-data"

// DataLimit is the most the stash annotation may hold, well below the API
// server's 256 KiB limit on all of an object's annotations together.
const DataLimit = 64 << 10

// genStashHelpers emits the stash and restore code of a spoke package.
func genStashHelpers(f *jen.File, pp *pkgPair) {
	f.Const().Defs(
		jen.Comment("crdgenDataAnnotation holds what a spoke object cannot, for the way back to the hub."),
		jen.Id("crdgenDataAnnotation").Op("=").Lit(pp.spoke.Group+"/"+DataAnnotationName),
		jen.Comment("crdgenDataLimit keeps the annotation well below the API server's 256 KiB limit for all annotations."),
		jen.Id("crdgenDataLimit").Op("=").Lit(DataLimit),
	)
	f.Line()
	genShapeType(f)
	genStash(f)
	genRestore(f)
	genJSON(f)
	genDiff(f)
	genKeyed(f)
	genApply(f)
	genSeen(f)
}

func genShapeType(f *jen.File) {
	doc(f, "crdgenShape says what the hub's schema makes of a place in an object: a list whose items are keyed by fields (listType=map), or a map.")
	f.Type().Id("crdgenShape").Struct(
		jen.Id("keys").Index().String(),
		jen.Id("isMap").Bool(),
	)
	f.Line()
	doc(f, "crdgenEntry is one value of the hub object that the spoke cannot hold: where it is (keys, and key fields for list items), the value or that there is none, and a hash of what the spoke view gives there.")
	f.Type().Id("crdgenEntry").Struct(
		jen.Id("Path").Index().Any().Tag(map[string]string{"json": "p"}),
		jen.Id("Value").Any().Tag(map[string]string{"json": "v,omitempty"}),
		jen.Id("Unset").Bool().Tag(map[string]string{"json": "u,omitempty"}),
		jen.Id("Seen").String().Tag(map[string]string{"json": "s,omitempty"}),
	)
	f.Line()
}

func errCheck(ret ...jen.Code) jen.Code {
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(ret...))
}

func genStash(f *jen.File) {
	meta := jen.Id("meta")
	doc(f, "crdgenStash records in meta's annotations what hub holds that the spoke cannot: the differences between hub and back, the hub object converted to the spoke and back again.")
	f.Func().Id("crdgenStash").Params(jen.List(jen.Id("hub"), jen.Id("back")).Any(), jen.Id("meta").Op("*").Qual(metav1Path, "ObjectMeta"), jen.Id("shape").Func().Params(jen.String()).Id("crdgenShape")).Error().Block(
		jen.List(jen.Id("want"), jen.Err()).Op(":=").Id("crdgenJSON").Call(jen.Id("hub")),
		errCheck(jen.Err()),
		jen.List(jen.Id("got"), jen.Err()).Op(":=").Id("crdgenJSON").Call(jen.Id("back")),
		errCheck(jen.Err()),
		jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Index().String().Values(jen.Lit("apiVersion"), jen.Lit("kind"), jen.Lit("metadata"))).Block(
			jen.Delete(jen.Id("want"), jen.Id("k")),
			jen.Delete(jen.Id("got"), jen.Id("k")),
		),
		jen.Var().Id("entries").Index().Id("crdgenEntry"),
		jen.Id("crdgenDiff").Call(jen.Op("&").Id("entries"), jen.Nil(), jen.Lit(""), jen.Id("want"), jen.Id("got"), jen.True(), jen.True(), jen.Id("shape")),
		jen.Id("annotations").Op(":=").Qual("maps", "Clone").Call(meta.Clone().Dot("Annotations")),
		jen.Delete(jen.Id("annotations"), jen.Id("crdgenDataAnnotation")),
		jen.If(jen.Len(jen.Id("entries")).Op(">").Lit(0)).Block(
			jen.List(jen.Id("data"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("entries")),
			errCheck(jen.Err()),
			jen.If(jen.Len(jen.Id("data")).Op(">").Id("crdgenDataLimit")).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(
					jen.Lit("%s/%s: the fields this version cannot hold take %d bytes of JSON, more than the %d the %s annotation may use"),
					jen.Id("meta").Dot("Namespace"), jen.Id("meta").Dot("Name"), jen.Len(jen.Id("data")), jen.Id("crdgenDataLimit"), jen.Id("crdgenDataAnnotation"))),
			),
			jen.If(jen.Id("annotations").Op("==").Nil()).Block(jen.Id("annotations").Op("=").Map(jen.String()).String().Values()),
			jen.Id("annotations").Index(jen.Id("crdgenDataAnnotation")).Op("=").String().Call(jen.Id("data")),
		),
		jen.If(jen.Len(jen.Id("annotations")).Op("==").Lit(0)).Block(jen.Id("annotations").Op("=").Nil()),
		jen.Id("meta").Dot("Annotations").Op("=").Id("annotations"),
		jen.Return(jen.Nil()),
	)
	f.Line()
}

func genRestore(f *jen.File) {
	doc(f, "crdgenRestore takes the conversion-data annotation off meta, which belongs to obj, and puts the values it holds back into obj, except where obj now has something else than the spoke had when they were stashed.")
	f.Func().Id("crdgenRestore").Params(jen.Id("obj").Any(), jen.Id("meta").Op("*").Qual(metav1Path, "ObjectMeta")).Error().Block(
		jen.List(jen.Id("data"), jen.Id("ok")).Op(":=").Id("meta").Dot("Annotations").Index(jen.Id("crdgenDataAnnotation")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil())),
		jen.Id("annotations").Op(":=").Qual("maps", "Clone").Call(jen.Id("meta").Dot("Annotations")),
		jen.Delete(jen.Id("annotations"), jen.Id("crdgenDataAnnotation")),
		jen.If(jen.Len(jen.Id("annotations")).Op("==").Lit(0)).Block(jen.Id("annotations").Op("=").Nil()),
		jen.Id("meta").Dot("Annotations").Op("=").Id("annotations"),
		jen.Var().Id("entries").Index().Id("crdgenEntry"),
		jen.Id("dec").Op(":=").Qual("encoding/json", "NewDecoder").Call(jen.Qual("strings", "NewReader").Call(jen.Id("data"))),
		jen.Id("dec").Dot("UseNumber").Call(),
		jen.If(jen.Err().Op(":=").Id("dec").Dot("Decode").Call(jen.Op("&").Id("entries")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%s/%s: annotation %s is not crdgen conversion data (remove it to drop what it held): %w"),
				jen.Id("meta").Dot("Namespace"), jen.Id("meta").Dot("Name"), jen.Id("crdgenDataAnnotation"), jen.Err())),
		),
		jen.List(jen.Id("root"), jen.Err()).Op(":=").Id("crdgenJSON").Call(jen.Id("obj")),
		errCheck(jen.Err()),
		jen.Id("applied").Op(":=").False(),
		jen.For(jen.List(jen.Id("_"), jen.Id("e")).Op(":=").Range().Id("entries")).Block(
			jen.Id("applied").Op("=").Id("crdgenApply").Call(jen.Id("root"), jen.Id("e")).Op("||").Id("applied"),
		),
		jen.If(jen.Op("!").Id("applied")).Block(jen.Return(jen.Nil())),
		jen.Comment("Decode into a zero object; metadata is kept as it was, not round-tripped through JSON."),
		jen.Id("saved").Op(":=").Id("meta").Dot("DeepCopy").Call(),
		jen.List(jen.Id("out"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("root")),
		errCheck(jen.Err()),
		jen.Qual("reflect", "ValueOf").Call(jen.Id("obj")).Dot("Elem").Call().Dot("SetZero").Call(),
		jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("out"), jen.Id("obj")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%s/%s: restoring from annotation %s: %w"),
				jen.Id("saved").Dot("Namespace"), jen.Id("saved").Dot("Name"), jen.Id("crdgenDataAnnotation"), jen.Err())),
		),
		jen.Op("*").Id("meta").Op("=").Op("*").Id("saved"),
		jen.Return(jen.Nil()),
	)
	f.Line()
}

func genJSON(f *jen.File) {
	doc(f, "crdgenJSON returns obj as a JSON object, numbers kept exact.")
	f.Func().Id("crdgenJSON").Params(jen.Id("obj").Any()).Params(jen.Map(jen.String()).Any(), jen.Error()).Block(
		jen.List(jen.Id("data"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("obj")),
		errCheck(jen.Nil(), jen.Err()),
		jen.Id("dec").Op(":=").Qual("encoding/json", "NewDecoder").Call(jen.Qual("bytes", "NewReader").Call(jen.Id("data"))),
		jen.Id("dec").Dot("UseNumber").Call(),
		jen.Var().Id("m").Map(jen.String()).Any(),
		jen.If(jen.Err().Op(":=").Id("dec").Dot("Decode").Call(jen.Op("&").Id("m")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("m"), jen.Nil()),
	)
	f.Line()
}

func genDiff(f *jen.File) {
	appendPath := func(seg jen.Code) jen.Code {
		return jen.Append(jen.Id("path").Index(jen.Empty(), jen.Len(jen.Id("path")), jen.Len(jen.Id("path"))), seg)
	}
	anyMap := func() *jen.Statement { return jen.Map(jen.String()).Any() }
	doc(f, "crdgenDiff adds an entry for every place where want (the hub) and got (the hub seen through the spoke) differ, as deep as want is an object (got may lack it) or a list keyed the same way in both.")
	f.Func().Id("crdgenDiff").Params(
		jen.Id("entries").Op("*").Index().Id("crdgenEntry"), jen.Id("path").Index().Any(), jen.Id("pattern").String(),
		jen.List(jen.Id("want"), jen.Id("got")).Any(), jen.List(jen.Id("wantOK"), jen.Id("gotOK")).Bool(),
		jen.Id("shape").Func().Params(jen.String()).Id("crdgenShape"),
	).Block(
		jen.List(jen.Id("w"), jen.Id("wIsMap")).Op(":=").Id("want").Assert(anyMap()),
		jen.List(jen.Id("g"), jen.Id("gIsMap")).Op(":=").Id("got").Assert(anyMap()),
		jen.If(jen.Id("wantOK").Op("&&").Id("wIsMap").Op("&&").Parens(jen.Id("gIsMap").Op("||").Op("!").Id("gotOK").Op("&&").Len(jen.Id("w")).Op(">").Lit(0))).Block(
			jen.Id("isMap").Op(":=").Id("shape").Call(jen.Id("pattern")).Dot("isMap"),
			jen.Id("keys").Op(":=").Qual("slices", "Collect").Call(jen.Qual("maps", "Keys").Call(jen.Id("w"))),
			jen.For(jen.Id("k").Op(":=").Range().Id("g")).Block(
				jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("w").Index(jen.Id("k")), jen.Op("!").Id("ok")).Block(
					jen.Id("keys").Op("=").Append(jen.Id("keys"), jen.Id("k")),
				),
			),
			jen.Qual("slices", "Sort").Call(jen.Id("keys")),
			jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Id("keys")).Block(
				jen.Id("child").Op(":=").Id("k"),
				jen.If(jen.Id("isMap")).Block(jen.Id("child").Op("=").Lit("*")),
				jen.If(jen.Id("pattern").Op("!=").Lit("")).Block(jen.Id("child").Op("=").Id("pattern").Op("+").Lit(".").Op("+").Id("child")),
				jen.List(jen.Id("wv"), jen.Id("wok")).Op(":=").Id("w").Index(jen.Id("k")),
				jen.List(jen.Id("gv"), jen.Id("gok")).Op(":=").Id("g").Index(jen.Id("k")),
				jen.Id("crdgenDiff").Call(jen.Id("entries"), appendPath(jen.Id("k")), jen.Id("child"), jen.Id("wv"), jen.Id("gv"), jen.Id("wok"), jen.Id("gok"), jen.Id("shape")),
			),
			jen.Return(),
		),
		jen.If(jen.Id("wantOK").Op("&&").Id("gotOK")).Block(
			jen.List(jen.Id("wl"), jen.Id("ok1")).Op(":=").Id("want").Assert(jen.Index().Any()),
			jen.List(jen.Id("gl"), jen.Id("ok2")).Op(":=").Id("got").Assert(jen.Index().Any()),
			jen.Id("keys").Op(":=").Id("shape").Call(jen.Id("pattern")).Dot("keys"),
			jen.If(jen.Id("ok1").Op("&&").Id("ok2").Op("&&").Len(jen.Id("keys")).Op(">").Lit(0).Op("&&").Id("crdgenKeyed").Call(jen.Id("wl"), jen.Id("gl"), jen.Id("keys"))).Block(
				jen.For(jen.Id("i").Op(":=").Range().Id("wl")).Block(
					jen.Id("item").Op(":=").Id("wl").Index(jen.Id("i")).Assert(anyMap()),
					jen.Id("sel").Op(":=").Add(anyMap()).Values(),
					jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Id("keys")).Block(
						jen.Id("sel").Index(jen.Id("k")).Op("=").Id("item").Index(jen.Id("k")),
					),
					jen.Id("crdgenDiff").Call(jen.Id("entries"), appendPath(jen.Id("sel")), jen.Id("pattern"), jen.Id("wl").Index(jen.Id("i")), jen.Id("gl").Index(jen.Id("i")), jen.True(), jen.True(), jen.Id("shape")),
				),
				jen.Return(),
			),
			jen.If(jen.Qual("reflect", "DeepEqual").Call(jen.Id("want"), jen.Id("got"))).Block(jen.Return()),
		).Else().If(jen.Op("!").Id("wantOK").Op("&&").Op("!").Id("gotOK")).Block(jen.Return()),
		jen.Id("e").Op(":=").Id("crdgenEntry").Values(jen.Dict{
			jen.Id("Path"):  jen.Id("path"),
			jen.Id("Unset"): jen.Op("!").Id("wantOK"),
			jen.Id("Seen"):  jen.Id("crdgenSeen").Call(jen.Id("got"), jen.Id("gotOK")),
		}),
		jen.If(jen.Id("wantOK")).Block(jen.Id("e").Dot("Value").Op("=").Id("want")),
		jen.Op("*").Id("entries").Op("=").Append(jen.Op("*").Id("entries"), jen.Id("e")),
	)
	f.Line()
}

func genKeyed(f *jen.File) {
	doc(f, "crdgenKeyed reports whether two lists hold objects with the same key fields in the same order, each key once: then their items can be compared one by one.")
	f.Func().Id("crdgenKeyed").Params(jen.List(jen.Id("want"), jen.Id("got")).Index().Any(), jen.Id("keys").Index().String()).Bool().Block(
		jen.If(jen.Len(jen.Id("want")).Op("!=").Len(jen.Id("got"))).Block(jen.Return(jen.False())),
		jen.Id("seen").Op(":=").Map(jen.String()).Bool().Values(),
		jen.For(jen.Id("i").Op(":=").Range().Id("want")).Block(
			jen.List(jen.Id("w"), jen.Id("ok1")).Op(":=").Id("want").Index(jen.Id("i")).Assert(jen.Map(jen.String()).Any()),
			jen.List(jen.Id("g"), jen.Id("ok2")).Op(":=").Id("got").Index(jen.Id("i")).Assert(jen.Map(jen.String()).Any()),
			jen.If(jen.Op("!").Id("ok1").Op("||").Op("!").Id("ok2")).Block(jen.Return(jen.False())),
			jen.Id("id").Op(":=").Index().Any().Values(),
			jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Id("keys")).Block(
				jen.List(jen.Id("wv"), jen.Id("ok1")).Op(":=").Id("w").Index(jen.Id("k")),
				jen.List(jen.Id("gv"), jen.Id("ok2")).Op(":=").Id("g").Index(jen.Id("k")),
				jen.If(jen.Op("!").Id("ok1").Op("||").Op("!").Id("ok2").Op("||").Op("!").Qual("reflect", "DeepEqual").Call(jen.Id("wv"), jen.Id("gv"))).Block(jen.Return(jen.False())),
				jen.Id("id").Op("=").Append(jen.Id("id"), jen.Id("wv")),
			),
			jen.Id("s").Op(":=").Id("crdgenSeen").Call(jen.Id("id"), jen.True()),
			jen.If(jen.Id("seen").Index(jen.Id("s"))).Block(jen.Return(jen.False())),
			jen.Id("seen").Index(jen.Id("s")).Op("=").True(),
		),
		jen.Return(jen.True()),
	)
	f.Line()
}

func genApply(f *jen.File) {
	anyMap := func() *jen.Statement { return jen.Map(jen.String()).Any() }
	last := func() *jen.Statement {
		return jen.Id("e").Dot("Path").Index(jen.Len(jen.Id("e").Dot("Path")).Op("-").Lit(1))
	}
	doc(f, "crdgenApply puts one stashed value back into root when its place holds what the spoke gave when the value was stashed, creating the objects on the way that are missing.")
	f.Func().Id("crdgenApply").Params(jen.Id("root").Add(anyMap()), jen.Id("e").Id("crdgenEntry")).Bool().Block(
		jen.List(jen.Id("cur"), jen.Id("present"), jen.Id("ok")).Op(":=").Id("crdgenLookup").Call(jen.Id("root"), jen.Id("e").Dot("Path")),
		jen.If(jen.Op("!").Id("ok").Op("||").Id("crdgenSeen").Call(jen.Id("cur"), jen.Id("present")).Op("!=").Id("e").Dot("Seen")).Block(jen.Return(jen.False())),
		jen.Var().Id("node").Any().Op("=").Id("root"),
		jen.For(jen.List(jen.Id("_"), jen.Id("seg")).Op(":=").Range().Id("e").Dot("Path").Index(jen.Empty(), jen.Len(jen.Id("e").Dot("Path")).Op("-").Lit(1))).Block(
			jen.If(jen.List(jen.Id("sel"), jen.Id("isSel")).Op(":=").Id("seg").Assert(anyMap()), jen.Id("isSel")).Block(
				jen.Id("node").Op("=").Id("crdgenFind").Call(jen.Id("node").Assert(jen.Index().Any()), jen.Id("sel")),
				jen.Continue(),
			),
			jen.Id("m").Op(":=").Id("node").Assert(anyMap()),
			jen.Id("key").Op(":=").Id("seg").Assert(jen.String()),
			jen.If(jen.List(jen.Id("_"), jen.Id("has")).Op(":=").Id("m").Index(jen.Id("key")), jen.Op("!").Id("has")).Block(
				jen.Id("m").Index(jen.Id("key")).Op("=").Add(anyMap()).Values(),
			),
			jen.Id("node").Op("=").Id("m").Index(jen.Id("key")),
		),
		jen.Id("m").Op(":=").Id("node").Assert(anyMap()),
		jen.If(jen.Id("e").Dot("Unset")).Block(
			jen.Delete(jen.Id("m"), last().Assert(jen.String())),
		).Else().Block(
			jen.Id("m").Index(last().Assert(jen.String())).Op("=").Id("e").Dot("Value"),
		),
		jen.Return(jen.True()),
	)
	f.Line()
	doc(f, "crdgenLookup finds the value at path. ok is false when the path cannot be followed (through something that is not an object, or to a list item that is gone); present is false when the value, or an object on the way, is missing.")
	f.Func().Id("crdgenLookup").Params(jen.Id("root").Add(anyMap()), jen.Id("path").Index().Any()).Params(jen.Id("value").Any(), jen.List(jen.Id("present"), jen.Id("ok")).Bool()).Block(
		jen.If(jen.Len(jen.Id("path")).Op("==").Lit(0)).Block(jen.Return(jen.Nil(), jen.False(), jen.False())),
		jen.Var().Id("node").Any().Op("=").Id("root"),
		jen.For(jen.List(jen.Id("i"), jen.Id("seg")).Op(":=").Range().Id("path")).Block(
			jen.Switch(jen.Id("s").Op(":=").Id("seg").Assert(jen.Type())).Block(
				jen.Case(jen.String()).Block(
					jen.List(jen.Id("m"), jen.Id("isMap")).Op(":=").Id("node").Assert(anyMap()),
					jen.If(jen.Op("!").Id("isMap")).Block(jen.Return(jen.Nil(), jen.False(), jen.False())),
					jen.List(jen.Id("v"), jen.Id("has")).Op(":=").Id("m").Index(jen.Id("s")),
					jen.If(jen.Op("!").Id("has")).Block(
						jen.Comment("Objects on the way are created when the value is put back, but list items are not."),
						jen.For(jen.List(jen.Id("_"), jen.Id("rest")).Op(":=").Range().Id("path").Index(jen.Id("i").Op("+").Lit(1), jen.Empty())).Block(
							jen.If(jen.List(jen.Id("_"), jen.Id("isKey")).Op(":=").Id("rest").Assert(jen.String()), jen.Op("!").Id("isKey")).Block(jen.Return(jen.Nil(), jen.False(), jen.False())),
						),
						jen.Return(jen.Nil(), jen.False(), jen.True()),
					),
					jen.Id("node").Op("=").Id("v"),
				),
				jen.Case(anyMap()).Block(
					jen.List(jen.Id("list"), jen.Id("isList")).Op(":=").Id("node").Assert(jen.Index().Any()),
					jen.If(jen.Op("!").Id("isList").Op("||").Id("i").Op("==").Len(jen.Id("path")).Op("-").Lit(1)).Block(jen.Return(jen.Nil(), jen.False(), jen.False())),
					jen.If(jen.Id("node").Op("=").Id("crdgenFind").Call(jen.Id("list"), jen.Id("s")), jen.Id("node").Op("==").Nil()).Block(jen.Return(jen.Nil(), jen.False(), jen.False())),
				),
				jen.Default().Block(jen.Return(jen.Nil(), jen.False(), jen.False())),
			),
		),
		jen.Return(jen.Id("node"), jen.True(), jen.True()),
	)
	f.Line()
	doc(f, "crdgenFind returns the item of a list that has the given key fields, or nil.")
	f.Func().Id("crdgenFind").Params(jen.Id("list").Index().Any(), jen.Id("sel").Add(anyMap())).Any().Block(
		jen.For(jen.List(jen.Id("_"), jen.Id("item")).Op(":=").Range().Id("list")).Block(
			jen.List(jen.Id("m"), jen.Id("ok")).Op(":=").Id("item").Assert(anyMap()),
			jen.Id("match").Op(":=").Id("ok"),
			jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Id("sel")).Block(
				jen.Id("match").Op("=").Id("match").Op("&&").Qual("reflect", "DeepEqual").Call(jen.Id("m").Index(jen.Id("k")), jen.Id("v")),
			),
			jen.If(jen.Id("match")).Block(jen.Return(jen.Id("item"))),
		),
		jen.Return(jen.Nil()),
	)
	f.Line()
}

func genSeen(f *jen.File) {
	doc(f, "crdgenSeen is a short hash of a JSON value, \"\" for no value.")
	f.Func().Id("crdgenSeen").Params(jen.Id("v").Any(), jen.Id("ok").Bool()).String().Block(
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Lit(""))),
		jen.List(jen.Id("data"), jen.Id("_")).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("v")),
		jen.Id("h").Op(":=").Qual("hash/fnv", "New64a").Call(),
		jen.Id("h").Dot("Write").Call(jen.Id("data")),
		jen.Return(jen.Qual("strconv", "FormatUint").Call(jen.Id("h").Dot("Sum64").Call(), jen.Lit(36))),
	)
	f.Line()
}
