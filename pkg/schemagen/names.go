package schemagen

// This file implements checking the names of a group's CRDs against each
// other before any is built: two kinds whose CRDs would share a name, a
// plural, a singular, a short name or a kind would make one CRD silently
// replace the other in the output directory (same file name), or the API
// server refuse the second one's names (its naming controller sets
// NamesAccepted to false). Each such collision is an error at both kinds.

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/gobuffalo/flect"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// crdNames are the names a kind's CRD will have, and where they come from.
type crdNames struct {
	kind, listKind, plural, singular string
	shortNames                       []string
	// pos is the +kubebuilder:resource that names the CRD, or the kind.
	pos token.Position
}

// namesOf works out a CRD's names as buildCRD and applyResource set them
// (the first +kubebuilder:resource of the kind's versions wins there too).
func namesOf(kinds []*model.Kind) crdNames {
	k := kinds[0]
	n := crdNames{kind: k.Name, listKind: k.Name + "List", plural: strings.ToLower(flect.Pluralize(k.Name)),
		singular: strings.ToLower(k.Name), pos: k.Type.Pos}
	for _, k := range kinds {
		if r, m, ok := markers.First[markers.Resource](k.Type.Markers); ok {
			if r.Path != "" {
				n.plural = r.Path
			}
			if r.Singular != "" {
				n.singular = r.Singular
			}
			n.shortNames, n.pos = r.ShortName, m.Pos
			break
		}
	}
	return n
}

// checkNames reports the name collisions between a group's CRDs.
func (g *gen) checkNames(items []planItem) {
	type claim struct {
		names crdNames
		what  string
	}
	byGroup := map[*model.Group]map[string]claim{}
	for _, it := range items {
		n := namesOf(it.kinds)
		claims := byGroup[it.group]
		if claims == nil {
			claims = map[string]claim{}
			byGroup[it.group] = claims
		}
		// Resource names (plural, singular, short names) share one space,
		// as they do in kubectl; kinds and list kinds share another.
		add := func(space, name, what string) {
			if name == "" {
				return
			}
			key := space + "\x00" + name
			if prev, ok := claims[key]; ok && prev.names.kind != n.kind {
				g.diags.Add(markers.Diagnostic{Pos: n.pos, Code: markers.CodeCRD,
					Msg: fmt.Sprintf("%s %q of %s is also the %s of %s in group %s; the CRDs would collide (one file, or names the API server refuses)",
						what, name, n.kind, prev.what, prev.names.kind, it.group.Name),
					Related: []markers.Related{{Pos: prev.names.pos, Msg: fmt.Sprintf("%s's %s here", prev.names.kind, prev.what)}}})
				return
			}
			claims[key] = claim{names: n, what: what}
		}
		add("resource", n.plural, "plural")
		add("resource", n.singular, "singular")
		for _, s := range n.shortNames {
			add("resource", s, "short name")
		}
		add("kind", n.kind, "kind")
		add("kind", n.listKind, "list kind")
	}
}
