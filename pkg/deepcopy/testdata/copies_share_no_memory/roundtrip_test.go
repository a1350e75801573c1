package v1

import (
	"reflect"
	"testing"
	"time"
	"unsafe"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/randfill"
)

// filler fills every field, unexported ones included, with a few elements
// in each slice and map.
func filler(seed int64) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.1).NumElements(1, 3).MaxDepth(6).AllowUnexportedFields(true).Funcs(
		func(q *resource.Quantity, c randfill.Continue) {
			*q = *resource.NewQuantity(c.Int63n(1<<40), resource.DecimalSI)
		},
		func(s *Shape, c randfill.Continue) {
			sq := &Square{}
			c.Fill(&sq.Sides)
			*s = sq
		},
		func(r *runtime.RawExtension, c randfill.Continue) {
			c.Fill(&r.Raw)
		},
	)
}

// TestDeepCopySharesNoMemory fills two values of each type from the same
// seed, copies one (DeepCopy and DeepCopyInto), changes every reachable
// part of the copy in place, and checks that the original is still equal
// to its twin, and that a fresh copy is too.
func TestDeepCopySharesNoMemory(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[Widget](), reflect.TypeFor[WidgetList](),
		reflect.TypeFor[WidgetSpec](), reflect.TypeFor[WidgetStatus](), reflect.TypeFor[Node](),
		reflect.TypeFor[Names](), reflect.TypeFor[Labels](), reflect.TypeFor[Tree]()} {
		for seed := range int64(20) {
			in, twin := reflect.New(typ), reflect.New(typ)
			filler(seed).Fill(in.Interface())
			filler(seed).Fill(twin.Interface())
			if !reflect.DeepEqual(in.Interface(), twin.Interface()) {
				t.Fatalf("%s: two fills from seed %d differ", typ, seed)
			}
			copies := map[string]reflect.Value{"DeepCopy": deepCopy(in)}
			if k := typ.Kind(); k != reflect.Slice && k != reflect.Map || !in.Elem().IsNil() {
				// DeepCopyInto wants a non-nil receiver: on a nil slice
				// or map it makes an empty one.
				copies["DeepCopyInto"] = deepCopyInto(in)
			}
			for how, out := range copies {
				if !reflect.DeepEqual(out.Interface(), in.Interface()) {
					t.Fatalf("%s, seed %d: %s is not equal to the original", typ, seed, how)
				}
				mutate(out.Elem())
				if !reflect.DeepEqual(in.Interface(), twin.Interface()) {
					t.Fatalf("%s, seed %d: changing the copy of %s changed the original", typ, seed, how)
				}
			}
			if fresh := deepCopy(in); !reflect.DeepEqual(fresh.Interface(), twin.Interface()) {
				t.Fatalf("%s, seed %d: a fresh copy differs from the original", typ, seed)
			}
		}
	}
	var w runtime.Object = &Widget{}
	if _, ok := w.DeepCopyObject().(*Widget); !ok {
		t.Fatal("DeepCopyObject does not return a *Widget")
	}
}

// deepCopy calls DeepCopy on a pointer to a value, and returns a pointer
// to the copy.
func deepCopy(in reflect.Value) reflect.Value {
	if m := in.MethodByName("DeepCopy"); m.IsValid() && m.Type().Out(0) == in.Type() {
		return m.Call(nil)[0]
	}
	out := reflect.New(in.Type().Elem())
	out.Elem().Set(in.Elem().MethodByName("DeepCopy").Call(nil)[0])
	return out
}

// deepCopyInto calls DeepCopyInto into a new value.
func deepCopyInto(in reflect.Value) reflect.Value {
	out := reflect.New(in.Type().Elem())
	in.MethodByName("DeepCopyInto").Call([]reflect.Value{out})
	return out
}

// mutate changes every part of v that it can reach, in place.
func mutate(v reflect.Value) {
	if !v.CanSet() && v.CanAddr() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Type() {
	case reflect.TypeFor[resource.Quantity]():
		v.Set(reflect.ValueOf(resource.MustParse("12345")))
		return
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(time.Unix(1, 0)))
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			mutate(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			mutate(v.Field(i))
		}
	case reflect.Slice:
		for i := range v.Len() {
			mutate(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			val := reflect.New(v.Type().Elem()).Elem()
			val.Set(v.MapIndex(k))
			mutate(val)
			v.SetMapIndex(k, val)
		}
	case reflect.String:
		v.SetString(v.String() + "~")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1.5)
	}
}
