package main

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// goCmd runs the go command in the module root.
func goCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestGeneratedConversionsCompileAndRoundTrip builds and vets the generated
// conversions of the testdata cases (the golden test checks they are up to
// date) and runs their generated round-trip tests and the hand-written tests
// of the stash beside them.
func TestGeneratedConversionsCompileAndRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the testdata packages with the go command")
	}
	pkgs := []string{"./testdata/conversion_pizza_toppings/...", "./testdata/conversion_three_versions/..."}
	if out, err := goCmd(t, append([]string{"vet"}, pkgs...)...); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	out, err := goCmd(t, append([]string{"test", "-count=1", "-v", "-run", "RoundTrip|Stash|Hub|Spoke|Metadata|Annotation"}, pkgs...)...)
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
	passed := regexp.MustCompile(`(?m)^\s*--- PASS: (\S+)`).FindAllStringSubmatch(out, -1)
	var names []string
	for _, m := range passed {
		names = append(names, m[1])
	}
	for _, want := range []string{
		"TestPizzaConversionRoundTrip/spoke_to_hub_and_back", "TestPizzaConversionRoundTrip/hub_to_spoke_and_back",
		"TestClusterConversionRoundTrip/spoke_to_hub_and_back", "TestClusterConversionRoundTrip/hub_to_spoke_and_back",
		"TestAChangeInTheSpokeWinsOverTheStash", "TestTheAnnotationNeverReachesTheHub",
	} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("%s did not pass; passed: %v", want, names)
		}
	}
}

// TestAMissingHandWrittenConversionDoesNotCompile checks that the generated
// code calls the hand-written function crdgen asked for, so that the
// package fails to build until the author writes it.
func TestAMissingHandWrittenConversionDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a testdata package with the go command")
	}
	out, err := goCmd(t, "build", "./testdata/conversion_missing_hand_written_function/...")
	if err == nil {
		t.Fatal("the package built without the hand-written conversion")
	}
	for _, fn := range []string{"Convert_v1alpha1_ShopSpec_To_v1_ShopSpec", "Convert_v1_ShopSpec_To_v1alpha1_ShopSpec"} {
		if !strings.Contains(out, "undefined: "+fn) {
			t.Errorf("go build output does not name %s:\n%s", fn, out)
		}
	}
}
