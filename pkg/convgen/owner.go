package convgen

// This file implements deciding who converts a kind: crdgen, or code the
// project already has. A kind whose versions convert by hand-written
// ConvertTo/ConvertFrom methods, or through conversion-gen (its
// +k8s:conversion-gen package marker, or hand-written Convert_ functions
// with conversion-gen's conversion.Scope argument), is left alone, so that
// nothing crdgen writes can make a package that compiled stop compiling,
// unless the kind opts in with +crdgen:conversion:generate.

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// scopePath is k8s.io/apimachinery's conversion package, whose Scope
// conversion-gen's functions take.
const scopePath = "k8s.io/apimachinery/pkg/conversion"

// existingConversion says where a kind's versions already convert, or
// returns ok false when they do not; stub is the kubebuilder stub that
// does, if it is one.
func (g *gen) existingConversion(kc *kindConv) (pos token.Position, why string, stub *Stub, ok bool) {
	for _, k := range append([]*model.Kind{kc.hub}, kc.spokes...) {
		if _, m, ok := markers.First[markers.K8sConversionGen](k.Package().Markers); ok {
			return m.Pos, fmt.Sprintf("package %s is converted by conversion-gen (+k8s:conversion-gen)", k.Package().Path), nil, true
		}
	}
	for _, k := range kc.spokes {
		for _, fn := range k.Package().Funcs {
			switch {
			case fn.Recv == kc.name && (fn.Name == "ConvertTo" || fn.Name == "ConvertFrom") && !kc.adopt[fn.File]:
				return fn.Pos, fmt.Sprintf("%s %s has a hand-written %s method", k.Version.Name, kc.name, fn.Name), g.stubOf(k, kc.hub), true
			case fn.Recv == "" && isScopeConvert(fn):
				return fn.Pos, fmt.Sprintf("package %s has conversion-gen's hand-written functions (%s takes a conversion.Scope)", k.Package().Path, fn.Name), nil, true
			}
		}
	}
	return token.Position{}, "", nil, false
}

// isScopeConvert reports whether a function is a Convert_ function with
// conversion-gen's signature: func(in *A, out *B, s conversion.Scope) error.
func isScopeConvert(fn *model.Func) bool {
	return strings.HasPrefix(fn.Name, "Convert_") && strings.HasSuffix(fn.Signature, ", "+scopePath+".Scope) error")
}

// optedIn reports whether a kind asks for generated conversions with
// +crdgen:conversion:generate, on one of its versions or their packages.
func optedIn(versions []*model.Kind) bool {
	for _, k := range versions {
		if markers.Has[markers.ConversionGenerate](k.Type.Markers) || markers.Has[markers.ConversionGenerate](k.Package().Markers) {
			return true
		}
	}
	return false
}

// leaveAlone reports whether crdgen generates nothing for a kind because
// its versions already convert, with one note saying why and how to opt in.
func (g *gen) leaveAlone(kc *kindConv) bool {
	for _, k := range append([]*model.Kind{kc.hub}, kc.spokes...) {
		if !k.Type.DeepCopyObject && !g.opts.Objects[k.Type.Ident] {
			// Hub() and ConvertTo/ConvertFrom, and the round-trip test, need
			// runtime.Objects: writing them would break the build.
			g.diags.Warnf(k.Type.Pos, markers.CodeConversionSkipped,
				"crdgen generates no conversion for %s (%s): %s %s has no DeepCopyObject method, so it is not a runtime.Object that controller-runtime can convert; generate its deepcopy functions first (the object generator: crdgen generate --generators with object, or controller-gen object)",
				kc.name, kc.group, k.Version.Name, kc.name)
			return true
		}
	}
	if g.opts.Adopt == kc.name && !g.adopt(kc) {
		return true // the error says why
	}
	pos, why, stub, ok := g.existingConversion(kc)
	opted := optedIn(append([]*model.Kind{kc.hub}, kc.spokes...))
	switch {
	case stub != nil && opted:
		g.diags.Warnf(stub.Pos, markers.CodeConversion, "%s", stubText(stub, "controller-runtime calls them, not crdgen's conversion (the round-trip test fails through them): crdgen conversion --adopt "+kc.name+" replaces them with crdgen's, or write the conversion in them"))
		return false
	case stub != nil:
		g.diags.Warnf(stub.Pos, markers.CodeConversionSkipped, "%s", stubText(stub, "crdgen generates no conversion for "+kc.name+" while they are there: crdgen conversion --adopt "+kc.name+" replaces them with crdgen's (while they are still the scaffold's text), or write the conversion in them"))
		g.alone = append(g.alone, aloneKind{kc: kc, why: why})
		return true
	}
	if !ok || opted {
		return false
	}
	g.diags.Warnf(pos, markers.CodeConversionSkipped,
		"crdgen generates no conversion for %s (%s): %s; to have crdgen generate it (hand-written methods and functions are kept and called), mark the kind +crdgen:conversion:generate",
		kc.name, kc.group, why)
	g.alone = append(g.alone, aloneKind{kc: kc, why: why})
	return true
}

// aloneSpoke returns the kind left to its hand-written conversions that
// has a spoke in a package, or nil.
func (g *gen) aloneSpoke(p *model.Package) *aloneKind {
	for i, a := range g.alone {
		for _, s := range a.kc.spokes {
			if s.Package() == p {
				return &g.alone[i]
			}
		}
	}
	return nil
}

// usesScope reports whether a spoke package's hand-written Convert_
// functions take conversion-gen's conversion.Scope, so that the functions
// crdgen generates there take it too (and pass it along): hand-written
// ones call autoConvert_ functions with it.
func usesScope(p *model.Package) bool {
	for _, fn := range p.Funcs {
		if fn.Recv == "" && isScopeConvert(fn) {
			return true
		}
	}
	return false
}
