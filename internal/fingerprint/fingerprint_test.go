package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

func sum(v any) string {
	w := New(sha256.New())
	w.Value(v)
	return hex.EncodeToString(w.Sum())
}

type inner struct {
	A string
	B int
}

type outer struct {
	X  []inner
	P  *inner
	M  map[string]int
	I  any
	Z  [2]bool
	F  float64
	In inner
}

// TestEveryLeafCounts checks that values differing in any one place hash
// differently, that a map's order does not count, and that nil and empty
// differ.
func TestEveryLeafCounts(t *testing.T) {
	base := func() outer {
		return outer{X: []inner{{"a", 1}}, P: &inner{"p", 2}, M: map[string]int{"k": 1, "l": 2}, I: inner{"i", 3}, F: 1.5, In: inner{"n", 4}}
	}
	variants := map[string]func(o *outer){
		"slice element":     func(o *outer) { o.X[0].A = "b" },
		"slice length":      func(o *outer) { o.X = append(o.X, inner{}) },
		"nil slice":         func(o *outer) { o.X = nil },
		"empty slice":       func(o *outer) { o.X = []inner{} },
		"pointee":           func(o *outer) { o.P.B = 3 },
		"nil pointer":       func(o *outer) { o.P = nil },
		"map value":         func(o *outer) { o.M["k"] = 9 },
		"map key":           func(o *outer) { o.M = map[string]int{"k": 1, "m": 2} },
		"interface type":    func(o *outer) { o.I = "i" },
		"interface value":   func(o *outer) { o.I = inner{"i", 4} },
		"array":             func(o *outer) { o.Z[1] = true },
		"float":             func(o *outer) { o.F = 2.5 },
		"nested struct":     func(o *outer) { o.In.A = "" },
		"string boundaries": func(o *outer) { o.X[0].A, o.P.A = "ap", "" },
	}
	want := sum(base())
	seen := map[string]string{want: "base"}
	for name, change := range variants {
		o := base()
		change(&o)
		got := sum(o)
		if other, ok := seen[got]; ok {
			t.Errorf("%s hashes as %s", name, other)
		}
		seen[got] = name
	}
	for range 20 {
		if sum(base()) != want {
			t.Fatal("the same value hashed differently (map order?)")
		}
	}
}

// TestUnhashableValuesPanic checks that a function is refused, not skipped.
func TestUnhashableValuesPanic(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a func hashed without a panic")
		}
	}()
	sum(struct{ F func() }{func() {}})
}

// TestSumDoesNotDependOnTheBuffer holds a value's hash to its content
// alone: strings shorter and longer than the buffer, which cross its end
// anywhere, hash the same through a buffer of any size.
func TestSumDoesNotDependOnTheBuffer(t *testing.T) {
	type node struct {
		Name  string
		Sizes []int
		Kids  map[string]*node
	}
	v := &node{Name: strings.Repeat("x", 3*bufSize+5), Kids: map[string]*node{}}
	for i := range 300 {
		v.Sizes = append(v.Sizes, i)
		v.Kids[fmt.Sprint(i)] = &node{Name: strings.Repeat("ab", i*7)}
	}
	sum := func(size int) string {
		w := New(sha256.New())
		if size >= 0 {
			w.buf = make([]byte, 0, size)
		}
		w.Value(v)
		return fmt.Sprintf("%x", w.Sum())
	}
	want := sum(-1)
	for _, size := range []int{8, 9, 100, bufSize - 1, 10 * bufSize} {
		if got := sum(size); got != want {
			t.Errorf("with a buffer of %d bytes: %s, with New's: %s", size, got, want)
		}
	}
}

// TestPooledWritersStartAfresh: a Writer's buffer and table of struct types
// come from the ones before it; none of their state carries over.
func TestPooledWritersStartAfresh(t *testing.T) {
	type inner struct{ N int }
	type outer struct {
		A, B inner
		S    string
	}
	type other struct {
		X inner
		Y []outer
	}
	sum := func(v any) string {
		w := New(sha256.New())
		w.Value(v)
		return fmt.Sprintf("%x", w.Sum())
	}
	v := outer{A: inner{1}, B: inner{2}, S: "s"}
	want := sum(v)
	for range 3 {
		sum(other{X: inner{3}, Y: []outer{v, v}})
		if got := sum(v); got != want {
			t.Fatalf("after other Writers: %s, first: %s", got, want)
		}
	}
	// A Writer dropped without Sum does not go back to the pool.
	w := New(sha256.New())
	w.String(strings.Repeat("z", bufSize/2))
	if got := sum(v); got != want {
		t.Fatalf("after a Writer left unsummed: %s, first: %s", got, want)
	}
}
