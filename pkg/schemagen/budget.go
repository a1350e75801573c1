package schemagen

// This file implements a CRD's size: the limits it meets (kubectl apply's
// annotation, etcd's request), and the budget (Options.MaxCRDBytes) that
// descriptions are trimmed to. Trimming drops whole descriptions, never
// one below the top two levels of spec and status (what kubectl explain
// shows first): the deepest first, the largest first among those of one
// depth, then in version and path order, so the same CRD is always trimmed
// the same way. It never changes validation: only descriptions go.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crdsize"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// keptLevels is how many levels of properties keep their descriptions:
// the top-level field (spec, status) and two below it.
const keptLevels = 3

// checkSize measures a built CRD, trims it to the budget, and reports a
// CRD too large for kubectl apply or etcd, at its kind's Go type.
func (g *gen) checkSize(crd *CRD) {
	pos := crd.Kinds[0].Type.Pos
	size, err := crdsize.Measure(crd.Object)
	if err != nil {
		return // the YAML writer reports what cannot be encoded
	}
	name := crd.Object.Name
	if budget := g.opts.MaxCRDBytes; budget > 0 && size.Annotations > budget {
		var ok bool
		if size, ok = g.trim(crd, size, budget); !ok {
			return
		}
	}
	if size.JSON > crdsize.EtcdLimit {
		g.diags.Add(markers.Diagnostic{Pos: pos, Severity: g.opts.SizeLimits, Code: markers.CodeSize, Related: heaviestRelated(crd), Msg: fmt.Sprintf(
			"CRD %s is %s as JSON, over etcd's default request limit of %s: a cluster with etcd's defaults cannot store it; "+
				"leave out descriptions (+kubebuilder:skip:description, descriptions.omit in crdgen.yaml, --max-crd-bytes) or embed fewer upstream types, "+
				"or say --size-limits=warn for a cluster whose etcd takes more (see crdgen size)",
			name, crdsize.FormatBytes(size.JSON), crdsize.FormatBytes(crdsize.EtcdLimit))})
		return
	}
	if size.Annotations > crdsize.AnnotationsLimit {
		g.diags.Warnf(pos, markers.CodeSize,
			"CRD %s is too large for kubectl apply: its last-applied annotation would be %s, and annotations may hold %s in all; "+
				"apply it with kubectl apply --server-side (or create and replace), trim descriptions with --max-crd-bytes=256KiB, "+
				"or leave out those of embedded types (+kubebuilder:skip:description, descriptions.omit in crdgen.yaml; see crdgen size)",
			name, crdsize.FormatBytes(size.LastApplied), crdsize.FormatBytes(crdsize.AnnotationsLimit))
	}
}

// trimmable is a description the budget may drop.
type trimmable struct {
	version int
	path    schemapath.Path
	key     string
	// depth counts the properties above and at the node; saves is what
	// dropping it takes off the CRD's JSON.
	depth int
	saves int64
}

// trim drops descriptions until the CRD's annotations, kubectl apply's
// included (what the API server holds to 256 KiB), fit budget, and says
// what it dropped; ok is false when it cannot fit (an error, with where
// the bytes are).
func (g *gen) trim(crd *CRD, size crdsize.Size, budget int64) (crdsize.Size, bool) {
	pos := crd.Kinds[0].Type.Pos
	all := trimmables(crd.Object)
	before, dropped := size.Annotations, 0
	for size.Annotations > budget && dropped < len(all) {
		// Take what the estimate says is enough, then measure: a schema
		// whose only keyword was its description saves a byte less.
		need, batch := size.Annotations-budget, dropped
		for need > 0 && batch < len(all) {
			need -= all[batch].saves
			batch++
		}
		dropDescriptions(crd.Object, all[dropped:batch])
		dropped = batch
		var err error
		if size, err = crdsize.Measure(crd.Object); err != nil {
			return size, false
		}
	}
	if size.Annotations > budget {
		g.diags.Add(markers.Diagnostic{Pos: pos, Severity: g.opts.SizeLimits, Code: markers.CodeSize, Related: heaviestRelated(crd), Msg: fmt.Sprintf(
			"CRD %s cannot fit its budget of %s (--max-crd-bytes): without the %d descriptions below the top two levels of spec and status, "+
				"the annotations with kubectl apply's would still be %s; leave out more descriptions (+kubebuilder:skip:description) or embed fewer upstream types",
			crd.Object.Name, crdsize.FormatBytes(budget), dropped, crdsize.FormatBytes(size.Annotations))})
		return size, false
	}
	g.diags.Warnf(pos, markers.CodeSize, "CRD %s trimmed to its budget of %s (--max-crd-bytes): %d descriptions dropped, %s saved; with kubectl apply's, the annotations are %s",
		crd.Object.Name, crdsize.FormatBytes(budget), dropped, crdsize.FormatBytes(before-size.Annotations), crdsize.FormatBytes(size.Annotations))
	return size, true
}

// trimmables lists the descriptions the budget may drop, in the order it
// drops them.
func trimmables(obj *apiextv1.CustomResourceDefinition) []trimmable {
	var out []trimmable
	for i, v := range obj.Spec.Versions {
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		schemapath.Walk(v.Schema.OpenAPIV3Schema, func(s *apiextv1.JSONSchemaProps, at schemapath.Path) bool {
			depth := 0
			for _, seg := range at {
				if strings.HasPrefix(seg, "properties[") {
					depth++
				}
			}
			if s.Description != "" && depth > keptLevels {
				p := slices.Clone(at)
				out = append(out, trimmable{version: i, path: p, key: strings.Join(p, "\x00"), depth: depth, saves: crdsize.DescriptionLen(s.Description)})
			}
			return true
		})
	}
	slices.SortFunc(out, func(a, b trimmable) int {
		return cmp.Or(cmp.Compare(b.depth, a.depth), cmp.Compare(b.saves, a.saves), cmp.Compare(a.version, b.version), cmp.Compare(a.key, b.key))
	})
	return out
}

// dropDescriptions clears the descriptions of the listed nodes.
func dropDescriptions(obj *apiextv1.CustomResourceDefinition, list []trimmable) {
	byVersion := map[int]map[string]bool{}
	for _, t := range list {
		if byVersion[t.version] == nil {
			byVersion[t.version] = map[string]bool{}
		}
		byVersion[t.version][t.key] = true
	}
	for i, keys := range byVersion {
		schemapath.Edit(obj.Spec.Versions[i].Schema.OpenAPIV3Schema, func(s *apiextv1.JSONSchemaProps, at schemapath.Path) bool {
			if keys[strings.Join(at, "\x00")] {
				s.Description = ""
			}
			return true
		})
	}
}

// heaviestRelated names where a CRD's bytes are, for the error of one that
// cannot fit: its first version's heaviest subtrees and their Go source.
func heaviestRelated(crd *CRD) []markers.Related {
	r, err := crdsize.Build([]crdsize.Input{{Object: crd.Object, Origins: crd.sizeOrigins}}, nil)
	if err != nil || len(r.CRDs) == 0 || len(r.CRDs[0].Versions) == 0 {
		return nil
	}
	v := r.CRDs[0].Versions[0]
	var out []markers.Related
	for _, s := range v.Heaviest[:min(len(v.Heaviest), 5)] {
		what := s.Path
		if s.Go != "" {
			what += " (" + s.Go + ")"
		}
		out = append(out, markers.Related{Pos: s.Pos, Msg: fmt.Sprintf("%s is %.1f%% of %s's schema, %.1f%% of it descriptions",
			what, s.Percent, v.Name, float64(s.Descriptions)*100/float64(max(s.Bytes, 1)))})
	}
	return out
}

// sizeOrigins traces a node of the CRD's schemas back to Go, for the size
// report (crdsize.Origins).
func (c *CRD) sizeOrigins(version int, path schemapath.Path) crdsize.Origin {
	o := c.Origin(version, path)
	out := crdsize.Origin{Pos: o.Pos}
	if o.Go != nil {
		out.Go = o.Go.String()
	}
	return out
}

// SizeOrigins is sizeOrigins for callers outside the package.
func (c *CRD) SizeOrigins() crdsize.Origins { return c.sizeOrigins }
