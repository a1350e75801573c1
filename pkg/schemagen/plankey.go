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
	mu    sync.Mutex
	types map[*model.Type]typeDigest
	pkgs  map[*model.Package]string
}

// typeDigest is a type's own digest, and what it refers to.
type typeDigest struct {
	sum  string
	refs []*model.Type
	pkgs []*model.Package
}

// Key returns the key of the i-th CRD's build. Two builds with the same key
// make the same CRD, YAML and diagnostics; a CRD whose build could have
// errors is never cached by it (the plan's or the load's errors make every
// CRD judged, not written), so cycles need not be in it.
func (p *Plan) Key(i int) string {
	item := p.items[i]
	h := sha256.New()
	w := fingerprint.New(h)
	w.String(keyVersion)
	w.Value(p.g.opts)
	w.Value(p.g.describe)
	w.Value(slices.Sorted(func(yield func(string) bool) {
		for d := range p.g.localDirs {
			if !yield(d) {
				return
			}
		}
	}))
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
	types := slices.SortedFunc(func(yield func(*model.Type) bool) {
		for t := range reached {
			if !yield(t) {
				return
			}
		}
	}, func(a, b *model.Type) int {
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
	packages := slices.SortedFunc(func(yield func(*model.Package) bool) {
		for pk := range pkgs {
			if !yield(pk) {
				return
			}
		}
	}, func(a, b *model.Package) int { return strings.Compare(string(a.Path), string(b.Path)) })
	for _, pk := range packages {
		w.String(string(pk.Path))
		w.String(p.pkgDigest(pk))
	}
	return hex.EncodeToString(w.Sum())
}

// digest returns a type's own digest, computing it on first use.
func (p *Plan) digest(t *model.Type) typeDigest {
	p.keys.mu.Lock()
	d, ok := p.keys.types[t]
	p.keys.mu.Unlock()
	if ok {
		return d
	}
	h := sha256.New()
	w := fingerprint.New(h)
	w.Ref = func(w *fingerprint.Writer, v reflect.Value) bool {
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
		case *markers.Definition:
			w.String("marker")
			w.String(x.Name)
		default:
			return false
		}
		return true
	}
	w.Value(*t)
	d.sum = hex.EncodeToString(w.Sum())
	p.keys.mu.Lock()
	if p.keys.types == nil {
		p.keys.types = map[*model.Type]typeDigest{}
	}
	p.keys.types[t] = d
	p.keys.mu.Unlock()
	return d
}

// pkgDigest returns a package's own digest: everything but its types and
// functions (each type the key reaches is in it whole).
func (p *Plan) pkgDigest(pk *model.Package) string {
	p.keys.mu.Lock()
	sum, ok := p.keys.pkgs[pk]
	p.keys.mu.Unlock()
	if ok {
		return sum
	}
	h := sha256.New()
	w := fingerprint.New(h)
	w.Skip = map[string]bool{"github.com/crdgen/crdgen/pkg/model.Package.Types": true, "github.com/crdgen/crdgen/pkg/model.Package.Funcs": true}
	w.Ref = func(w *fingerprint.Writer, v reflect.Value) bool {
		if d, ok := v.Interface().(*markers.Definition); ok {
			w.String("marker")
			w.String(d.Name)
			return true
		}
		return false
	}
	w.Value(*pk)
	sum = hex.EncodeToString(w.Sum())
	p.keys.mu.Lock()
	if p.keys.pkgs == nil {
		p.keys.pkgs = map[*model.Package]string{}
	}
	p.keys.pkgs[pk] = sum
	p.keys.mu.Unlock()
	return sum
}

// Reused returns the i-th CRD as a cache of builds gives it back: named,
// with its kinds, without its object (which the cache does not keep).
func (p *Plan) Reused(i int, fileName string) *CRD {
	return &CRD{FileName: fileName, Kinds: versionKinds(p.items[i].kinds)}
}
