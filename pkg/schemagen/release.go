package schemagen

// This file implements dropping raw schemas as a plan's CRDs are built: a
// named type's raw schema is needed only until the last CRD that reaches
// it is built. In a run with many API packages, each package's types are
// reached by a few of its CRDs, and holding every raw schema to the end was
// a third of the live heap (700 CRDs: 100 MB of 290).

import (
	"strings"
	"sync/atomic"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// rawUses counts, per named type, the CRDs still to be built that read its
// raw schema.
type rawUses struct {
	// reach are, per plan item, the types whose raw schemas its Build reads.
	reach [][]*model.Type
	left  map[*model.Type]*atomic.Int32
	done  []atomic.Bool
}

// countUses finds the types each CRD of the plan reaches through the raw
// schemas' references, as expanded follows them.
func (p *Plan) countUses() {
	g := p.g
	refsOf := map[*model.Type][]*model.Type{}
	direct := func(t *model.Type) []*model.Type {
		if refs, ok := refsOf[t]; ok {
			return refs
		}
		var refs []*model.Type
		if raw := g.raw[t]; raw != nil {
			schemapath.Walk(raw, func(s *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
				if s.Ref == nil || !strings.HasPrefix(*s.Ref, refPrefix) {
					return true
				}
				refs = append(refs, g.refs[strings.TrimPrefix(*s.Ref, refPrefix)])
				return false
			})
		}
		refsOf[t] = refs
		return refs
	}
	u := &rawUses{reach: make([][]*model.Type, len(p.items)), left: map[*model.Type]*atomic.Int32{},
		done: make([]atomic.Bool, len(p.items))}
	for i, item := range p.items {
		seen := map[*model.Type]bool{}
		var queue []*model.Type
		for _, k := range item.kinds {
			queue = append(queue, k.Type)
		}
		for len(queue) > 0 {
			t := queue[0]
			queue = queue[1:]
			if t == nil || seen[t] {
				continue
			}
			seen[t] = true
			u.reach[i] = append(u.reach[i], t)
			if u.left[t] == nil {
				u.left[t] = new(atomic.Int32)
			}
			u.left[t].Add(1)
			queue = append(queue, direct(t)...)
		}
	}
	p.uses = u
}

// Done says the caller will not build the i-th CRD again: the raw schemas
// no CRD still to be built reaches are dropped. Build panics for a CRD
// after its Done.
func (p *Plan) Done(i int) {
	if p.uses.done[i].Swap(true) {
		return
	}
	for _, t := range p.uses.reach[i] {
		if p.uses.left[t].Add(-1) == 0 {
			if raw := p.g.raw[t]; raw != nil {
				*raw = apiextv1.JSONSchemaProps{}
			}
		}
	}
}
