// Package suites benchmarks crdgen test: the cases of CRD test suites run
// in process (crtest.Run: a server per suite, the suites on every core),
// after the CRDs are built, and reports cases per second:
//
//	go test ./bench/suites -bench . -benchtime 20x
//
// By default it runs the suites of the repository's golden cases; with
// CRDGEN_BENCH_SUITES=DIR, the suites of the packages ./... of the module
// at DIR (prometheus-operator's monitoring module with starter suites
// from crdgen test --init, say).
package suites

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crdgen/crdgen/internal/safefile"

	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// corpus builds the CRDs of the packages with suites and reads their
// suites.
func corpus(b *testing.B) (*pipeline.Result, []*crtest.Suite) {
	b.Helper()
	dir, patterns := "../..", []string{"./testdata/crd_tests_pass_in_process/...", "./testdata/crd_tests_init_writes_a_starter_suite/..."}
	if d := os.Getenv("CRDGEN_BENCH_SUITES"); d != "" {
		dir, patterns = d, []string{"./..."}
	}
	dir, _ = filepath.Abs(dir)
	m, diags, err := parser.Load(context.Background(), patterns, parser.Options{Dir: dir, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Warning})
	if err != nil || m == nil || diags.HasErrors() {
		b.Fatalf("load: %v %v", err, diags.Errors())
	}
	res, diags, err := pipeline.Run(m, nil, pipeline.Options{Patterns: patterns, KeepObjects: true}, nil)
	if err != nil || diags.HasErrors() {
		b.Fatalf("pipeline: %v %v", err, diags.Errors())
	}
	var dirs []string
	for _, c := range res.CRDs {
		for _, k := range c.Kinds {
			dirs = append(dirs, k.Package().Dir)
		}
	}
	files, err := crtest.FindSuites(dirs, nil, safefile.OS{})
	if err != nil || len(files) == 0 {
		b.Fatalf("no suites under %s: %v", dir, err)
	}
	var suites []*crtest.Suite
	for _, f := range files {
		s, err := crtest.ReadSuite(f, safefile.OS{})
		if err != nil {
			b.Fatal(err)
		}
		suites = append(suites, s)
	}
	return res, suites
}

// BenchmarkSuites runs every case of the suites, and reports cases/s.
func BenchmarkSuites(b *testing.B) {
	res, suites := corpus(b)
	defer res.Close()
	v := schemagen.NewValidator()
	cases := 0
	b.ReportAllocs()
	for b.Loop() {
		outcomes, problems := crtest.Run(res.CRDs, suites, v, crtest.Options{})
		if len(problems) > 0 {
			b.Fatal(problems[0])
		}
		for _, o := range outcomes {
			if !o.Passed() {
				b.Fatalf("%s/%s: %s", o.Suite.Name, o.Case.Name, o.Failure)
			}
		}
		cases += len(outcomes)
	}
	b.ReportMetric(float64(cases)/b.Elapsed().Seconds(), "cases/s")
	b.ReportMetric(float64(cases)/float64(b.N), "cases/op")
}
