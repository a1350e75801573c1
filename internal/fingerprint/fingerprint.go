package fingerprint

import (
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Writer writes values into a hash. What it writes is buffered: call Sum
// for the hash of everything written.
type Writer struct {
	h hash.Hash
	// Ref, if set, is asked about every non-nil pointer before it is
	// followed: when it returns true, the pointer stands for what Ref wrote
	// (a name, say) and is not followed. Pointers to values of their own
	// identity (a named type in a graph) are hashed by name this way.
	Ref func(w *Writer, p reflect.Value) bool
	// Skip names struct fields that are not content ("pkg.Type.Field"):
	// back references, say.
	Skip map[string]bool
	buf  []byte
	// structs numbers the struct types written: a struct is its type's
	// name the first time, its number after, then its fields in order,
	// without their names (a type's fields are fixed for a build of crdgen,
	// which every key holds).
	structs map[reflect.Type]int
}

// New returns a Writer into h. Its buffer and its table of struct types
// come from a pool, and go back to it at Sum.
func New(h hash.Hash) *Writer {
	sc := scratchPool.Get().(*scratch)
	return &Writer{h: h, structs: sc.structs, buf: sc.buf[:0]}
}

// bufSize is how much a Writer gathers before it writes to the hash: its
// buffer is made at this size (grown from nothing, the buffers of the many
// small Writers a build key takes were a sixth of its time), and pooled
// (made for each Writer, they were all a key allocated).
const bufSize = 8 << 10

// scratch is what a Writer uses and gives back.
type scratch struct {
	buf     []byte
	structs map[reflect.Type]int
}

var scratchPool = sync.Pool{New: func() any {
	return &scratch{buf: make([]byte, 0, bufSize), structs: map[reflect.Type]int{}}
}}

// String writes a string, with its length.
func (w *Writer) String(s string) {
	w.uint(uint64(len(s)))
	w.raw(s)
}

// raw writes the bytes of s alone.
func (w *Writer) raw(s string) {
	if len(w.buf)+len(s) > cap(w.buf) {
		w.flush()
		if len(s) > cap(w.buf) {
			io.WriteString(w.h, s)
			return
		}
	}
	w.buf = append(w.buf, s...)
}

func (w *Writer) uint(u uint64) {
	if len(w.buf)+8 > cap(w.buf) {
		w.flush()
	}
	w.buf = binary.LittleEndian.AppendUint64(w.buf, u)
}

func (w *Writer) flush() {
	w.h.Write(w.buf)
	w.buf = w.buf[:0]
}

// Sum returns the hash of everything written. It ends the Writer: its
// buffer goes back to the pool.
func (w *Writer) Sum() []byte {
	w.flush()
	if cap(w.buf) == bufSize && w.structs != nil {
		clear(w.structs)
		scratchPool.Put(&scratch{buf: w.buf, structs: w.structs})
	}
	w.buf, w.structs = nil, nil
	return w.h.Sum(nil)
}

// Value writes v's content.
func (w *Writer) Value(v any) { w.value(reflect.ValueOf(v), 0) }

// maxDepth is deeper than any value crdgen hashes: a deeper one is a cycle
// that Ref does not cut.
const maxDepth = 1000

func (w *Writer) value(v reflect.Value, depth int) {
	if depth > maxDepth {
		panic("fingerprint: a cycle not cut by Ref at " + v.Type().String())
	}
	if !v.IsValid() {
		w.String("<nil>")
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			w.uint(1)
		} else {
			w.uint(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		w.uint(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		w.uint(math.Float64bits(real(v.Complex())))
		w.uint(math.Float64bits(imag(v.Complex())))
	case reflect.String:
		w.String(v.String())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			w.String("<nil>")
			return
		}
		w.uint(uint64(v.Len()))
		for i := range v.Len() {
			w.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		w.mapValue(v, depth)
	case reflect.Pointer:
		if v.IsNil() {
			w.String("<nil>")
			return
		}
		if w.Ref != nil && w.Ref(w, v) {
			return
		}
		w.String("&")
		w.value(v.Elem(), depth+1)
	case reflect.Interface:
		if v.IsNil() {
			w.String("<nil>")
			return
		}
		w.String(v.Elem().Type().String())
		w.value(v.Elem(), depth+1)
	case reflect.Struct:
		t := v.Type()
		info := structOf(t)
		if n, ok := w.structs[t]; ok {
			w.uint(uint64(n))
		} else {
			// A new type's name has the top bit on its length: no number
			// reads as one.
			w.structs[t] = len(w.structs)
			w.uint(1<<63 | uint64(len(info.name)))
			w.raw(info.name)
		}
		for i, key := range info.fields {
			if w.Skip != nil && w.Skip[key] {
				continue
			}
			w.value(v.Field(i), depth+1)
		}
	default:
		panic("fingerprint: cannot hash a " + v.Type().String())
	}
}

// structInfo is what a Writer reads of a struct type: its name, and its
// fields' names as Skip names them ("pkg.Type.Field").
type structInfo struct {
	name   string
	fields []string
}

// structInfos caches structInfo by type, for every Writer.
var structInfos sync.Map

func structOf(t reflect.Type) *structInfo {
	if info, ok := structInfos.Load(t); ok {
		return info.(*structInfo)
	}
	info := &structInfo{name: t.PkgPath() + "." + t.Name()}
	for i := range t.NumField() {
		info.fields = append(info.fields, info.name+"."+t.Field(i).Name)
	}
	structInfos.Store(t, info)
	return info
}

// mapValue writes a map's entries in the order of their keys' hashes'
// inputs: keys are written to strings first, so that any key type sorts.
func (w *Writer) mapValue(v reflect.Value, depth int) {
	if v.IsNil() {
		w.String("<nil>")
		return
	}
	type entry struct {
		key string
		val reflect.Value
	}
	var entries []entry
	for it := v.MapRange(); it.Next(); {
		entries = append(entries, entry{keyString(it.Key()), it.Value()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	w.uint(uint64(len(entries)))
	for _, e := range entries {
		w.String(e.key)
		w.value(e.val, depth+1)
	}
}

// keyString is a map key as text: a string, a number, a boolean, or a
// struct or array of them (a pointer's text would be its address).
func keyString(k reflect.Value) string {
	if k.Kind() == reflect.String {
		return k.String()
	}
	if !plainKey(k.Type()) {
		panic("fingerprint: cannot order map keys of type " + k.Type().String())
	}
	return fmt.Sprintf("%#v", k.Interface())
}

func plainKey(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Map, reflect.Slice:
		return false
	case reflect.Struct:
		for i := range t.NumField() {
			if !plainKey(t.Field(i).Type) {
				return false
			}
		}
	case reflect.Array:
		return plainKey(t.Elem())
	}
	return true
}
