package cli

import (
	"slices"
	"strings"
	"testing"
)

// TestPatterns checks the package patterns of a command line, with lists
// as controller-gen's paths= writes them.
func TestPatterns(t *testing.T) {
	tests := []struct {
		args    []string
		want    []string
		wantErr string
	}{
		{args: []string{"./api/...", "./pkg/..."}, want: []string{"./api/...", "./pkg/..."}},
		{args: []string{"{./api/..., ./pkg/...}"}, want: []string{"./api/...", "./pkg/..."}},
		{args: []string{"./api/...;./internal/..."}, want: []string{"./api/...", "./internal/..."}},
		{args: []string{`{"./api/...","./cmd/..."}`, "./pkg/..."}, want: []string{"./api/...", "./cmd/...", "./pkg/..."}},
		{args: []string{"{./...}"}, want: []string{"./..."}},
		{args: []string{"example.com/a,b"}, want: []string{"example.com/a,b"}},
		{args: []string{"paths=./api/..."}, wantErr: `"paths=./api/..." is controller-gen's; crdgen takes the packages as arguments: ./api/...`},
		{args: []string{"paths={./a/...,./b/...}"}, wantErr: "as arguments: ./a/... ./b/..."},
	}
	for _, tc := range tests {
		got, err := Patterns(tc.args)
		switch {
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("Patterns(%q): error %v, want %q", tc.args, err, tc.wantErr)
		case tc.wantErr == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("Patterns(%q) = %q, %v, want %q", tc.args, got, err, tc.want)
		}
	}
}
