// Package phases benchmarks crdgen's phases on a corpus that bench/compare
// prepares (by default the largest synthetic one, 700 CRDs): the load, the
// fingerprint of the rerun cache, the build keys, and the pipeline
// (pipeline.Run, with the time of each of its phases as the run itself
// measures them):
//
//	go run ./bench/compare -prepare -corpus synthetic-100
//	go test ./bench/phases -bench . -benchtime 3x
//
// CRDGEN_BENCH_WORK and CRDGEN_BENCH_CORPUS choose another work directory
// and corpus. Without a prepared corpus the benchmarks are skipped.
package phases

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// corpus returns the corpus directory and its package patterns.
func corpus(b *testing.B) (string, []string) {
	b.Helper()
	work := os.Getenv("CRDGEN_BENCH_WORK")
	if work == "" {
		work = filepath.Join(os.TempDir(), "crdgen-bench")
	}
	name := os.Getenv("CRDGEN_BENCH_CORPUS")
	if name == "" {
		name = "synthetic-100"
	}
	dir := filepath.Join(work, name)
	if _, err := os.Stat(filepath.Join(dir, "go.sum")); err != nil {
		b.Skipf("no corpus in %s: run go run ./bench/compare -prepare -corpus %s", dir, name)
	}
	patterns := []string{"./apis/..."}
	if name == "prometheus-operator" {
		p := "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring"
		patterns = []string{p + "/v1", p + "/v1alpha1", p + "/v1beta1"}
	} else if name == "cluster-api" {
		patterns = []string{"sigs.k8s.io/cluster-api/api/..."}
	}
	return dir, patterns
}

func load(b *testing.B) *model.Model {
	b.Helper()
	dir, patterns := corpus(b)
	m, diags, err := parser.Load(context.Background(), patterns, parser.Options{Dir: dir, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Warning})
	if err != nil || m == nil || diags.HasErrors() {
		b.Fatalf("load: %v %v", err, diags.Errors())
	}
	return m
}

func BenchmarkLoad(b *testing.B) {
	dir, patterns := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := parser.Load(context.Background(), patterns, parser.Options{Dir: dir, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Warning}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFingerprint(b *testing.B) {
	dir, patterns := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.Fingerprint(context.Background(), patterns, parser.Options{Dir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPipeline times what every command that builds CRDs runs after
// the load (pipeline.Run, as crdgen crd runs it), and reports the time of
// each of its phases from the run's own timings: prepare, and the steps of
// every CRD summed over the cores (schemas, encode, validate, CEL).
func BenchmarkPipeline(b *testing.B) {
	benchmarkPipeline(b, false)
}

// BenchmarkPipelineCostReport is BenchmarkPipeline as crdgen cost runs it:
// every CRD's CEL rules analyzed, with suggested bounds.
func BenchmarkPipelineCostReport(b *testing.B) {
	benchmarkPipeline(b, true)
}

func benchmarkPipeline(b *testing.B, costReport bool) {
	m := load(b)
	_, patterns := corpus(b)
	opts := pipeline.Options{Patterns: patterns, CostReport: costReport, Schema: schemagen.Options{MisplacedMarkers: markers.Warning}}
	phases := []string{"prepare", "schemas", "encode", "validate", "CEL"}
	sums := make([]time.Duration, len(phases))
	b.ReportAllocs()
	for b.Loop() {
		ph := pipeline.NewPhases()
		res, diags, err := pipeline.Run(m, nil, opts, ph)
		if err != nil || res == nil || diags.HasErrors() {
			b.Fatalf("pipeline: %v %v", err, diags.Errors())
		}
		res.Close()
		for i, name := range phases {
			d, _ := ph.Of(name)
			sums[i] += d
		}
	}
	for i, name := range phases {
		b.ReportMetric(sums[i].Seconds()/float64(b.N), name+"-s/op")
	}
}

// BenchmarkPlanKeys times the build keys of every CRD (schemagen.Plan.Key),
// what a run with remembered builds computes before it takes any back: a
// fresh plan each time, its Prepare untimed.
func BenchmarkPlanKeys(b *testing.B) {
	m := load(b)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		plan, _ := schemagen.Prepare(m, schemagen.Options{MisplacedMarkers: markers.Warning})
		b.StartTimer()
		for i := range plan.Len() {
			plan.Key(i)
		}
	}
}
