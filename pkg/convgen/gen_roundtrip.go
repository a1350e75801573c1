package convgen

// This file implements emitting the round-trip test of a spoke package:
// thousands of random objects converted spoke -> hub -> spoke and
// hub -> spoke -> hub must come back unchanged (the hub's extra fields
// through the conversion-data annotation), the empty object included.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

const (
	randfillPath   = "sigs.k8s.io/randfill"
	schemaPath     = "k8s.io/apimachinery/pkg/runtime/schema"
	intstrPath     = "k8s.io/apimachinery/pkg/util/intstr"
	runtimePath    = "k8s.io/apimachinery/pkg/runtime"
	apiextv1Path   = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	roundTripCount = 2000
)

// genRoundTripTests emits the test file of a spoke package.
func genRoundTripTests(f *jen.File, pps []*pkgPair, fuzzer string) {
	f.ImportName(randfillPath, "randfill")
	f.ImportAlias("k8s.io/apimachinery/pkg/apis/meta/fuzzer", "metafuzzer")
	var kps []*kindPair
	for _, pp := range pps {
		kps = append(kps, pp.kinds...)
	}
	slices.SortFunc(kps, func(a, b *kindPair) int { return strings.Compare(a.kc.name, b.kc.name) })
	reach := dropReach(pps)
	for _, kp := range kps {
		genKindTest(f, kp, reach)
	}
	genRoundTripHelpers(f)
	genClearers(f, reach)
	genFiller(f, pps, fuzzer)
}

func gvk(group, version, kind string) jen.Code {
	return jen.Qual(schemaPath, "GroupVersionKind").Values(jen.Dict{
		jen.Id("Group"): jen.Lit(group), jen.Id("Version"): jen.Lit(version), jen.Id("Kind"): jen.Lit(kind),
	})
}

func genKindTest(f *jen.File, kp *kindPair, reach map[*model.Type]bool) {
	name := "Test" + kp.kc.name + "ConversionRoundTrip"
	sv, hv := kp.spoke.Version.Name, kp.hub.Version.Name
	doc(f, "%s converts random %s objects to the hub, %s, and back, and random %s objects to %s and back, and checks that nothing changes on the way.", name, sv, hv, hv, sv)
	spoke, hub := qual(kp.spoke.Type), qual(kp.hub.Type)
	f.Func().Id(name).Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
		jen.Id("crdgenRoundTrip").Call(jen.Id("t"), jen.Id("crdgenPair").Types(jen.Op("*").Add(spoke.Clone()), jen.Op("*").Add(hub.Clone())).Values(jen.Dict{
			jen.Id("spoke"):    jen.Func().Params().Op("*").Add(spoke.Clone()).Block(jen.Return(jen.Op("&").Add(spoke.Clone()).Values())),
			jen.Id("hub"):      jen.Func().Params().Op("*").Add(hub.Clone()).Block(jen.Return(jen.Op("&").Add(hub.Clone()).Values())),
			jen.Id("spokeGVK"): gvk(kp.kc.group, sv, kp.kc.name),
			jen.Id("hubGVK"):   gvk(kp.kc.group, hv, kp.kc.name),
			jen.Id("toHub"):    testedToHub(kp),
			jen.Id("fromHub"):  testedFromHub(kp),
			jen.Id("clear"):    clearer(kp, reach),
		})),
	)
	f.Line()
}

// testedToHub is the conversion to the hub the round trip tests: a
// hand-written ConvertTo when the spoke has one (controller-runtime calls
// it, so a stub that copies only metadata must fail the test), else the
// generated function. As controller-runtime's webhook does, the method
// gets a destination whose apiVersion and kind are already set.
func testedToHub(kp *kindPair) jen.Code {
	if !kp.kc.declares(kp.spoke.Package(), kp.kc.name, "ConvertTo") {
		return jen.Id(toHubName(kp))
	}
	return jen.Func().Params(jen.Id("_").Qual("context", "Context"), jen.Id("src").Op("*").Add(qual(kp.spoke.Type)), jen.Id("dst").Op("*").Add(qual(kp.hub.Type))).Error().Block(
		jen.Id("dst").Dot("SetGroupVersionKind").Call(gvk(kp.kc.group, kp.hub.Version.Name, kp.kc.name)),
		jen.Return(jen.Id("src").Dot("ConvertTo").Call(jen.Id("dst"))),
	)
}

// testedFromHub is testedToHub's other direction, with ConvertFrom.
func testedFromHub(kp *kindPair) jen.Code {
	if !kp.kc.declares(kp.spoke.Package(), kp.kc.name, "ConvertFrom") {
		return jen.Id(fromHubName(kp))
	}
	return jen.Func().Params(jen.Id("_").Qual("context", "Context"), jen.Id("src").Op("*").Add(qual(kp.hub.Type)), jen.Id("dst").Op("*").Add(qual(kp.spoke.Type))).Error().Block(
		jen.Id("dst").Dot("SetGroupVersionKind").Call(gvk(kp.kc.group, kp.spoke.Version.Name, kp.kc.name)),
		jen.Return(jen.Id("dst").Dot("ConvertFrom").Call(jen.Id("src"))),
	)
}

// clearer is the function that zeroes a spoke kind's dropped fields, or a
// function that does nothing.
func clearer(kp *kindPair, reach map[*model.Type]bool) jen.Code {
	if reach[kp.spoke.Type] {
		return jen.Id(clearName(kp.spoke.Type))
	}
	return jen.Func().Params(jen.Op("*").Add(qual(kp.spoke.Type))).Block()
}

// genRoundTripHelpers emits the generic round trip shared by the kinds.
func genRoundTripHelpers(f *jen.File) {
	doc(f, "crdgenObject is what the round trip needs of an API object.")
	f.Type().Id("crdgenObject").Interface(
		jen.Qual(runtimePath, "Object"),
		jen.Id("GetAnnotations").Params().Map(jen.String()).String(),
		jen.Id("SetAnnotations").Params(jen.Map(jen.String()).String()),
	)
	f.Line()
	doc(f, "crdgenPair is a spoke kind and its hub, with the conversions between them.")
	f.Type().Id("crdgenPair").Types(jen.List(jen.Id("S"), jen.Id("H")).Id("crdgenObject")).Struct(
		jen.Id("spoke").Func().Params().Id("S"),
		jen.Id("hub").Func().Params().Id("H"),
		jen.List(jen.Id("spokeGVK"), jen.Id("hubGVK")).Qual(schemaPath, "GroupVersionKind"),
		jen.Id("toHub").Func().Params(jen.Qual("context", "Context"), jen.Id("S"), jen.Id("H")).Error(),
		jen.Id("fromHub").Func().Params(jen.Qual("context", "Context"), jen.Id("H"), jen.Id("S")).Error(),
		jen.Comment("clear zeroes the spoke's +crdgen:conversion:drop fields."),
		jen.Id("clear").Func().Params(jen.Id("S")),
	)
	f.Line()
	doc(f, "crdgenRoundTrips is how many random objects each direction converts; -short converts fewer.")
	f.Const().Id("crdgenRoundTrips").Op("=").Lit(roundTripCount)
	f.Line()
	doc(f, "crdgenRoundTrip converts the empty object and then random ones both ways round.")
	f.Func().Id("crdgenRoundTrip").Types(jen.List(jen.Id("S"), jen.Id("H")).Id("crdgenObject")).Params(jen.Id("t").Op("*").Qual("testing", "T"), jen.Id("p").Id("crdgenPair").Types(jen.Id("S"), jen.Id("H"))).Block(
		jen.Id("n").Op(":=").Id("crdgenRoundTrips"),
		jen.If(jen.Qual("testing", "Short").Call()).Block(jen.Id("n").Op("=").Lit(100)),
		jen.Id("t").Dot("Run").Call(jen.Lit("spoke to hub and back"), jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
			jen.Id("crdgenRoundTripOne").Call(jen.Id("t"), jen.Id("n"), jen.Id("p").Dot("spoke"), jen.Id("p").Dot("hub"), jen.Id("p").Dot("spokeGVK"), jen.Id("p").Dot("hubGVK"), jen.False(), jen.Id("p").Dot("clear"), jen.Id("p").Dot("toHub"), jen.Id("p").Dot("fromHub")),
		)),
		jen.Id("t").Dot("Run").Call(jen.Lit("hub to spoke and back"), jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
			jen.Id("crdgenRoundTripOne").Call(jen.Id("t"), jen.Id("n"), jen.Id("p").Dot("hub"), jen.Id("p").Dot("spoke"), jen.Id("p").Dot("hubGVK"), jen.Id("p").Dot("spokeGVK"), jen.True(), jen.Func().Params(jen.Id("H")).Block(), jen.Id("p").Dot("fromHub"), jen.Id("p").Dot("toHub")),
		)),
	)
	f.Line()
	genRoundTripOne(f)
}

func genRoundTripOne(f *jen.File) {
	fatal := func(format string, args ...jen.Code) jen.Code {
		return jen.Id("t").Dot("Fatalf").Call(append([]jen.Code{jen.Lit(format), jen.Id("i")}, args...)...)
	}
	semantic := func(a, b string) *jen.Statement {
		return jen.Qual("k8s.io/apimachinery/pkg/api/equality", "Semantic").Dot("DeepEqual").Call(jen.Id(a), jen.Id(b))
	}
	diff := func(a, b string) jen.Code {
		return jen.Qual("k8s.io/apimachinery/pkg/util/diff", "Diff").Call(jen.Id(a), jen.Id(b))
	}
	hubObj := func(name string) jen.Code {
		return jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id(name).Dot("GetAnnotations").Call().Index(jen.Id("crdgenDataAnnotation")), jen.Id("ok")).Block(
			fatal("object %d: the hub object carries the %s annotation", jen.Id("crdgenDataAnnotation")),
		)
	}
	va, vb := jen.Id("gvkA").Dot("Version"), jen.Id("gvkB").Dot("Version")
	doc(f, "crdgenRoundTripOne converts n objects of type A to B and back; object 0 is empty. Conversion must leave its input alone, A must come back as it was (a spoke without the conversion-data annotation), and the hub must never carry that annotation.")
	f.Func().Id("crdgenRoundTripOne").Types(jen.List(jen.Id("A"), jen.Id("B")).Id("crdgenObject")).Params(
		jen.Id("t").Op("*").Qual("testing", "T"), jen.Id("n").Int(), jen.Id("newA").Func().Params().Id("A"), jen.Id("newB").Func().Params().Id("B"),
		jen.List(jen.Id("gvkA"), jen.Id("gvkB")).Qual(schemaPath, "GroupVersionKind"), jen.Id("hubIsA").Bool(), jen.Id("clear").Func().Params(jen.Id("A")),
		jen.Id("there").Func().Params(jen.Qual("context", "Context"), jen.Id("A"), jen.Id("B")).Error(),
		jen.Id("back").Func().Params(jen.Qual("context", "Context"), jen.Id("B"), jen.Id("A")).Error(),
	).Block(
		jen.Id("ctx").Op(":=").Qual("context", "Background").Call(),
		jen.Id("filler").Op(":=").Id("crdgenFiller").Call(),
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Id("n"), jen.Id("i").Op("++")).Block(
			jen.Id("orig").Op(":=").Id("newA").Call(),
			jen.If(jen.Id("i").Op(">").Lit(0)).Block(jen.Id("filler").Dot("Fill").Call(jen.Id("orig"))),
			jen.Id("clear").Call(jen.Id("orig")),
			jen.Id("orig").Dot("GetObjectKind").Call().Dot("SetGroupVersionKind").Call(jen.Id("gvkA")),
			jen.Id("crdgenDropData").Call(jen.Id("orig")),
			jen.Id("want").Op(":=").Id("orig").Dot("DeepCopyObject").Call(),
			jen.Id("mid").Op(":=").Id("newB").Call(),
			jen.If(jen.Err().Op(":=").Id("there").Call(jen.Id("ctx"), jen.Id("orig"), jen.Id("mid")), jen.Err().Op("!=").Nil()).Block(
				fatal("object %d: %s to %s: %v", va.Clone(), vb.Clone(), jen.Err()),
			),
			jen.If(jen.Op("!").Id("hubIsA")).Block(hubObj("mid")),
			jen.Id("got").Op(":=").Id("newA").Call(),
			jen.If(jen.Err().Op(":=").Id("back").Call(jen.Id("ctx"), jen.Id("mid"), jen.Id("got")), jen.Err().Op("!=").Nil()).Block(
				fatal("object %d: %s back to %s: %v", vb.Clone(), va.Clone(), jen.Err()),
			),
			jen.If(jen.Id("hubIsA")).Block(hubObj("got")),
			jen.Id("crdgenDropData").Call(jen.Id("got")),
			jen.If(jen.Op("!").Add(semantic("want", "orig"))).Block(
				fatal("object %d: converting to %s changed the input (-want +got):\n%s", vb.Clone(), diff("want", "orig")),
			),
			jen.If(jen.Op("!").Add(semantic("want", "got"))).Block(
				fatal("object %d: %s -> %s -> %s changed it (-want +got):\n%s", va.Clone(), vb.Clone(), va.Clone(), diff("want", "got")),
			),
		),
	)
	f.Line()
	doc(f, "crdgenDropData removes the conversion-data annotation, which is not part of what is compared.")
	f.Func().Id("crdgenDropData").Params(jen.Id("obj").Id("crdgenObject")).Block(
		jen.Id("a").Op(":=").Id("obj").Dot("GetAnnotations").Call(),
		jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("a").Index(jen.Id("crdgenDataAnnotation")), jen.Op("!").Id("ok")).Block(jen.Return()),
		jen.Id("a").Op("=").Qual("maps", "Clone").Call(jen.Id("a")),
		jen.Delete(jen.Id("a"), jen.Id("crdgenDataAnnotation")),
		jen.If(jen.Len(jen.Id("a")).Op("==").Lit(0)).Block(jen.Id("a").Op("=").Nil()),
		jen.Id("obj").Dot("SetAnnotations").Call(jen.Id("a")),
	)
	f.Line()
}

// genFiller emits the random object filler: apimachinery's fillers for
// metadata, values that survive JSON for the types that need it, zero values
// for dropped fields, and the package's own +crdgen:conversion:fuzzer.
func genFiller(f *jen.File, pps []*pkgPair, fuzzer string) {
	funcs := []jen.Code{
		fillFunc(jen.Qual(metav1Path, "Time"), jen.Op("*").Id("x").Op("=").Qual(metav1Path, "Unix").Call(jen.Int64().Call(jen.Id("c").Dot("Uint32").Call()), jen.Lit(0)).Dot("Rfc3339Copy").Call()),
	}
	uses := usedTypes(pps)
	if uses[model.GoIdent{ImportPath: metav1Path, Name: "MicroTime"}] {
		funcs = append(funcs, fillFunc(jen.Qual(metav1Path, "MicroTime"), jen.Op("*").Id("x").Op("=").Qual(metav1Path, "NewMicroTime").Call(
			jen.Qual("time", "Unix").Call(jen.Int64().Call(jen.Id("c").Dot("Uint32").Call()), jen.Int64().Call(jen.Id("c").Dot("Intn").Call(jen.Lit(1000000))).Op("*").Lit(1000)).Dot("UTC").Call())))
	}
	if uses[model.GoIdent{ImportPath: intstrPath, Name: "IntOrString"}] {
		funcs = append(funcs, fillFunc(jen.Qual(intstrPath, "IntOrString"),
			jen.If(jen.Id("c").Dot("Bool").Call()).Block(
				jen.Op("*").Id("x").Op("=").Qual(intstrPath, "FromInt32").Call(jen.Id("c").Dot("Int31").Call()),
				jen.Return(),
			),
			jen.Op("*").Id("x").Op("=").Qual(intstrPath, "FromString").Call(jen.Id("c").Dot("String").Call(jen.Lit(0)))))
	}
	rawJSON := []jen.Code{
		jen.List(jen.Id("data"), jen.Id("_")).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Map(jen.String()).String().Values(jen.Dict{jen.Lit("value"): jen.Id("c").Dot("String").Call(jen.Lit(0))})),
	}
	if uses[model.GoIdent{ImportPath: runtimePath, Name: "RawExtension"}] {
		funcs = append(funcs, fillFunc(jen.Qual(runtimePath, "RawExtension"), append(rawJSON, jen.Op("*").Id("x").Op("=").Qual(runtimePath, "RawExtension").Values(jen.Dict{jen.Id("Raw"): jen.Id("data")}))...))
	}
	if uses[model.GoIdent{ImportPath: apiextv1Path, Name: "JSON"}] {
		funcs = append(funcs, fillFunc(jen.Qual(apiextv1Path, "JSON"), append(rawJSON, jen.Op("*").Id("x").Op("=").Qual(apiextv1Path, "JSON").Values(jen.Dict{jen.Id("Raw"): jen.Id("data")}))...))
	}
	body := []jen.Code{
		jen.Id("funcs").Op(":=").Qual("k8s.io/apimachinery/pkg/apis/meta/fuzzer", "Funcs").Call(jen.Qual("k8s.io/apimachinery/pkg/runtime/serializer", "NewCodecFactory").Call(jen.Qual(runtimePath, "NewScheme").Call())),
		jen.Id("funcs").Op("=").Append(jen.Id("funcs"), jen.List(funcs...)),
	}
	if fuzzer != "" {
		body = append(body, jen.Id("funcs").Op("=").Append(jen.Id("funcs"), jen.Id(fuzzer).Call().Op("...")))
	}
	body = append(body, jen.Return(jen.Qual(randfillPath, "NewWithSeed").Call(jen.Lit(1)).Dot("NilChance").Call(jen.Lit(0.2)).
		Dot("NumElements").Call(jen.Lit(0), jen.Lit(3)).Dot("MaxDepth").Call(jen.Lit(16)).Dot("Funcs").Call(jen.Id("funcs").Op("..."))))
	comment := "crdgenFiller fills objects with random values that survive a trip through JSON, as the API server's objects do."
	if fuzzer != "" {
		comment += " It adds the package's " + fuzzer + " (+crdgen:conversion:fuzzer)."
	}
	doc(f, "%s", comment)
	f.Func().Id("crdgenFiller").Params().Op("*").Qual(randfillPath, "Filler").Block(body...)
	f.Line()
}

// fillFunc is a randfill function for type t: func(x *T, c randfill.Continue).
func fillFunc(t jen.Code, body ...jen.Code) jen.Code {
	return jen.Func().Params(jen.Id("x").Op("*").Add(t), jen.Id("c").Qual(randfillPath, "Continue")).Block(body...)
}

// dropReach returns the spoke types of the package pairs that hold a
// +crdgen:conversion:drop field, directly or inside a field of theirs.
func dropReach(pps []*pkgPair) map[*model.Type]bool {
	var types []*model.Type
	for _, pp := range pps {
		for _, p := range pp.order {
			types = append(types, p.spoke)
		}
	}
	reach := map[*model.Type]bool{}
	for changed := true; changed; {
		changed = false
		for _, t := range types {
			if reach[t] {
				continue
			}
			for _, f := range structFields(t) {
				if markers.Has[markers.ConversionDrop](f.Markers) || reaches(f.Type, reach) {
					reach[t], changed = true, true
					break
				}
			}
		}
	}
	return reach
}

// reaches reports whether a field type leads to a type in reach.
func reaches(t model.TypeExpr, reach map[*model.Type]bool) bool {
	switch x := unalias(t).(type) {
	case *model.Named:
		return reach[x.Type]
	case *model.Pointer:
		return reaches(x.Elem, reach)
	case *model.Slice:
		return reaches(x.Elem, reach)
	case *model.Array:
		return reaches(x.Elem, reach)
	case *model.Map:
		return reaches(x.Elem, reach)
	}
	return false
}

func clearName(t *model.Type) string { return "crdgenClear" + t.Ident.Name }

// genClearers emits, for every spoke type that holds a dropped field, a
// function that zeroes those fields: they cannot survive a round trip, so
// the test compares objects without them.
func genClearers(f *jen.File, reach map[*model.Type]bool) {
	var types []*model.Type
	for t := range reach {
		types = append(types, t)
	}
	slices.SortFunc(types, func(a, b *model.Type) int { return strings.Compare(a.Ident.Name, b.Ident.Name) })
	for _, t := range types {
		var body []jen.Code
		for _, fld := range structFields(t) {
			x := ptr("x").dot(fld.GoName)
			if markers.Has[markers.ConversionDrop](fld.Markers) {
				body = append(body, x.lhs().Op("=").Add(zeroValue(fld.Type)))
				continue
			}
			body = append(body, clearStmts(fld.Type, x, reach, 0)...)
		}
		doc(f, "%s zeroes the fields of a %s that conversion drops.", clearName(t), t.Ident.Name)
		f.Func().Id(clearName(t)).Params(jen.Id("x").Op("*").Add(qual(t))).Block(body...)
		f.Line()
	}
}

// clearStmts zeroes the dropped fields inside a value of type t.
func clearStmts(t model.TypeExpr, e expr, reach map[*model.Type]bool, depth int) []jen.Code {
	if !reaches(t, reach) {
		return nil
	}
	switch x := unalias(t).(type) {
	case *model.Named:
		return []jen.Code{jen.Id(clearName(x.Type)).Call(e.addr())}
	case *model.Pointer:
		return []jen.Code{jen.If(e.val().Op("!=").Nil()).Block(clearStmts(x.Elem, e.elem(), reach, depth)...)}
	case *model.Slice, *model.Array:
		i := loopVar(depth)
		return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(e.val())).Block(clearStmts(elemType(t), e.index(i), reach, depth+1)...)}
	case *model.Map:
		k, v := fmt.Sprintf("key%d", depth), fmt.Sprintf("val%d", depth)
		return []jen.Code{jen.For(jen.List(jen.Id(k), jen.Id(v)).Op(":=").Range().Add(e.val())).Block(
			append(clearStmts(x.Elem, id(v), reach, depth+1), e.val().Index(jen.Id(k)).Op("=").Id(v))...,
		)}
	}
	return nil
}

// zeroValue spells the zero value of a type.
func zeroValue(t model.TypeExpr) jen.Code {
	if b := basicOf(t); b != nil {
		switch b.Name {
		case "string":
			return jen.Lit("")
		case "bool":
			return jen.False()
		}
		return jen.Lit(0)
	}
	switch x := unalias(t).(type) {
	case *model.Pointer, *model.Slice, *model.Map, *model.Interface:
		return jen.Nil()
	case *model.Named:
		if _, ok := x.Type.Underlying.(*model.Struct); ok || x.Type.WellKnown {
			return qual(x.Type).Values()
		}
	}
	return jen.Op("*").New(typeCode(t))
}

// usedTypes lists the named types the package pairs' types reach.
func usedTypes(pps []*pkgPair) map[model.GoIdent]bool {
	out := map[model.GoIdent]bool{}
	var walk func(t model.TypeExpr)
	walk = func(t model.TypeExpr) {
		switch x := t.(type) {
		case *model.Named:
			if out[x.Type.Ident] {
				return
			}
			out[x.Type.Ident] = true
			if x.Type.Underlying != nil {
				walk(x.Type.Underlying)
			}
		case *model.Pointer:
			walk(x.Elem)
		case *model.Slice:
			walk(x.Elem)
		case *model.Array:
			walk(x.Elem)
		case *model.Map:
			walk(x.Key)
			walk(x.Elem)
		case *model.Struct:
			for _, f := range x.Fields {
				walk(f.Type)
			}
		}
	}
	for _, pp := range pps {
		for _, kp := range pp.kinds {
			walk(&model.Named{Type: kp.spoke.Type})
			walk(&model.Named{Type: kp.hub.Type})
		}
	}
	return out
}
