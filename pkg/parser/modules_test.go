package parser

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestListGroups checks which module each pattern is listed from: the
// main module's patterns as they are, a directory in a nested module from
// that module, and every module nested below a "..." pattern, but not
// those the go command's walk skips (testdata, vendor, _ and . dirs), and
// nothing split in a workspace.
func TestListGroups(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/root
-- api/go.mod --
module example.com/root/api
-- api/v1/types.go --
package v1
-- api/inner/go.mod --
module example.com/root/api/inner
-- tools/go.mod --
module example.com/tools
-- testdata/m/go.mod --
module example.com/fixture
-- _old/go.mod --
module example.com/old
-- pkg/x.go --
package pkg
`)
	rel := func(gs []listGroup) [][2]any {
		var out [][2]any
		for _, g := range gs {
			r, _ := filepath.Rel(dir, g.dir)
			out = append(out, [2]any{r, g.patterns})
		}
		return out
	}
	tests := []struct {
		name     string
		patterns []string
		env      []string
		want     [][2]any
	}{
		{"everything", []string{"./..."}, nil, [][2]any{
			{".", []string{"./..."}}, {"api", []string{"./..."}}, {"api/inner", []string{"./..."}}, {"tools", []string{"./..."}}}},
		{"a nested module's tree", []string{"./api/..."}, nil, [][2]any{
			{".", []string(nil)}, {"api", []string{"./..."}}, {"api/inner", []string{"./..."}}}},
		{"a directory in a nested module", []string{"./api/v1", "./pkg"}, nil, [][2]any{
			{".", []string{"./pkg"}}, {"api", []string{"./v1"}}}},
		{"import paths stay", []string{"example.com/root/api/..."}, nil, [][2]any{
			{".", []string{"example.com/root/api/..."}}}},
		{"a workspace lists them itself", []string{"./..."}, []string{"GOWORK=" + filepath.Join(dir, "go.work")}, [][2]any{
			{".", []string{"./..."}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := append([]string{"GOWORK="}, tc.env...)
			if got := rel(listGroups(dir, tc.patterns, env)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
