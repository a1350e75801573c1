// Package phases benchmarks each phase of crdgen's pipeline on a corpus that
// bench/compare prepares (by default the largest synthetic one, 700 CRDs):
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

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/crdyaml"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
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
	m, diags, err := model.Load(context.Background(), patterns, model.Options{Dir: dir, Opaque: schemagen.IsKnownType, UnknownMarkers: markers.Warning})
	if err != nil || m == nil || diags.HasErrors() {
		b.Fatalf("load: %v %v", err, diags.Errors())
	}
	return m
}

func BenchmarkLoad(b *testing.B) {
	dir, patterns := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := model.Load(context.Background(), patterns, model.Options{Dir: dir, Opaque: schemagen.IsKnownType, UnknownMarkers: markers.Warning}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFingerprint(b *testing.B) {
	dir, patterns := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := model.Fingerprint(context.Background(), patterns, model.Options{Dir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrepare(b *testing.B) {
	m := load(b)
	b.ReportAllocs()
	for b.Loop() {
		schemagen.Prepare(m, schemagen.Options{})
	}
}

// built builds every CRD of the corpus once.
func built(b *testing.B) []*schemagen.CRD {
	b.Helper()
	crds, diags := schemagen.Generate(load(b), schemagen.Options{})
	if diags.HasErrors() {
		b.Fatal(diags.Errors())
	}
	return crds
}

func BenchmarkBuild(b *testing.B) {
	m := load(b)
	b.ReportAllocs()
	for b.Loop() {
		p, _ := schemagen.Prepare(m, schemagen.Options{})
		parallel.ForEach(p.Len(), func(i int) { p.Build(i) })
	}
}

func BenchmarkEncode(b *testing.B) {
	crds := built(b)
	b.ReportAllocs()
	for b.Loop() {
		parallel.ForEach(len(crds), func(i int) {
			if _, err := crdyaml.Marshal(crds[i].Object); err != nil {
				b.Error(err)
			}
		})
	}
}

func BenchmarkInternal(b *testing.B) {
	crds := built(b)
	v := schemagen.NewValidator()
	b.ReportAllocs()
	for b.Loop() {
		parallel.ForEach(len(crds), func(i int) {
			if _, err := v.InternalOf(crds[i].Object); err != nil {
				b.Error(err)
			}
		})
	}
}

// internals converts every CRD once.
func internals(b *testing.B, crds []*schemagen.CRD) []celcost.Target {
	v := schemagen.NewValidator()
	targets := make([]celcost.Target, len(crds))
	for i, c := range crds {
		in, err := v.InternalOf(c.Object)
		if err != nil {
			b.Fatal(err)
		}
		targets[i] = celcost.Target{CRD: c, Internal: in}
	}
	return targets
}

func BenchmarkCEL(b *testing.B) {
	targets := internals(b, built(b))
	an, err := celcost.NewAnalyzer(celcost.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		parallel.ForEach(len(targets), func(i int) { an.CRD(targets[i]) })
	}
}

func BenchmarkValidate(b *testing.B) {
	targets := internals(b, built(b))
	v := schemagen.NewValidator()
	b.ReportAllocs()
	for b.Loop() {
		parallel.ForEach(len(targets), func(i int) { v.ValidateInternal(targets[i].CRD, targets[i].Internal) })
	}
}

func BenchmarkWrite(b *testing.B) {
	crds := built(b)
	files := make([][]byte, len(crds))
	for i, c := range crds {
		y, err := crdyaml.Marshal(c.Object)
		if err != nil {
			b.Fatal(err)
		}
		files[i] = y
	}
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		for i, data := range files {
			if err := os.WriteFile(filepath.Join(dir, crds[i].FileName), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
}
