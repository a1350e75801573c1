package parser

// This file implements reading a declaration's marker comments into typed
// markers while the model is built, and reporting the ones that mean
// nothing where they are (lost as controller-gen loses them, or ignored).

import (
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// parseMarkers parses raw marker comments for target. Problems are reported
// only for the main module's packages: a dependency's markers are taken as
// they are, as controller-gen takes them.
func (b *builder) parseMarkers(raws []rawMarker, target markers.Target, pkg *model.Package) []markers.Marker {
	var out []markers.Marker
	for _, r := range raws {
		text, off := r.text()
		pos := b.l.fset.Position(r.comment.Slash + token.Pos(off))
		var m markers.Marker
		var err error
		if strings.HasPrefix(text, markers.WhenPrefix) {
			m, err = b.parseWhen(text, target)
		} else {
			m, err = b.reg.Parse(text, target)
		}
		if err != nil {
			if pkg.Local {
				b.markerError(m, err, pos, text, pkg)
			}
			continue
		}
		m.Pos = pos
		if pkg.Local && b.reads(m.Def) {
			for _, w := range m.Warnings {
				b.l.diags.Warnf(m.At(w.Offset), markers.CodeMarkerSyntax, "+%s: %s", m.Name, w.Msg)
			}
		}
		out = append(out, m)
	}
	if pkg.Local {
		b.checkConflicts(out, target)
	}
	return out
}

// reads reports whether a generator the run asks for reads markers of def
// (nil: a marker of no definition, which is everyone's).
func (b *builder) reads(def *markers.Definition) bool {
	return def == nil || def.ReadBy(b.l.opts.Generators)
}

// readsCRDs reports whether the run asks for the CRDs.
func (b *builder) readsCRDs() bool {
	return b.l.opts.Generators == nil || slices.Contains(b.l.opts.Generators, "crd")
}

// readsUnknown reports whether a generator the run asks for reads the
// marker an unknown one was meant to be: the one it suggests or, on the
// wrong kind of node, the one it is elsewhere.
func (b *builder) readsUnknown(ue *markers.UnknownError) bool {
	if ue.ValidOn != 0 {
		return b.reads(b.reg.Lookup(ue.Name, firstTarget(ue.ValidOn)))
	}
	name, _, _ := strings.Cut(ue.Suggestion, "=")
	for _, t := range []markers.Target{markers.OnPackage, markers.OnType, markers.OnField} {
		if d := b.reg.Lookup(name, t); d != nil {
			return b.reads(d)
		}
	}
	return true
}

func (b *builder) markerError(m markers.Marker, err error, pos token.Position, text string, pkg *model.Package) {
	var ue *markers.UnknownError
	var ae *markers.ArgError
	switch {
	case errors.As(err, &ue) && !b.readsUnknown(ue), errors.As(err, &ae) && !b.reads(m.Def):
		return
	case errors.As(err, &ue) && ue.ValidOn != 0:
		// A marker on the wrong kind of node. controller-gen ignores it
		// silently; crdgen says so, and stops only when its intent is lost.
		sev, msg := b.l.opts.UnknownMarkers, ue.Error()+" (controller-gen drops it silently)"
		placed, err := b.reg.Parse(text, firstTarget(ue.ValidOn))
		switch {
		case err == nil && lostLikeControllerGen(placed):
			// controller-gen loses these (controller-tools #551) and writes
			// its files without them; crdgen writes the same files, and
			// says how to make the marker count.
			sev, msg = markers.Warning, fmt.Sprintf("+%s in a %s's doc comment is lost, in controller-gen too; to make it count, put it in a comment of its own, separated from the declaration by a blank line", placed.Name, ue.Target)
		case err == nil && intentKept(placed, pkg):
			sev, msg = markers.Warning, ue.Error()+" (controller-gen ignores it too, and nothing is lost: "+intentKeptBecause(placed)+")"
		case err == nil && pkg.HasGroup:
			switch placed.Value.(type) {
			case markers.VersionName:
				msg += "; this package's version is " + pkg.Version
			case markers.GroupName:
				msg += "; this package's group is " + pkg.Group
			}
		}
		b.l.diags.Add(markers.Diagnostic{Pos: pos, Severity: sev, Code: markers.CodeMarkerTarget, Msg: msg})
	case errors.As(err, &ue):
		if !ue.Owned {
			return
		}
		b.l.diags.Add(markers.Diagnostic{Pos: pos, Severity: b.l.opts.UnknownMarkers, Code: markers.CodeUnknownMarker, Msg: ue.Error(), Fix: ue.Fix(pos, text)})
	case errors.As(err, &ae):
		at := pos
		if ae.Offset > 0 {
			at.Column += ae.Offset
			at.Offset += ae.Offset
		}
		b.l.diags.Errorf(at, markers.CodeMarkerSyntax, "+%s: %s", m.Name, ae.Msg)
	default:
		b.l.diags.Errorf(pos, markers.CodeMarkerSyntax, "%v", err)
	}
}

// lostLikeControllerGen reports whether a package marker that controller-gen
// loses on a type or field (its RBAC and webhook markers) is one: there
// crdgen warns, and writes the same files.
func lostLikeControllerGen(m markers.Marker) bool {
	switch m.Value.(type) {
	case markers.RBAC, markers.Webhook, markers.WebhookConfiguration, markers.ApplyConfigOutputPackage:
		return true
	}
	return false
}

// firstTarget returns one of the targets in t, package first.
func firstTarget(t markers.Target) markers.Target {
	for _, one := range []markers.Target{markers.OnPackage, markers.OnType, markers.OnField} {
		if t&one != 0 {
			return one
		}
	}
	return t
}

// intentKept reports whether a marker written on the wrong kind of node
// loses nothing by being ignored there: optionality is a field's (the
// field's own tag and markers decide it), and a +groupName or +versionName
// that says what the package says anyway.
func intentKept(m markers.Marker, pkg *model.Package) bool {
	switch v := m.Value.(type) {
	case markers.Optional, markers.Required, markers.K8sRequired, markers.KubebuilderOptional, markers.KubebuilderRequired:
		return true
	case markers.VersionName:
		return pkg.HasGroup && v.Value == pkg.Version
	case markers.GroupName:
		return pkg.HasGroup && v.Value == pkg.Group
	}
	return false
}

// intentKeptBecause says why an ignored marker loses nothing.
func intentKeptBecause(m markers.Marker) string {
	switch m.Value.(type) {
	case markers.VersionName, markers.GroupName:
		return "the package says the same"
	}
	return "a field's own markers and json tag decide whether it is optional"
}

// warnIgnored warns about markers crdgen reads that sit in doc comments
// nothing reads, such as a func's.
func (b *builder) warnIgnored(ps *pkgSyntax) {
	for _, r := range ps.ignored {
		text, off := r.text()
		pos := b.l.fset.Position(r.comment.Slash + token.Pos(off))
		for _, t := range []markers.Target{markers.OnPackage, markers.OnType, markers.OnField} {
			m, err := b.reg.Parse(text, t)
			if err != nil || m.Def.Foreign {
				continue
			}
			if !b.reads(m.Def) {
				break
			}
			hint := ""
			if t == markers.OnPackage {
				hint = "; to make it a package marker, separate it from the declaration with a blank line"
			}
			b.l.diags.Warnf(pos, markers.CodeMarkerIgnored,
				"+%s has no effect here: it is in the doc comment of a func, var, const, import or grouped type declaration%s", m.Name, hint)
			break
		}
	}
}
