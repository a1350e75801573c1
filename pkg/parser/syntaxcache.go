package parser

// This file implements keeping what the source importer reads of a
// dependency package between runs: the syntax of the files it parses
// (function bodies blanked), which files it holds back (generated ones,
// and those that give nothing), and the types a generated file gives a
// DeepCopyInto. Only packages that do not change under their name are
// kept: the module cache's (read-only, one directory per version) and the
// standard library's, keyed by the package's path and every file's path,
// size, modification and change time and inode, so that another Go,
// another version or a file extracted again is another key. The record is what reading the files gave, read back with
// astcodec; a record that does not decode is a miss, and the package is
// read from source.

import (
	"encoding/binary"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/internal/filestat"
	"github.com/crdgen/crdgen/pkg/parser/internal/astcodec"
)

// SyntaxStore keeps records between runs. Get returns nil for a key it
// does not hold. The caller's store makes the key its own (crdgen's build
// is part of it: what a record holds is what this crdgen's reading gave).
type SyntaxStore interface {
	Get(key string) []byte
	Put(key string, data []byte)
}

const syntaxMagic = "crdgen-syntax-1\n"

// syntaxRecord is what reading a package's files gave, to be kept.
type syntaxRecord struct {
	key        string
	trees      []*ast.File
	pending    []string
	deepCopied []string
	// failed is set when a file cannot be kept (a parse error): the
	// package is then read every run.
	failed bool
}

// syntaxKey is the key of a package's record, "" for a package that is
// not kept: one outside the module cache and the standard library, or
// with a file an overlay replaces or that cannot be read.
func (si *srcImporter) syntaxKey(p *srcPkg) string {
	lp := si.listed[p.path]
	if si.store == nil || lp == nil || !lp.Standard && !inModuleCache(lp) {
		return ""
	}
	var b strings.Builder
	b.WriteString(syntaxMagic)
	b.WriteString(p.path)
	for _, file := range p.goFiles {
		if _, ok := si.overlay[file]; ok {
			return ""
		}
		st := filestat.Of(file)
		if st.Size < 0 {
			return ""
		}
		b.WriteString("\x00" + file)
		for _, n := range []int64{st.Size, st.ModTime, st.Change, int64(st.Inode)} {
			b.WriteString("\x00" + strconv.FormatInt(n, 10))
		}
	}
	return b.String()
}

// readStored fills p from its record; false when there is none, or it
// does not read back whole (nothing of it is then used).
func (si *srcImporter) readStored(p *srcPkg, key string) bool {
	data := si.store.Get(key)
	if data == nil {
		return false
	}
	// One string of the record: the trees' names, literals and comments
	// are slices of it.
	r, ok := strings.CutPrefix(string(data), syntaxMagic)
	var lists [3][]string
	for i := range lists {
		if lists[i], r, ok = readStrings(r, ok); !ok {
			return false
		}
	}
	if len(r) > 0 {
		return false
	}
	// The store checks its records whole, so a record that fails here is
	// one this crdgen did not write; the files it added to the file set
	// before failing stay there unused (positions are read through the
	// file set, never compared across files).
	trees := make([]*ast.File, len(lists[0]))
	for i, blob := range lists[0] {
		f, err := astcodec.Decode(si.fset, blob)
		if err != nil {
			return false
		}
		trees[i] = f
	}
	for _, f := range trees {
		si.index(p, f)
	}
	p.pending = lists[1]
	for _, name := range lists[2] {
		p.deepCopied[name] = true
	}
	return true
}

// keepLater encodes a package's record and puts it in the store on
// another goroutine, while the load goes on (the trees are only read from
// here on); waitKept waits for every record.
func (si *srcImporter) keepLater(r *syntaxRecord) {
	if r.failed {
		return
	}
	si.keeping.Go(func() {
		if data := r.encode(si.fset); data != nil {
			si.store.Put(r.key, data)
		}
	})
}

func (si *srcImporter) waitKept() { si.keeping.Wait() }

// encode writes the record, nil when it cannot be kept (syntax the codec
// does not hold): the files' trees, the files held back, and the types
// given a DeepCopyInto, each list a count and length-prefixed entries.
func (r *syntaxRecord) encode(fset *token.FileSet) []byte {
	out := []byte(syntaxMagic)
	out = binary.AppendUvarint(out, uint64(len(r.trees)))
	for _, f := range r.trees {
		data, err := astcodec.Encode(fset, f)
		if err != nil {
			return nil
		}
		out = binary.AppendUvarint(out, uint64(len(data)))
		out = append(out, data...)
	}
	for _, list := range [][]string{r.pending, r.deepCopied} {
		out = binary.AppendUvarint(out, uint64(len(list)))
		for _, s := range list {
			out = binary.AppendUvarint(out, uint64(len(s)))
			out = append(out, s...)
		}
	}
	return out
}

// keep adds a parsed file to the record.
func (r *syntaxRecord) keep(f *ast.File, err error) {
	if r == nil {
		return
	}
	if err != nil {
		r.failed = true
		return
	}
	r.trees = append(r.trees, f)
}

// readStrings reads a count and that many length-prefixed strings, slices
// of r.
func readStrings(r string, ok bool) ([]string, string, bool) {
	if !ok {
		return nil, "", false
	}
	n, k := uvarint(r)
	if k <= 0 || n > uint64(len(r)) {
		return nil, "", false
	}
	r = r[k:]
	var out []string
	for range n {
		l, k := uvarint(r)
		if k <= 0 || l > uint64(len(r)-k) {
			return nil, "", false
		}
		out = append(out, r[k:k+int(l)])
		r = r[k+int(l):]
	}
	return out, r, true
}

// uvarint is binary.Uvarint on a string.
func uvarint(s string) (uint64, int) {
	var x uint64
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		x |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			return x, i + 1
		}
	}
	return 0, 0
}
