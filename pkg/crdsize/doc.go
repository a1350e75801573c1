// Package crdsize measures CRDs the way the limits they meet count them,
// and reports where their bytes go.
//
// The limits (limits.go): kubectl apply (client-side) keeps the whole
// object as JSON in its last-applied-configuration annotation, and the API
// server holds an object's annotations to 256 KiB in all; etcd refuses a
// request over 1.5 MiB by default; Helm keeps a release, its chart's files
// included, in a Secret of at most 1 MiB. Measure gives a CRD's sizes as
// each of them counts (measure.go); Build makes the size report of a run's
// CRDs, with the heaviest subtrees of each version's schema traced back to
// the Go type and field they come from through an Origins function the
// caller gives (report.go); Render writes it as text, JSON or Markdown
// (render.go).
//
// It sits beside pkg/celcost, after pkg/schemagen in crdgen's data flow
// (docs/contributing/architecture.md), but imports neither: it takes CRD
// objects, and pkg/crdyaml's JSON tree of them. pkg/schemagen measures
// with it to warn and to trim descriptions to a budget, cmd/crdgen's size
// command reports with it, and pkg/crddiff finds the CRDs that grew past a
// limit with it.
package crdsize
