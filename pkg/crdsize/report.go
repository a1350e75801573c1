package crdsize

// This file implements the size report: per CRD, its sizes against the
// limits; per version, its schema's bytes, the share that is descriptions,
// and its heaviest subtrees traced back to Go; for the run, what its CRDs
// weigh in a Helm release.

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"go/token"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crdyaml"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// Origin is where a schema node comes from in Go.
type Origin struct {
	// Go is the node's Go type as the source spells it ("" when the node
	// is not a Go type's, inside a fixed schema).
	Go string
	// Pos is the field (or type) that declares the node.
	Pos token.Position
}

// Origins tells where the node at path of a CRD's version-th version's
// schema comes from.
type Origins func(version int, path schemapath.Path) Origin

// Input is one CRD to report on.
type Input struct {
	Object *apiextv1.CustomResourceDefinition
	// File is its file name, and YAML the file's content.
	File string
	YAML []byte
	// Set is the feature set it was built for ("" without sets).
	Set string
	// Source is the kind's Go type; Origins, if not nil, traces its
	// schemas' nodes back to Go.
	Source  token.Position
	Origins Origins
}

// Report is the size report of a run's CRDs.
type Report struct {
	CRDs []CRDReport `json:"crds"`
	// YAML is the bytes of every CRD file; Helm what a Helm release that
	// carries them as chart files spends on them, against HelmLimit.
	YAML int64 `json:"yaml"`
	Helm int64 `json:"helm"`
	// Limits are the limits, by name: annotations, etcd, helm.
	Limits map[string]int64 `json:"limits"`
}

// CRDReport is one CRD's sizes.
type CRDReport struct {
	Name string `json:"name"`
	File string `json:"file"`
	Set  string `json:"set,omitempty"`
	// Source is the kind's Go type (file:line:col).
	Source string `json:"source"`
	YAML   int64  `json:"yaml"`
	Size
	Versions []VersionReport `json:"versions"`
}

// VersionReport is one version's schema.
type VersionReport struct {
	Name string `json:"name"`
	// Schema is the bytes of its openAPIV3Schema as JSON, Descriptions
	// those of the descriptions in it.
	Schema       int64 `json:"schema"`
	Descriptions int64 `json:"descriptions"`
	// Heaviest are its heaviest subtrees, heaviest first.
	Heaviest []Subtree `json:"heaviest"`
}

// Subtree is a node of a schema and everything below it.
type Subtree struct {
	// Path is the node's schema path as people read it (.spec.ports[*]).
	Path         string `json:"path"`
	Bytes        int64  `json:"bytes"`
	Descriptions int64  `json:"descriptions"`
	// Percent is its share of the version's schema.
	Percent float64 `json:"percent"`
	// Go is its Go type, Source the field or type it comes from.
	Go     string `json:"go,omitempty"`
	Source string `json:"source,omitempty"`
	// Pos is Source as a position.
	Pos token.Position `json:"-"`
}

// heaviestCount is how many subtrees a version lists at most, and
// heaviestMin the smallest share one needs to be listed.
const (
	heaviestCount = 8
	heaviestMin   = 2.0
)

// Build makes the report of the CRDs, in their order; rel names source
// files (relative to the working directory).
func Build(in []Input, rel func(string) string) (*Report, error) {
	r := &Report{Limits: map[string]int64{"annotations": AnnotationsLimit, "etcd": EtcdLimit, "helm": HelmLimit}}
	var files [][]byte
	for _, c := range in {
		cr, err := crdReport(c, rel)
		if err != nil {
			return nil, err
		}
		r.CRDs = append(r.CRDs, cr)
		r.YAML += int64(len(c.YAML))
		files = append(files, c.YAML)
	}
	r.Helm = HelmBytes(files)
	return r, nil
}

func crdReport(c Input, rel func(string) string) (CRDReport, error) {
	tree, err := crdyaml.Tree(c.Object)
	if err != nil {
		return CRDReport{}, fmt.Errorf("measuring %s: %w", c.Object.Name, err)
	}
	cr := CRDReport{Name: c.Object.Name, File: c.File, Set: c.Set, Source: position(c.Source, rel), YAML: int64(len(c.YAML)), Size: measureTree(tree)}
	versions, _ := tree["spec"].(map[string]any)["versions"].([]any)
	for i, v := range versions {
		vm, _ := v.(map[string]any)
		name, _ := vm["name"].(string)
		schema, _ := vm["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)
		vr := VersionReport{Name: name}
		if schema != nil {
			var w nodeWalker
			root := w.schema(schema, nil)
			vr.Schema, vr.Descriptions = root.bytes, root.desc
			vr.Heaviest = heaviest(w.nodes, root.bytes, i, c.Origins, rel)
		}
		cr.Versions = append(cr.Versions, vr)
	}
	return cr, nil
}

// node is a schema node's weight.
type node struct {
	path        schemapath.Path
	bytes, desc int64
	// biggest is the weight of its heaviest child.
	biggest int64
}

// nodeWalker weighs every node of a schema tree.
type nodeWalker struct{ nodes []node }

// schema weighs the schema m at path and the nodes below it: its bytes as
// JSON, and those of the descriptions in it.
func (w *nodeWalker) schema(m map[string]any, path schemapath.Path) node {
	n := node{path: path, bytes: 2}
	if len(m) > 0 {
		n.bytes += int64(len(m) - 1)
	}
	child := func(v any, at schemapath.Path) int64 {
		c, ok := v.(map[string]any)
		if !ok {
			return jsonLen(v)
		}
		cn := w.schema(c, at)
		n.desc += cn.desc
		n.biggest = max(n.biggest, cn.bytes)
		return cn.bytes
	}
	for k, v := range m {
		n.bytes += StringLen(k) + 1
		switch k {
		case "properties":
			props, _ := v.(map[string]any)
			size := int64(2)
			if len(props) > 0 {
				size += int64(len(props) - 1)
			}
			for name, p := range props {
				size += StringLen(name) + 1 + child(p, path.Property(name))
			}
			n.bytes += size
		case "items":
			n.bytes += child(v, path.Items())
		case "additionalProperties":
			n.bytes += child(v, path.Values())
		case "description":
			d, _ := v.(string)
			n.desc += DescriptionLen(d)
			n.bytes += jsonLen(v)
		default:
			n.bytes += jsonLen(v)
		}
	}
	if len(path) > 0 {
		w.nodes = append(w.nodes, n)
	}
	return n
}

// fixedRoot are the properties at a kind's root that every CRD has, as
// Kubernetes describes them.
var fixedRoot = map[string]bool{"properties[apiVersion]": true, "properties[kind]": true, "properties[metadata]": true}

// heaviest picks a version's heaviest subtrees: a node that is nearly all
// one child (a list and its items, a field and the one field below it) is
// left for that child, so that the list names the types that weigh.
func heaviest(nodes []node, total int64, version int, origins Origins, rel func(string) string) []Subtree {
	var picked []node
	for _, n := range nodes {
		if len(n.path) == 1 && fixedRoot[n.path[0]] {
			continue // the API server's own: nothing to trim there
		}
		if n.biggest*10 >= n.bytes*9 || float64(n.bytes)*100 < heaviestMin*float64(total) {
			continue
		}
		picked = append(picked, n)
	}
	slices.SortFunc(picked, func(a, b node) int {
		return cmp.Or(cmp.Compare(b.bytes, a.bytes), cmp.Compare(a.path.Display(), b.path.Display()))
	})
	var out []Subtree
	for _, n := range picked[:min(len(picked), heaviestCount)] {
		s := Subtree{Path: n.path.Display(), Bytes: n.bytes, Descriptions: n.desc, Percent: percent(n.bytes, total)}
		if origins != nil {
			o := origins(version, n.path)
			s.Go, s.Source, s.Pos = o.Go, fileLine(o.Pos, rel), o.Pos
		}
		out = append(out, s)
	}
	return out
}

func percent(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return float64(int64(float64(part)*1000/float64(whole)+0.5)) / 10
}

// position is file:line (file:line:col for a kind) with the file made
// relative.
func position(p token.Position, rel func(string) string) string {
	if !p.IsValid() {
		return ""
	}
	if rel != nil {
		p.Filename = rel(p.Filename)
	}
	return p.String()
}

// fileLine is file:line with the file made relative.
func fileLine(p token.Position, rel func(string) string) string {
	if !p.IsValid() {
		return ""
	}
	if rel != nil {
		p.Filename = rel(p.Filename)
	}
	return fmt.Sprintf("%s:%d", p.Filename, p.Line)
}

// HelmBytes is what a Helm release spends on files: Helm 3 keeps a
// release in a Secret as base64(gzip(JSON of the release)) (its storage
// driver's encodeRelease, gzip at BestCompression), and a chart's files
// are in that JSON as base64 ([]byte). This is that encoding of the files
// alone; the rest of the release adds to it.
func HelmBytes(files [][]byte) int64 {
	var js bytes.Buffer
	for _, f := range files {
		b, _ := json.Marshal(f)
		js.Write(b)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(js.Bytes())
	w.Close()
	return int64(base64.StdEncoding.EncodedLen(gz.Len()))
}
