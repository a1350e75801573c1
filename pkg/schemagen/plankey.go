package schemagen

// This file implements the key of a CRD's build: a SHA-256 of everything
// Build reads for it, so that a cache of built CRDs keyed by it can stand in
// for Build. What Build reads is the plan's options and the CRD's kinds
// with every type they reach, whole (by reflection, so that a field added
// to the model is in the key without anyone remembering it), their
// packages, and the few facts Prepare derived from the whole model.

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/crdgen/crdgen/internal/fingerprint"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// keyVersion changes when what Build reads changes in a way the key does
// not see (crdgen's own build is part of every cache's key besides).
const keyVersion = "crdgen plan key 1"

// digests memoizes each type's and package's own digest: a type's
// content with the named types it refers to (and its package) by name.
type digests struct {
	types memo[*model.Type, typeDigest]
	pkgs  memo[*model.Package, string]
}

// typeDigest is a type's own digest, and what it refers to.
type typeDigest struct {
	sum  string
	refs []*model.Type
	pkgs []*model.Package
}

// memo is a map filled on first use, from every core (two that compute
// one entry at once compute the same value).
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (c *memo[K, V]) get(k K, compute func() V) V {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	c.mu.Lock()
	if c.m == nil {
		c.m = map[K]V{}
	}
	c.m[k] = v
	c.mu.Unlock()
	return v
}

// Key returns the key of the i-th CRD's build. Two builds with the same key
// make the same CRD, YAML and diagnostics; a CRD whose build could have
// errors is never cached by it (the plan's or the load's errors make every
// CRD judged, not written), so cycles need not be in it.
func (p *Plan) Key(i int) string {
	item := p.items[i]
	w := fingerprint.New(sha256.New())
	w.String(keyVersion)
	w.Value(p.g.opts)
	w.Value(p.g.describe)
	w.Value(slices.Sorted(maps.Keys(p.g.localDirs)))
	w.String(item.group.Name)
	reached := map[*model.Type]bool{}
	var queue []*model.Type
	pkgs := map[*model.Package]bool{}
	for _, k := range item.kinds {
		w.String(k.Name)
		w.String(k.Version.Name)
		for _, vp := range k.Version.Packages {
			w.String(string(vp.Path))
			pkgs[vp] = true
		}
		w.String(k.Type.Ident.String())
		if !reached[k.Type] {
			reached[k.Type] = true
			queue = append(queue, k.Type)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		d := p.digest(t)
		for _, r := range d.refs {
			if !reached[r] {
				reached[r] = true
				queue = append(queue, r)
			}
		}
		for _, dp := range d.pkgs {
			pkgs[dp] = true
		}
	}
	types := slices.SortedFunc(maps.Keys(reached), func(a, b *model.Type) int {
		if c := strings.Compare(string(a.Ident.ImportPath), string(b.Ident.ImportPath)); c != 0 {
			return c
		}
		return strings.Compare(a.Ident.Name, b.Ident.Name)
	})
	for _, t := range types {
		w.String(string(t.Ident.ImportPath))
		w.String(t.Ident.Name)
		w.String(p.digest(t).sum)
		w.Value(p.g.cycles[t])
	}
	packages := slices.SortedFunc(maps.Keys(pkgs), func(a, b *model.Package) int { return strings.Compare(string(a.Path), string(b.Path)) })
	for _, pk := range packages {
		w.String(string(pk.Path))
		w.String(p.pkgDigest(pk))
	}
	return hex.EncodeToString(w.Sum())
}

// digest returns a type's own digest, computing it on first use.
func (p *Plan) digest(t *model.Type) typeDigest {
	return p.keys.types.get(t, func() typeDigest {
		var d typeDigest
		w := fingerprint.New(sha256.New())
		w.Ref = func(w *fingerprint.Writer, v reflect.Value) bool {
			if !v.CanInterface() {
				return markerRef(w, v)
			}
			switch x := v.Interface().(type) {
			case *model.Type:
				w.String("type")
				w.String(string(x.Ident.ImportPath))
				w.String(x.Ident.Name)
				d.refs = append(d.refs, x)
			case *model.Package:
				w.String("package")
				w.String(string(x.Path))
				d.pkgs = append(d.pkgs, x)
			default:
				return markerRef(w, v)
			}
			return true
		}
		w.Value(*t)
		d.sum = hex.EncodeToString(w.Sum())
		return d
	})
}

// pkgDigest returns a package's own digest: everything but its types and
// functions (each type the key reaches is in it whole).
func (p *Plan) pkgDigest(pk *model.Package) string {
	return p.keys.pkgs.get(pk, func() string {
		w := fingerprint.New(sha256.New())
		w.Skip = map[string]bool{"github.com/crdgen/crdgen/pkg/model.Package.Types": true, "github.com/crdgen/crdgen/pkg/model.Package.Funcs": true}
		w.Ref = markerRef
		w.Value(*pk)
		return hex.EncodeToString(w.Sum())
	})
}

// markerRef writes a marker's definition by its name: definitions are
// crdgen's own, the same in every run of one build of crdgen.
func markerRef(w *fingerprint.Writer, v reflect.Value) bool {
	if v.Type() != reflect.TypeFor[*markers.Definition]() {
		return false
	}
	// By reflection, not Interface: a marker inside another's value
	// (+k8s:eachVal's) is reached through an unexported field.
	w.String("marker")
	w.String(v.Elem().FieldByName("Name").String())
	return true
}

// Reused returns the i-th CRD as a cache of builds gives it back: named,
// with its kinds, without its object (which the cache does not keep).
func (p *Plan) Reused(i int, fileName string) *CRD {
	return &CRD{FileName: fileName, Kinds: p.g.view.modelKinds(versionKinds(p.items[i].kinds))}
}
