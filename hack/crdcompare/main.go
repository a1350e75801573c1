// Command crdcompare compares two directories of CRD YAML files, file by
// file, and reports each as byte-identical, semantically equal (the same
// object once tool-version annotations are dropped and the API server's
// default conversion strategy is filled in) or different (with a
// diff of the normalized objects). hack/realworld.sh uses it to measure
// crdgen against CRDs that projects commit.
//
// With -typed, files are compared as the API server reads them: each is
// decoded as an apiextensions.k8s.io/v1 CustomResourceDefinition, so that
// keys the API does not have, null values and empty strings it leaves out
// compare equal to their absence; what it dropped is said beside a file
// that is otherwise equal (semantically-equal-typed). hack/openshift.sh
// uses it.
//
// Usage:
//
//	crdcompare [-diff-lines N] [-typed] [-ignore-annotation KEY]... WANT_DIR GOT_DIR
//
// It exits 1 when any file is different or missing.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// typed compares the CRDs as the API server decodes them (-typed).
var typed bool

// toolAnnotations are annotations that record the generator, not the API.
func toolAnnotations() []string {
	return []string{"controller-gen.kubebuilder.io/version", "crdgen.dev/version"}
}

// multiFlag collects a repeated string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func main() {
	diffLines := flag.Int("diff-lines", 200, "print at most this many diff lines per file (0: no diff)")
	var ignore multiFlag
	flag.Var(&ignore, "ignore-annotation", "drop this annotation from both sides before comparing (repeatable)")
	flag.BoolVar(&typed, "typed", false, "compare the CRDs as the API server decodes them")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: crdcompare [-diff-lines N] WANT_DIR GOT_DIR")
		os.Exit(2)
	}
	os.Exit(compare(flag.Arg(0), flag.Arg(1), *diffLines, ignore))
}

func compare(wantDir, gotDir string, diffLines int, ignore []string) int {
	names := yamlFiles(wantDir)
	for _, n := range yamlFiles(gotDir) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	counts := map[string]int{}
	exit := 0
	for _, name := range names {
		want, errW := os.ReadFile(filepath.Join(wantDir, name))
		got, errG := os.ReadFile(filepath.Join(gotDir, name))
		var status, detail string
		switch {
		case errW != nil:
			status = "extra"
			detail = "generated, but the project commits no such file"
		case errG != nil:
			status = "missing"
			detail = "committed, but not generated"
			exit = 1
		case bytes.Equal(want, got):
			status = "byte-identical"
		case bytes.Equal(dropAnnotationLines(want, ignore), dropAnnotationLines(got, ignore)):
			status = "identical-but-tool"
			detail = "byte-identical except for the generator's version annotation"
		default:
			w, g, err := normalize(want, got, ignore)
			if err != nil {
				status, detail = "different", err.Error()
				exit = 1
				break
			}
			if reflect.DeepEqual(w, g) {
				status = "semantically-equal"
				break
			}
			if typed {
				w, g, err = typedForms(w, g)
				if err == nil && reflect.DeepEqual(w, g) {
					status, detail = "semantically-equal-typed", dropped(want, got)
					break
				}
			}
			status = "different"
			exit = 1
			detail = diff(w, g, diffLines)
		}
		counts[status]++
		fmt.Printf("%-20s %s\n", status, name)
		if detail != "" {
			fmt.Println(indent(detail))
		}
	}
	fmt.Printf("\n%d files: %d byte-identical, %d identical but the tool annotation, %d semantically-equal, %d equal as the API server reads them, %d different, %d missing, %d extra\n",
		len(names), counts["byte-identical"], counts["identical-but-tool"], counts["semantically-equal"], counts["semantically-equal-typed"], counts["different"], counts["missing"], counts["extra"])
	return exit
}

// dropAnnotationLines removes the lines of tool and ignored annotations, and
// an "annotations:" line left with nothing under it.
func dropAnnotationLines(data []byte, ignore []string) []byte {
	lines := strings.Split(string(data), "\n")
	var out []string
	for _, l := range lines {
		key, _, _ := strings.Cut(strings.TrimSpace(l), ":")
		if slices.Contains(toolAnnotations(), key) || slices.Contains(ignore, key) {
			continue
		}
		out = append(out, l)
	}
	for i := 0; i+1 < len(out); i++ {
		if strings.TrimSpace(out[i]) == "annotations:" && !strings.HasPrefix(out[i+1], out[i][:len(out[i])-len(strings.TrimLeft(out[i], " "))]+"  ") {
			out = append(out[:i], out[i+1:]...)
		}
	}
	return []byte(strings.Join(out, "\n"))
}

func yamlFiles(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") {
			out = append(out, e.Name())
		}
	}
	return out
}

func normalize(want, got []byte, ignore []string) (any, any, error) {
	var w, g map[string]any
	if err := yaml.Unmarshal(want, &w); err != nil {
		return nil, nil, fmt.Errorf("committed file: %v", err)
	}
	if err := yaml.Unmarshal(got, &g); err != nil {
		return nil, nil, fmt.Errorf("generated file: %v", err)
	}
	for _, m := range []map[string]any{w, g} {
		md, _ := m["metadata"].(map[string]any)
		ann, _ := md["annotations"].(map[string]any)
		for _, a := range append(toolAnnotations(), ignore...) {
			delete(ann, a)
		}
		if ann != nil && len(ann) == 0 {
			delete(md, "annotations")
		}
		defaultConversion(m)
	}
	return w, g, nil
}

// defaultConversion sets spec.conversion to the API server's default,
// strategy None, when a CRD leaves it out: crdgen writes it for every
// multi-version CRD, controller-gen never does.
func defaultConversion(crd map[string]any) {
	spec, _ := crd["spec"].(map[string]any)
	if spec == nil || spec["conversion"] != nil {
		return
	}
	spec["conversion"] = map[string]any{"strategy": "None"}
}

func diff(w, g any, max int) string {
	if max == 0 {
		return ""
	}
	wy, _ := yaml.Marshal(w)
	gy, _ := yaml.Marshal(g)
	text, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(string(wy)), B: difflib.SplitLines(string(gy)),
		FromFile: "committed", ToFile: "crdgen", Context: 2,
	})
	lines := strings.Split(text, "\n")
	if len(lines) > max {
		lines = append(lines[:max], fmt.Sprintf("... %d more lines", len(lines)-max))
	}
	return strings.Join(lines, "\n")
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

// typedForms are two normalized CRDs as the API server decodes them.
func typedForms(w, g any) (any, any, error) {
	var out [2]any
	for i, v := range []any{w, g} {
		data, err := json.Marshal(v)
		if err != nil {
			return nil, nil, err
		}
		var crd apiextv1.CustomResourceDefinition
		if err := json.Unmarshal(data, &crd); err != nil {
			return nil, nil, err
		}
		data, err = json.Marshal(&crd)
		if err != nil {
			return nil, nil, err
		}
		if err := json.Unmarshal(data, &out[i]); err != nil {
			return nil, nil, err
		}
	}
	return out[0], out[1], nil
}

// dropped says what the API server's decoding drops of each file: the
// paths of keys the CRD API does not have, and of null or empty values.
func dropped(want, got []byte) string {
	var notes []string
	for _, f := range []struct {
		name string
		data []byte
	}{{"committed", want}, {"crdgen", got}} {
		var raw any
		if err := yaml.Unmarshal(f.data, &raw); err != nil {
			continue
		}
		_, typedForm, err := typedForms(raw, raw)
		if err != nil {
			continue
		}
		for _, p := range lost(raw, typedForm, "") {
			notes = append(notes, f.name+": "+p)
		}
	}
	return strings.Join(notes, "\n")
}

// lost lists the paths of a that b does not have.
func lost(a, b any, path string) []string {
	switch x := a.(type) {
	case map[string]any:
		y, _ := b.(map[string]any)
		var out []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if _, ok := y[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: %v", path, k, x[k]))
				continue
			}
			out = append(out, lost(x[k], y[k], path+"."+k)...)
		}
		return out
	case []any:
		y, _ := b.([]any)
		var out []string
		for i := range x {
			if i < len(y) {
				out = append(out, lost(x[i], y[i], fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
		return out
	}
	return nil
}
