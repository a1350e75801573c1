package proc

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// totalMemory is the process's memory as debug.SetMemoryLimit counts it.
func totalMemory() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

func numGC() uint32 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.NumGC
}

var sink []byte

// TestGCFloor holds GCFloor to what it says: no collection below the floor,
// the usual target after the first one, and nothing at all when GOGC is
// set.
func TestGCFloor(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))

	floor := totalMemory() + 64<<20
	GCFloor(floor)
	start := numGC()
	for range 24 << 10 { // 24 MiB of garbage, more than the usual target
		sink = make([]byte, 1<<10)
	}
	if n := numGC() - start; n != 0 {
		t.Fatalf("%d collections below the floor", n)
	}
	for range 256 << 10 { // 256 MiB of garbage, in 1 KiB pieces
		sink = make([]byte, 1<<10)
	}
	if n := numGC() - start; n < 3 {
		t.Fatalf("%d collections over 256 MiB of garbage: the usual target did not come back", n)
	}
	runtime.GC() // the finalizer has run by now, or runs after this one
	runtime.GC()
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("GOGC is %d after the first collection, want 100", p)
	}
	if l := debug.SetMemoryLimit(-1); l < 1<<62 {
		t.Errorf("the memory limit is %d after the first collection, want none", l)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	GCFloor(floor)
	if p := debug.SetGCPercent(50); p != 50 {
		t.Errorf("with GOGC set, GCFloor changed the target to %d", p)
	}
}
