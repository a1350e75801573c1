package migrate

import (
	"strings"
	"testing"
)

// FuzzLine reads controller-gen command lines: no input panics or hangs,
// an error is at a column inside the line (or its start), and a line that
// maps comes out as a crdgen command that reads back as words.
func FuzzLine(f *testing.F) {
	for _, seed := range []string{
		`"$(CONTROLLER_GEN)" rbac:roleName=manager-role crd webhook applyconfiguration:headerFile="hack/boilerplate.go.txt" paths="./..." output:crd:artifacts:config=config/crd/bases`,
		`controller-gen object:headerFile="hack/boilerplate.go.txt",year=2026 paths="./..."`,
		`cd api && controller-gen crd:maxDescLen=0 paths="{./a/..., ./b/...}" output:crd:dir=x`,
		`controller-gen crd paths=./... output:stdout > crds.yaml`,
		`controller-gen crd:crdVersions=v1beta1 paths=./...`,
		`controller-gen rbac:roleName=r,fileName=x.yaml output:rbac:none webhook paths="./a/...;./b/..."`,
		`controller-gen --load-build-tags=e2e object paths=./...`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		out, diags := Line(line, Defaults{})
		for _, d := range diags {
			if d.Pos.Line != 1 || d.Pos.Column < 1 || d.Pos.Column > len(line)+1 {
				t.Fatalf("%q: diagnostic at %d:%d, outside the line: %s", line, d.Pos.Line, d.Pos.Column, d.Msg)
			}
		}
		if diags.HasErrors() {
			return
		}
		if words := Words(out[strings.Index(out, "crdgen "):]); len(words) < 2 || words[0] != "crdgen" {
			t.Fatalf("%q maps to %q, which does not read back as crdgen's command", line, out)
		}
	})
}
