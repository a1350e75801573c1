package applyconfig

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkGenerate measures Generate alone on each golden case, the model
// loaded once outside the loop.
func BenchmarkGenerate(b *testing.B) {
	header, err := os.ReadFile("testdata/boilerplate.go.txt")
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"namespaced_kind_with_status", "fields_of_every_shape"} {
		b.Run(name, func(b *testing.B) {
			dir, err := filepath.Abs(filepath.Join("testdata", name))
			if err != nil {
				b.Fatal(err)
			}
			m, _ := loadCase(b, dir)
			b.ReportAllocs()
			for b.Loop() {
				Generate(m, Options{Header: header})
			}
		})
	}
}
