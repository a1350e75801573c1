package cli

// This file implements --cpuprofile and --memprofile, for finding where
// crdgen's time and memory go.

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// Profiles are --cpuprofile and --memprofile.
type Profiles struct {
	cpu, mem string
}

// Register registers the flags on fs.
func (p *Profiles) Register(fs *FlagSet) {
	fs.StringVar(&p.cpu, "cpuprofile", "FILE", "", "write a CPU profile to FILE")
	fs.StringVar(&p.mem, "memprofile", "FILE", "", "write a heap profile to FILE at exit")
}

// Start starts CPU profiling if asked; the returned func stops it and writes
// the heap profile.
func (p *Profiles) Start() (func(), error) {
	var cpu *os.File
	if p.cpu != "" {
		f, err := os.Create(p.cpu)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("starting CPU profile: %w", err)
		}
		cpu = f
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if p.mem != "" {
			if f, err := os.Create(p.mem); err == nil {
				runtime.GC()
				pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
	}, nil
}
