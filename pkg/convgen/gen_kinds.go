package convgen

// This file implements emitting what works on whole objects: the typed
// ConvertXToHub/ConvertXFromHub functions that controller-runtime's
// conversion.NewSpokeConverter takes, the Convertible and Hub methods of the
// methods style, and each kind's shape table for the conversion-data stash.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// genSpoke emits everything a package pair needs in the spoke package.
func (g *gen) genSpoke(f *jen.File, pp *pkgPair) {
	kps := slices.Clone(pp.kinds)
	slices.SortFunc(kps, func(a, b *kindPair) int { return strings.Compare(a.kc.name, b.kc.name) })
	for _, kp := range kps {
		genKindFuncs(f, kp)
		if kp.kc.style == StyleMethods {
			genMethods(f, kp)
		}
	}
	genPairs(f, pp)
	for _, kp := range kps {
		genShape(f, kp)
	}
}

func toHubName(kp *kindPair) string   { return "Convert" + kp.kc.name + "ToHub" }
func fromHubName(kp *kindPair) string { return "Convert" + kp.kc.name + "FromHub" }

// genKindFuncs emits the typed object conversions of one kind.
func genKindFuncs(f *jen.File, kp *kindPair) {
	root := kp.root
	spoke, hub := qual(kp.spoke.Type), qual(kp.hub.Type)
	sv, hv := kp.spoke.Version.Name, kp.hub.Version.Name
	typeMeta := func(v string) jen.Code {
		return jen.Id("dst").Dot("TypeMeta").Op("=").Qual(metav1Path, "TypeMeta").Values(jen.Dict{
			jen.Id("APIVersion"): jen.Lit(kp.kc.group + "/" + v),
			jen.Id("Kind"):       jen.Lit(kp.kc.name),
		})
	}
	call := func(name string, args ...jen.Code) jen.Code {
		return jen.If(jen.Err().Op(":=").Id(name).Call(args...), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	}
	doc(f, "%s converts a %s %s to the hub version, %s, and restores from the conversion-data annotation what %s cannot hold; a field set in %s wins over the annotation. Its signature is the one controller-runtime's conversion.NewSpokeConverter takes.",
		toHubName(kp), sv, kp.kc.name, hv, sv, sv)
	f.Func().Id(toHubName(kp)).Params(jen.Id("_").Qual("context", "Context"), jen.Id("src").Op("*").Add(spoke), jen.Id("dst").Op("*").Add(hub)).Error().Block(
		call(root.toHub.name(), convArgs(root.pp, jen.Nil(), jen.Id("src"), jen.Id("dst"))...),
		typeMeta(hv),
		jen.Return(jen.Id("crdgenRestore").Call(jen.Id("dst"), jen.Op("&").Id("dst").Dot("ObjectMeta"))),
	)
	f.Line()
	doc(f, "%s converts a %s %s from the hub version to %s, and keeps what %s cannot hold in the conversion-data annotation. Its signature is the one controller-runtime's conversion.NewSpokeConverter takes.",
		fromHubName(kp), hv, kp.kc.name, sv, sv)
	f.Func().Id(fromHubName(kp)).Params(jen.Id("_").Qual("context", "Context"), jen.Id("src").Op("*").Add(hub), jen.Id("dst").Op("*").Add(spoke)).Error().Block(
		call(root.fromHub.name(), convArgs(root.pp, jen.Nil(), jen.Id("src"), jen.Id("dst"))...),
		typeMeta(sv),
		jen.Comment("What comes back from "+sv+" is what "+sv+" holds; the rest goes in the annotation."),
		jen.Id("back").Op(":=").Op("&").Add(qual(kp.hub.Type)).Values(),
		call(root.toHub.name(), convArgs(root.pp, jen.Nil(), jen.Id("dst"), jen.Id("back"))...),
		jen.Return(jen.Id("crdgenStash").Call(jen.Id("src"), jen.Id("back"), jen.Op("&").Id("dst").Dot("ObjectMeta"), jen.Id(shapeName(kp)))),
	)
	f.Line()
}

// declares reports whether a package declares a method on a type, outside
// the kubebuilder stubs being adopted (which the run removes).
func (kc *kindConv) declares(p *model.Package, recv, name string) bool {
	return slices.ContainsFunc(p.Funcs, func(fn *model.Func) bool { return fn.Recv == recv && fn.Name == name && !kc.adopt[fn.File] })
}

// genMethods emits controller-runtime's Convertible methods on a spoke
// kind, except those the package already declares by hand.
func genMethods(f *jen.File, kp *kindPair) {
	p, name := kp.spoke.Package(), kp.kc.name
	hub := qual(kp.hub.Type)
	hv := kp.hub.Version.Name
	check := func(v string) jen.Code {
		return jen.List(jen.Id(v), jen.Id("ok")).Op(":=").Id(v + "Raw").Assert(jen.Op("*").Add(hub.Clone()))
	}
	fail := func(v string) jen.Code {
		return jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Qual("fmt", "Errorf").Call(
			jen.Lit(fmt.Sprintf("%s %s converts through *%s.%s, not %%T", kp.spoke.Version.Name, name, kp.hub.Package().Name, name)), jen.Id(v+"Raw"))))
	}
	if !kp.kc.declares(p, name, "ConvertTo") {
		doc(f, "ConvertTo converts this %s to the hub version, %s (controller-runtime's conversion.Convertible).", name, hv)
		f.Func().Params(jen.Id("src").Op("*").Add(qual(kp.spoke.Type))).Id("ConvertTo").Params(jen.Id("dstRaw").Qual(conversionPath, "Hub")).Error().Block(
			check("dst"), fail("dst"),
			jen.Return(jen.Id(toHubName(kp)).Call(jen.Qual("context", "Background").Call(), jen.Id("src"), jen.Id("dst"))),
		)
		f.Line()
	}
	if !kp.kc.declares(p, name, "ConvertFrom") {
		doc(f, "ConvertFrom converts the hub version, %s, to this %s (controller-runtime's conversion.Convertible).", hv, name)
		f.Func().Params(jen.Id("dst").Op("*").Add(qual(kp.spoke.Type))).Id("ConvertFrom").Params(jen.Id("srcRaw").Qual(conversionPath, "Hub")).Error().Block(
			check("src"), fail("src"),
			jen.Return(jen.Id(fromHubName(kp)).Call(jen.Qual("context", "Background").Call(), jen.Id("src"), jen.Id("dst"))),
		)
		f.Line()
	}
}

// genHubMethod emits Hub() on a hub kind (render leaves out the kinds
// whose package declares it).
func genHubMethod(f *jen.File, kc *kindConv) {
	doc(f, "Hub marks %s as the version %s converts through (controller-runtime's conversion.Hub).", kc.hub.Version.Name, kc.name)
	f.Func().Params(jen.Op("*").Add(qual(kc.hub.Type))).Id("Hub").Params().Block()
	f.Line()
}

func shapeName(kp *kindPair) string { return "crdgenShape" + kp.kc.name }

// genShape emits the table of the hub kind's map-keyed lists and maps, which
// the stash uses to match list items by key instead of by position.
func genShape(f *jen.File, kp *kindPair) {
	shapes := map[string]shape{}
	collectShapes(kp.hub.Type.Underlying, "", shapes, map[*model.Type]bool{})
	paths := make([]string, 0, len(shapes))
	for p := range shapes {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	var cases []jen.Code
	for _, p := range paths {
		s := shapes[p]
		d := jen.Dict{}
		if s.isMap {
			d[jen.Id("isMap")] = jen.True()
		}
		if len(s.keys) > 0 {
			keys := make([]jen.Code, len(s.keys))
			for i, k := range s.keys {
				keys[i] = jen.Lit(k)
			}
			d[jen.Id("keys")] = jen.Index().String().Values(keys...)
		}
		cases = append(cases, jen.Case(jen.Lit(p)).Block(jen.Return(jen.Id("crdgenShape").Values(d))))
	}
	doc(f, "%s says which places of a %s %s are map-keyed lists or maps (by path, with * for a map's values).", shapeName(kp), kp.hub.Version.Name, kp.kc.name)
	param := jen.Id("path")
	body := []jen.Code{jen.Switch(jen.Id("path")).Block(cases...), jen.Return(jen.Id("crdgenShape").Values())}
	if len(cases) == 0 {
		param = jen.Id("_")
		body = body[1:]
	}
	f.Func().Id(shapeName(kp)).Params(param.String()).Id("crdgenShape").Block(body...)
	f.Line()
}

type shape struct {
	keys  []string
	isMap bool
}

// collectShapes walks a type's fields and records map-keyed lists and maps
// by JSON path; list items share their list's path.
func collectShapes(t model.TypeExpr, path string, out map[string]shape, onStack map[*model.Type]bool) {
	collectField(t, nil, path, out, onStack)
}

func collectField(t model.TypeExpr, f *model.Field, path string, out map[string]shape, onStack map[*model.Type]bool) {
	var ms []markers.Marker
	if f != nil {
		ms = f.Markers
	}
	for {
		switch x := unalias(t).(type) {
		case *model.Pointer:
			t = x.Elem
			continue
		case *model.Named:
			if x.Type.WellKnown || x.Type.Underlying == nil || onStack[x.Type] {
				return
			}
			onStack[x.Type] = true
			defer delete(onStack, x.Type)
			ms = append(slices.Clone(ms), x.Type.Markers...)
			t = x.Type.Underlying
			continue
		case *model.Slice:
			if lt, _, ok := markers.First[markers.ListType](ms); ok && lt.Value == "map" {
				var keys []string
				for _, k := range markers.All[markers.ListMapKey](ms) {
					keys = append(keys, k.Value)
				}
				if len(keys) > 0 {
					out[path] = shape{keys: keys}
				}
			}
			collectField(x.Elem, nil, path, out, onStack)
		case *model.Map:
			out[path] = shape{isMap: true}
			collectField(x.Elem, nil, join(path, "*"), out, onStack)
		case *model.Struct:
			for _, sf := range x.Fields {
				if !sf.Exported || sf.Ignored {
					continue
				}
				if n, ok := sf.Type.(*model.Named); ok && (n.Type.Ident == typeMetaIdent() || n.Type.Ident == objectMetaIdent()) {
					continue
				}
				collectField(sf.Type, sf, join(path, pathStep(sf)), out, onStack)
			}
		}
		return
	}
}
