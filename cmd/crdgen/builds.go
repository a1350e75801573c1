package main

// This file implements what a run does with the remembered builds
// (internal/cache's Builds): it records them once its files are written,
// and says how many CRDs it took back.

import (
	"fmt"
)

// recordBuilds records the builds of every set of a run that wrote files;
// written are the SHA-256 of the files it wrote, by path.
func (r *runState) recordBuilds(written map[string]string) {
	if len(written) == 0 {
		// Printed, not written (-o -): the record of the last run that
		// wrote files stays.
		return
	}
	for _, s := range r.builds {
		s.Record(written)
	}
}

// printReused says, for -v, how many CRDs were taken from the remembered
// builds.
func (r *runState) printReused() {
	if built, reused := r.results.Reused(); reused > 0 {
		fmt.Fprintf(r.a.stderr, "%d of %d CRDs as the last run built them (their types did not change)\n", reused, built)
	}
}
