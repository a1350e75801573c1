package main

// This file implements what a run does with the remembered builds
// (internal/cache's Builds): it records them once its files are written,
// and says how many CRDs it took back.

import (
	"fmt"

	"github.com/crdgen/crdgen/internal/output"
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

// contentSums returns the SHA-256 of each file's content, by path.
func contentSums(files map[string]output.Content) map[string]string {
	sums := make(map[string]string, len(files))
	for path, f := range files {
		sums[path] = f.SHA256()
	}
	return sums
}

// printReused says, for -v, how many CRDs were taken from the remembered
// builds.
func (r *runState) printReused() {
	built, reused := 0, 0
	for _, sr := range r.results {
		if sr.Result != nil {
			built += len(sr.Result.Files)
			reused += sr.Result.Reused
		}
	}
	if reused > 0 {
		fmt.Fprintf(r.a.stderr, "%d of %d CRDs as the last run built them (their types did not change)\n", reused, built)
	}
}
