package webhook

import (
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// TestGolden runs the webhook generator on every case of testdata and
// compares want/manifests.yaml and want/stderr.txt
// (parsertest.GoldenManifest).
func TestGolden(t *testing.T) {
	parsertest.GoldenManifest(t, "manifests.yaml", func(c *parsertest.Case) ([]byte, markers.ErrorList) {
		return Generate(c.Model, Options{Header: c.Header})
	})
}
