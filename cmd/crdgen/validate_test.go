package main

// These tests run crdgen validate as CI jobs and pre-commit hooks do: on
// standard input (helm template | crdgen validate -), with CRD files alone
// outside any Go module, in every field validation mode, printing the
// objects as they would be stored, and on inputs that must not make it
// hang or panic.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// validateCase is the golden case whose packages these tests judge by.
const validateCase = "./testdata/validate_manifests_at_their_lines/..."

// validateIn runs crdgen validate in dir with stdin.
func validateIn(t *testing.T, dir, stdin string, args ...string) (int, string, string) {
	t.Helper()
	a, stdout, stderr := testApp(dir)
	a.Stdin = strings.NewReader(stdin)
	code := a.main(append([]string{"validate"}, args...))
	return code, stdout.String(), stderr.String()
}

const twoWidgets = `apiVersion: shop.example.com/v1
kind: Widget
metadata:
  name: one
spec:
  owner: alice
  ports:
  - name: http
---
apiVersion: shop.example.com/v1
kind: Widget
metadata:
  name: two
spec:
  owner: bob
  privileged: true
`

// TestValidateStdin pipes a multi-document stream in, as helm template
// and kustomize build do: positions are <stdin>'s lines.
func TestValidateStdin(t *testing.T) {
	code, stdout, stderr := validateIn(t, repoRoot(t), twoWidgets, "--packages", validateCase, "-")
	want := `<stdin>:16:3: error: Widget two: unknown field "spec.privileged" (strict field validation: the API server refuses the object)
FAIL: 1 of 2 objects invalid, 1 error (1 input)
`
	if code != exitFail || stdout != want {
		t.Errorf("exit %d, stdout\n%s\nwant exit 1 and\n%s\nstderr: %s", code, stdout, want, stderr)
	}
}

// TestValidateFieldValidationModes holds the server's three modes: an
// unknown field is an error (strict), a warning (warn), nothing (ignore).
func TestValidateFieldValidationModes(t *testing.T) {
	for _, tc := range []struct {
		mode, want string
		code       int
	}{
		{"strict", `<stdin>:16:3: error: Widget two: unknown field "spec.privileged"`, exitFail},
		{"warn", `<stdin>:16:3: warning: Widget two: unknown field "spec.privileged" (the API server drops it, and warns)`, exitOK},
		{"ignore", "ok: 2 objects valid (1 input)\n", exitOK},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			code, stdout, stderr := validateIn(t, repoRoot(t), twoWidgets, "--packages", validateCase, "--field-validation", tc.mode, "-")
			if code != tc.code || !strings.Contains(stdout, tc.want) {
				t.Errorf("exit %d, stdout\n%s\nwant exit %d and %q\nstderr: %s", code, stdout, tc.code, tc.want, stderr)
			}
		})
	}
}

// TestValidateShowDefaults prints the objects as they would be stored,
// defaults filled and unknown fields pruned, on standard output, and the
// report on standard error.
func TestValidateShowDefaults(t *testing.T) {
	code, stdout, stderr := validateIn(t, repoRoot(t), twoWidgets, "--packages", validateCase, "--show-defaults", "--field-validation", "ignore", "-")
	want := `---
# <stdin>:1:1: Widget one as the API server would store it
apiVersion: shop.example.com/v1
kind: Widget
metadata:
  generation: 1
  name: one
  namespace: default
spec:
  owner: alice
  ports:
  - name: http
    number: 80
  replicas: 1
  speed: Fast
---
# <stdin>:10:1: Widget two as the API server would store it
apiVersion: shop.example.com/v1
kind: Widget
metadata:
  generation: 1
  name: two
  namespace: default
spec:
  owner: bob
  replicas: 1
  speed: Fast
`
	if code != exitOK || stdout != want || stderr != "ok: 2 objects valid (1 input)\n" {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr: %s", code, stdout, want, stderr)
	}
}

// TestValidateCRDFilesAlone judges by --crds outside any Go module (a
// GitOps repository): nothing is loaded or built. Directories are walked
// at any depth, but not .git or .github.
func TestValidateCRDFilesAlone(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	crd, err := os.ReadFile(filepath.Join(root, "testdata/validate_manifests_at_their_lines/crds/certificates.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"crds/certificates.yaml":        string(crd),
		"apps/site/cert.yaml":           "apiVersion: cert.example.org/v1\nkind: Certificate\nmetadata:\n  name: site\nspec:\n  secretName: tls\n  duration: 90d\n",
		"apps/site/deploy.yml":          "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: site\n",
		".github/workflows/ci.yaml":     "on: push\n",
		"apps/site/README.md":           "not a manifest\n",
		"apps/site/kustomization.yaml":  "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [cert.yaml]\n",
		"apps/other/values/widget.json": `{"apiVersion": "cert.example.org/v1", "kind": "Certificate", "metadata": {"name": "x"}, "spec": {"secretName": "x"}}`,
	}
	for name, text := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	code, stdout, stderr := validateIn(t, dir, "", "--crds", "crds", ".")
	want := `apps/site/cert.yaml:5:1: error: Certificate site: spec: Invalid value: duration is in hours
skipped 2 objects: built-in (Deployment 1); not an API object (Kustomization 1); crdgen validate judges custom resources, with their CRDs
FAIL: 1 of 3 objects invalid, 1 error (5 inputs)
`
	if code != exitFail || stdout != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr: %s", code, stdout, want, stderr)
	}
	// The CRDs of the tree judge its objects without --crds, and are
	// judged themselves as the server judges a CRD's create.
	os.WriteFile(filepath.Join(dir, "crds/broken.yaml"), []byte("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things.example.org\nspec:\n  group: other.example.org\n  names: {kind: Thing, plural: things}\n  scope: Namespaced\n  versions: []\n"), 0o644)
	code, stdout, stderr = validateIn(t, dir, "", ".")
	want = `apps/site/cert.yaml:5:1: error: Certificate site: spec: Invalid value: duration is in hours
crds/broken.yaml:1:1: error: the API server refuses CRD things.example.org: status.storedVersions: Invalid value: null: must have at least one stored version
crds/broken.yaml:4:3: error: the API server refuses CRD things.example.org: metadata.name: Invalid value: "things.example.org": must be spec.names.plural+"."+spec.group
crds/broken.yaml:9:3: error: the API server refuses CRD things.example.org: spec.versions: Invalid value: []: must have exactly one version marked as storage version
`
	if code != exitFail || !strings.HasPrefix(stdout, want) {
		t.Errorf("exit %d, stdout\n%s\nwant it to start\n%s\nstderr: %s", code, stdout, want, stderr)
	}
}

// TestValidateUsage holds the exit code 2 of a wrong command line.
func TestValidateUsage(t *testing.T) {
	root := repoRoot(t)
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		want string
	}{
		{"no manifests", root, []string{"--packages", validateCase}, "no manifests"},
		{"a path that does not exist", root, []string{"--packages", validateCase, "nowhere.yaml"}, "nowhere.yaml: no such file or directory"},
		{"a bad mode", root, []string{"--packages", validateCase, "--field-validation", "loose", "-"}, "loose"},
		{"a set without sets", root, []string{"--packages", validateCase, "--set", "tech", "-"}, "no feature sets"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := validateIn(t, tc.dir, "", tc.args...)
			if code != exitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr\n%s\nwant exit 2 and %q\nstdout: %s", code, stderr, tc.want, stdout)
			}
		})
	}
}

// TestValidateBadInputs feeds what must give a clear error at its line,
// never a hang or a panic: not YAML, no apiVersion or kind, a binary
// file, a YAML bomb, a 100 MB document, and a stream that never ends a
// line.
func TestValidateBadInputs(t *testing.T) {
	root := repoRoot(t)
	var bomb strings.Builder
	bomb.WriteString("apiVersion: shop.example.com/v1\nkind: Widget\nmetadata:\n  name: bomb\na: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n")
	for i := 'b'; i <= 'i'; i++ {
		prev := string(i - 1)
		bomb.WriteString(string(i) + ": &" + string(i) + " [")
		for j := range 9 {
			if j > 0 {
				bomb.WriteString(",")
			}
			bomb.WriteString("*" + prev)
		}
		bomb.WriteString("]\n")
	}
	huge := "apiVersion: shop.example.com/v1\nkind: Widget\nmetadata:\n  name: huge\nspec:\n  owner: " + strings.Repeat("x", 100<<20) + "\n"
	for _, tc := range []struct {
		name, stdin, want string
	}{
		{"not YAML", "apiVersion: v1\nkind: ConfigMap: x\n", "<stdin>:2:1: error: not YAML: yaml: mapping values are not allowed in this context"},
		{"no kind", "apiVersion: shop.example.com/v1\nmetadata:\n  name: x\n", "<stdin>:1:1: error: not an API object: no kind"},
		{"no apiVersion", "---\n---\nkind: Widget\n", "<stdin>:3:1: error: not an API object: no apiVersion"},
		{"binary", "\x00\x01\x02\xff\xfe", "<stdin>:1:1: error: not YAML"},
		{"a YAML bomb", bomb.String(), "<stdin>:1:1: error: the document's aliases expand to more than 1000000 nodes"},
		{"a 100 MB document", huge, "<stdin>:1:1: error: the document is over 16 MiB (104857"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			code, stdout, stderr := validateIn(t, root, tc.stdin, "--packages", validateCase, "-")
			if code != exitFail || !strings.Contains(stdout, tc.want) {
				t.Errorf("exit %d, stdout\n%.2000s\nwant exit 1 and %q\nstderr: %s", code, stdout, tc.want, stderr)
			}
			if d := time.Since(start); d > time.Minute {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestValidateEndlessLine reads a stream of one line that never ends
// (/dev/zero) no further than the input limit.
func TestValidateEndlessLine(t *testing.T) {
	a, stdout, stderr := testApp(repoRoot(t))
	a.Stdin = &endless{}
	code := a.main([]string{"validate", "--packages", validateCase, "-"})
	want := "<stdin>:1:1: error: the input is over 256 MiB: crdgen validate reads no more of it"
	if code != exitFail || !strings.Contains(stdout.String(), want) {
		t.Errorf("exit %d, stdout\n%s\nwant %q\nstderr: %s", code, stdout, want, stderr)
	}
}

// endless reads zeros forever.
type endless struct{}

func (*endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestValidateFeatureSets judges by every set's CRDs, a problem named for
// its set, or by --set's alone.
func TestValidateFeatureSets(t *testing.T) {
	root := repoRoot(t)
	const c = "testdata/feature_sets_gate_versions_kinds_fields_markers"
	obj := "apiVersion: gates.crdgen.dev/v1\nkind: Widget\nmetadata:\n  name: big\nspec:\n  size: 50\n  pin: x\n"
	run := func(args ...string) (int, string) {
		a, stdout, stderr := testApp(root)
		a.ConfigFile = filepath.Join(root, c, "crdgen.yaml")
		a.Stdin = strings.NewReader(obj)
		code := a.main(append([]string{"validate", "--packages", "./" + c + "/..."}, append(args, "-")...))
		return code, stdout.String() + stderr.String()
	}
	code, out := run()
	want := "<stdin>:6:3: error: [stable] Widget big: spec.size: Invalid value: 50: spec.size in body should be less than or equal to 10\n"
	if code != exitFail || !strings.HasPrefix(out, want) || strings.Contains(out, "[preview]") {
		t.Errorf("every set: exit %d\n%s\nwant exit 1 and\n%s", code, out, want)
	}
	if code, out := run("--set", "preview"); code != exitOK || !strings.HasPrefix(out, "ok: 1 object valid (1 input)\n") {
		t.Errorf("--set preview: exit %d\n%s", code, out)
	}
	if code, out := run("--set", "previw"); code != exitUsage || !strings.Contains(out, "did you mean preview?") {
		t.Errorf("--set previw: exit %d\n%s", code, out)
	}
}

// TestValidateOldFromGit judges a change against the previous commit:
// --old git:HEAD reads the manifests' paths as HEAD has them.
func TestValidateOldFromGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	crd := `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: certificates.cert.example.org
spec:
  group: cert.example.org
  names: {kind: Certificate, plural: certificates}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              secretName:
                type: string
                x-kubernetes-validations:
                - rule: self == oldSelf
                  message: secretName is immutable
`
	cert := "apiVersion: cert.example.org/v1\nkind: Certificate\nmetadata:\n  name: %s\nspec:\n  secretName: %s\n"
	write := func(name, text string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	write("crds/cert.yaml", crd)
	write("apps/site/cert.yaml", fmt.Sprintf(cert, "site", "one"))
	runOK(t, dir, "git", "init", "-q")
	runOK(t, dir, "git", "add", ".")
	runOK(t, dir, "git", "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "first")
	write("apps/site/cert.yaml", fmt.Sprintf(cert, "site", "two"))
	write("apps/new/cert.yaml", fmt.Sprintf(cert, "new", "three"))
	code, stdout, stderr := validateIn(t, dir, "", "--crds", "crds", "--old", "git:HEAD", "apps")
	want := `apps/site/cert.yaml:6:3: error: Certificate site: spec.secretName: Invalid value: "two": secretName is immutable
FAIL: 1 of 2 objects invalid, 1 error (2 inputs)
`
	if code != exitFail || stdout != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr: %s", code, stdout, want, stderr)
	}
}
