package main

// This file implements what a run gives the generators
// (internal/generators): the input they make their files of.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
)

// generatorInput is the input of the generators: the model, the CRDs the
// pipeline built, and where outputs go.
func (r *runState) generatorInput() *generators.Input {
	return &generators.Input{
		Model: r.mod, Results: r.results, FS: r.reads, Config: r.cfg, Layout: r.layout,
		Sets: r.sets, OpenShift: r.openshift, SuiteDirs: r.suiteDirs(),
		Abs: r.a.abs, Rel: r.a.rel, Inside: r.bounds().Inside,
		Asked: func(string) bool { return false },
	}
}
