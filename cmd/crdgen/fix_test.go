package main

import (
	"strings"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
)

// TestFixCommand checks the command --check says to run: the same
// arguments without --check and without --format.
func TestFixCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--check", "./api/..."}, "crdgen generate ./api/..."},
		{[]string{"--check", "--format", "github"}, "crdgen generate"},
		{[]string{"--format=json", "-check", "-o", "out", "./..."}, "crdgen generate -o out ./..."},
	} {
		got := app.FixCommand(dir, "generate", tc.args)
		if !strings.HasSuffix(got, tc.want) || strings.Contains(got, "format") {
			t.Errorf("fixCommand(%q) = %q, want ... %q", tc.args, got, tc.want)
		}
	}
}

// TestHelpNamesTheGenerators checks that crdgen's usage line for generate
// names the generators beyond CRDs and conversions, and that generate's
// --generators help gives both defaults as the layout has them.
func TestHelpNamesTheGenerators(t *testing.T) {
	if !strings.Contains(usage, "CRDs,\n                                   conversions, DeepCopy, RBAC, webhooks, apply configurations") {
		t.Errorf("crdgen's usage does not name the generators of generate:\n%s", usage)
	}
	a, stdout, _ := testApp(t.TempDir())
	if code := a.main([]string{"generate", "-h"}); code != exitOK {
		t.Fatalf("generate -h: exit %d", code)
	}
	help := strings.Join(strings.Fields(stdout.String()), " ")
	for _, want := range []string{"by default crd,conversion,", "in a kubebuilder project crd,object,rbac,webhook,applyconfiguration (what its make manifests generate runs)"} {
		if !strings.Contains(help, want) {
			t.Errorf("generate -h has no %q:\n%s", want, stdout)
		}
	}
}
