package rbac

import (
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// TestGolden runs the rbac generator on every case of testdata and compares
// want/role.yaml and want/stderr.txt (parsertest.GoldenManifest).
func TestGolden(t *testing.T) {
	parsertest.GoldenManifest(t, "role.yaml", func(c *parsertest.Case) ([]byte, markers.ErrorList) {
		return Generate(c.Model, Options{RoleName: c.Options.RoleName, Header: c.Header})
	})
}
