package proc

// This file implements the collector's start: no collection until the
// process has a few MiB to collect.

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// GCFloor keeps the collector off until the process holds floor bytes
// (all its memory, as debug.SetMemoryLimit counts it), then gives it back
// its usual target. Go starts a process with a 4 MiB heap target, so a
// run collects a dozen times while its heap climbs to the 15 to 45 MiB it
// works in, each time scanning the globals of the 700 packages the API
// server's validation links. The floor is not used when GOGC or
// GOMEMLIMIT is set: the user's setting wins.
func GCFloor(floor int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	old := debug.SetGCPercent(-1)
	debug.SetMemoryLimit(floor)
	// The first collection, at the floor, finds the sentinel unreachable
	// and runs its finalizer, which restores the target. (Not a tiny
	// object: the finalizer of one that shares its block may never run.)
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		debug.SetGCPercent(old)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

type gcSentinel struct {
	_ *int
	_ [24]byte
}

// GCFloorBytes is the floor crdgen runs with, about 12 MiB of heap: the
// edit loop collects 7 times after start-up instead of 9, and the peaks
// of larger runs stay where they were. Higher floors saved CPU but no wall
// time (the collector works on another core) and cost memory
// (CHANGELOG.md, 2026-11-24).
const GCFloorBytes = 24 << 20
