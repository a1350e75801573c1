package convgen

// This file implements finding the work: every kind with two or more
// versions, its hub (the storage version) and its spokes, and the settings
// that come from package and kind markers.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Style is how the conversions are wired into controller-runtime.
type Style string

const (
	// StyleMethods adds controller-runtime's Hub, ConvertTo and ConvertFrom
	// methods to the API types (what kubebuilder scaffolds), on top of the
	// functions.
	StyleMethods Style = "methods"
	// StyleFunctions generates typed functions only, for
	// conversion.NewSpokeConverter (controller-runtime v0.23 and later); the
	// API packages do not import controller-runtime.
	StyleFunctions Style = "functions"
)

// styles lists the valid styles, for messages and did-you-mean.
func styles() []string { return []string{string(StyleFunctions), string(StyleMethods)} }

// kindConv is one kind with several versions: its hub and its spokes.
type kindConv struct {
	group string
	name  string
	hub   *model.Kind
	// spokes are the other versions, in version order.
	spokes []*model.Kind
	style  Style
	// adopt are the files of kubebuilder stubs that --adopt replaces: their
	// methods are as good as gone.
	adopt map[string]bool
}

// findKinds returns the kinds that need conversion, in group and kind order.
// Versions marked +kubebuilder:skipversion are not served and need none.
func (g *gen) findKinds(m *model.Model) []*kindConv {
	var out []*kindConv
	for _, group := range m.Groups {
		byName := map[string][]*model.Kind{}
		for _, v := range group.Versions {
			for _, k := range v.Kinds {
				if markers.Has[markers.SkipVersion](k.Type.Markers) {
					continue
				}
				byName[k.Name] = append(byName[k.Name], k)
			}
		}
		names := make([]string, 0, len(byName))
		for n := range byName {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, name := range names {
			if g.opts.Kept != nil && !kept(byName[name], g.opts.Kept) && !g.scaffolded(byName[name]) {
				continue
			}
			if kc := g.kindConv(group, byName[name]); kc != nil {
				out = append(out, kc)
			}
		}
	}
	return out
}

// kept reports whether a kind's conversions are ones the project already
// has of crdgen (Options.Kept): a version's package holds crdgen's files,
// or a version asks for them with +crdgen:conversion:generate.
func kept(versions []*model.Kind, has func(*model.Package) bool) bool {
	for _, k := range versions {
		if has(k.Package()) {
			return true
		}
	}
	return optedIn(versions)
}

// kindConv picks the hub of a kind's versions; nil when there is nothing to
// convert or the kind is marked +crdgen:conversion:skip.
func (g *gen) kindConv(group *model.Group, versions []*model.Kind) *kindConv {
	if len(versions) < 2 {
		return nil
	}
	for _, k := range versions {
		if markers.Has[markers.ConversionSkip](k.Type.Markers) {
			return nil
		}
	}
	kc := &kindConv{group: group.Name, name: versions[0].Name}
	if kc.name == g.opts.Adopt {
		g.adoptFound = true
	}
	for _, k := range versions {
		if markers.Has[markers.StorageVersion](k.Type.Markers) {
			if kc.hub != nil {
				// crdgen crd reports two storage versions; nothing to add.
				return nil
			}
			kc.hub = k
		}
	}
	if kc.hub == nil {
		g.diags.Errorf(versions[0].Type.Pos, markers.CodeConversion,
			"%s has %d versions and none is the storage version, which conversion uses as the hub; mark one with +kubebuilder:storageversion",
			kc.name, len(versions))
		return nil
	}
	for _, k := range versions {
		if k != kc.hub {
			kc.spokes = append(kc.spokes, k)
		}
	}
	for _, k := range append([]*model.Kind{kc.hub}, kc.spokes...) {
		if !g.checkKindShape(k) {
			return nil
		}
	}
	if g.leaveAlone(kc) {
		return nil
	}
	kc.style = g.kindStyle(kc)
	return kc
}

// checkKindShape reports a kind without the embedded TypeMeta and
// ObjectMeta that conversion sets and copies.
func (g *gen) checkKindShape(k *model.Kind) bool {
	st, ok := k.Type.Underlying.(*model.Struct)
	if !ok {
		return false
	}
	var hasType, hasMeta bool
	for _, f := range st.Fields {
		if !f.Embedded {
			continue
		}
		if n, ok := f.Type.(*model.Named); ok {
			switch n.Type.Ident {
			case typeMetaIdent():
				hasType = true
			case objectMetaIdent():
				hasMeta = true
			}
		}
	}
	if !hasType || !hasMeta {
		g.diags.Errorf(k.Type.Pos, markers.CodeConversion,
			"%s %s must embed metav1.TypeMeta and metav1.ObjectMeta to be converted", k.Version.Name, k.Name)
		return false
	}
	return true
}

func typeMetaIdent() model.GoIdent {
	return model.GoIdent{ImportPath: metav1Path, Name: "TypeMeta"}
}

func objectMetaIdent() model.GoIdent {
	return model.GoIdent{ImportPath: metav1Path, Name: "ObjectMeta"}
}

// kindStyle is the style of a kind: the option, else the
// +crdgen:conversion:style of its version packages (which must agree), else
// methods, what kubebuilder projects expect.
func (g *gen) kindStyle(kc *kindConv) Style {
	if g.opts.Style != "" {
		return g.opts.Style
	}
	var found *markers.Marker
	for _, k := range append([]*model.Kind{kc.hub}, kc.spokes...) {
		v, m, ok := markers.First[markers.ConversionStyle](k.Package().Markers)
		if !ok {
			continue
		}
		if !slices.Contains(styles(), v.Value) {
			msg := fmt.Sprintf("+crdgen:conversion:style=%s: want one of %s", v.Value, strings.Join(styles(), ", "))
			if s := markers.Suggest(v.Value, styles()); s != "" {
				msg += ", did you mean " + s
			}
			g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "%s", msg)
			continue
		}
		if found != nil && found.Value.(markers.ConversionStyle).Value != v.Value {
			g.diags.Add(markers.Diagnostic{Pos: m.Pos, Code: markers.CodeConversion,
				Msg:     fmt.Sprintf("+crdgen:conversion:style=%s in version %s differs from the other versions of %s", v.Value, k.Version.Name, kc.name),
				Related: []markers.Related{{Pos: found.Pos, Msg: "other +crdgen:conversion:style here"}}})
			continue
		}
		if found == nil {
			found = &m
		}
	}
	if found != nil {
		return Style(found.Value.(markers.ConversionStyle).Value)
	}
	return StyleMethods
}

// pkgKey orders packages by import path.
func pkgKey(a, b *model.Package) int { return cmp.Compare(a.Path, b.Path) }
