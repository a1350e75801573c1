package convgen

// This file implements recognising the conversion stubs kubebuilder v4's
// "create webhook --conversion --spoke VERSION" writes: in the spoke's
// package, <kind>_conversion.go with ConvertTo and ConvertFrom methods
// that log, copy ObjectMeta and nothing else (a TODO where the fields
// would go); in the hub's, <kind>_conversion.go with Hub(). A kind whose
// spoke still has the stub loses every field but the metadata in
// conversion: crdgen says so at the stub, and --adopt replaces the stub,
// as long as it is still the scaffold's text, with crdgen's conversion.

import (
	"bytes"
	"fmt"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Stub is a spoke's conversion file as kubebuilder scaffolded it.
type Stub struct {
	// Path is the file's path.
	Path string
	// Kind, Spoke and Hub say what it converts; HubPath is the hub's
	// package.
	Kind, Spoke, Hub string
	HubPath          model.GoImportPath
	// Pos is its ConvertTo, where crdgen says what to do.
	Pos token.Position
}

// Same reports whether a file is still this stub (the file adopting it
// removes).
func (s Stub) Same(data []byte) bool {
	_, _, ok := StubDiff(data, s.Kind, s.Spoke, s.Hub, s.HubPath)
	return ok
}

// spokeStub is the text kubebuilder's spoke template makes after its
// boilerplate and gofmt, one line per entry, for a kind, its spoke and
// hub versions, and the import alias and path of the hub's package.
func spokeStub(kind, spoke, hub, alias, hubPath string) []string {
	to := []string{
		"// ConvertTo converts this " + kind + " (" + spoke + ") to the Hub version (" + hub + ").",
		"func (src *" + kind + ") ConvertTo(dstRaw conversion.Hub) error {",
		"\tdst := dstRaw.(*" + alias + "." + kind + ")",
		"\tlog.Printf(\"ConvertTo: Converting " + kind + " from Spoke version " + spoke + " to Hub version " + hub + ";\"+",
		"\t\t\"source: %s/%s, target: %s/%s\", src.Namespace, src.Name, dst.Namespace, dst.Name)",
		"",
		"\t// TODO(user): Implement conversion logic from " + spoke + " to " + hub,
		"\t// Example: Copying Spec fields",
		"\t// dst.Spec.Size = src.Spec.Replicas",
	}
	from := []string{
		"// ConvertFrom converts the Hub version (" + hub + ") to this " + kind + " (" + spoke + ").",
		"func (dst *" + kind + ") ConvertFrom(srcRaw conversion.Hub) error {",
		"\tsrc := srcRaw.(*" + alias + "." + kind + ")",
		"\tlog.Printf(\"ConvertFrom: Converting " + kind + " from Hub version " + hub + " to Spoke version " + spoke + ";\"+",
		"\t\t\"source: %s/%s, target: %s/%s\", src.Namespace, src.Name, dst.Namespace, dst.Name)",
		"",
		"\t// TODO(user): Implement conversion logic from " + hub + " to " + spoke,
		"\t// Example: Copying Spec fields",
		"\t// dst.Spec.Replicas = src.Spec.Size",
	}
	meta := []string{
		"",
		"\t// Copy ObjectMeta to preserve name, namespace, labels, etc.",
		"\tdst.ObjectMeta = src.ObjectMeta",
		"",
		"\treturn nil",
		"}",
	}
	out := []string{"package " + spoke, "", "import (", "\t\"log\"", "", "\t\"sigs.k8s.io/controller-runtime/pkg/conversion\"", "",
		"\t" + alias + " \"" + hubPath + "\"", ")", ""}
	out = append(out, to...)
	out = append(out, meta...)
	out = append(out, "")
	out = append(out, from...)
	return append(out, meta...)
}

// aliasRE finds the import of a package by its path, for its alias.
func aliasRE(path string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\s*([A-Za-z_][A-Za-z0-9_]*)\s+"` + regexp.QuoteMeta(path) + `"\s*$`)
}

// StubDiff compares a spoke's conversion file with kubebuilder's stub for
// a kind: ok when it is the stub (its boilerplate, the comments before the
// package clause, aside); otherwise the first line that differs (1-based,
// in the file) and its text.
func StubDiff(src []byte, kind, spoke, hub string, hubPath model.GoImportPath) (line int, text string, ok bool) {
	alias := "v1"
	if m := aliasRE(string(hubPath)).FindSubmatch(src); m != nil {
		alias = string(m[1])
	}
	lines := strings.Split(strings.TrimRight(string(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))), "\n"), "\n")
	start, inBlock := 0, false
	for start < len(lines) && (inBlock || !strings.HasPrefix(lines[start], "package ")) {
		// Before the package clause, only the header: blank lines and
		// comments.
		t := strings.TrimSpace(lines[start])
		switch {
		case inBlock:
			inBlock = !strings.Contains(t, "*/")
		case strings.HasPrefix(t, "/*"):
			inBlock = !strings.Contains(t[2:], "*/")
		case t != "" && !strings.HasPrefix(t, "//"):
			return start + 1, lines[start], false
		}
		start++
	}
	want := spokeStub(kind, spoke, hub, alias, string(hubPath))
	for i, w := range want {
		n := start + i
		if n >= len(lines) {
			return len(lines), "(the end of the file)", false
		}
		if strings.TrimRight(lines[n], " \t") != w {
			return n + 1, lines[n], false
		}
	}
	if extra := start + len(want); extra < len(lines) {
		return extra + 1, lines[extra], false
	}
	return 0, "", true
}

// stubOf returns the kubebuilder stub of a spoke kind's ConvertTo and
// ConvertFrom, when both are in one file that is still the scaffold's
// text (Options.Source reads it).
func (g *gen) stubOf(spoke, hub *model.Kind) *Stub {
	if g.opts.Source == nil {
		return nil
	}
	var file string
	var pos token.Position
	for _, fn := range spoke.Package().Funcs {
		if fn.Recv != spoke.Name || fn.Name != "ConvertTo" && fn.Name != "ConvertFrom" {
			continue
		}
		if file != "" && fn.File != file {
			return nil
		}
		file = fn.File
		if fn.Name == "ConvertTo" {
			pos = fn.Pos
		}
	}
	if file == "" {
		return nil
	}
	src := g.opts.Source(file)
	if src == nil {
		return nil
	}
	if _, _, ok := StubDiff(src, spoke.Name, spoke.Version.Name, hub.Version.Name, hub.Package().Path); !ok {
		return nil
	}
	return &Stub{Path: file, Kind: spoke.Name, Spoke: spoke.Version.Name, Hub: hub.Version.Name, HubPath: hub.Package().Path, Pos: pos}
}

// stubText is what crdgen says at a stub.
func stubText(s *Stub, adopt string) string {
	return fmt.Sprintf("%s %s's ConvertTo and ConvertFrom are kubebuilder's scaffold (create webhook --conversion), which copies only the metadata: every other field is lost converting to and from %s; %s",
		s.Spoke, s.Kind, s.Hub, adopt)
}

// scaffolded reports whether a version of a kind has kubebuilder's stub,
// converting to another: keeping conversions current (Options.Kept), the
// kind is looked at, to say at the stub what to do.
func (g *gen) scaffolded(versions []*model.Kind) bool {
	for _, a := range versions {
		for _, b := range versions {
			if a != b && g.stubOf(a, b) != nil {
				return true
			}
		}
	}
	return false
}

// adopt readies a kind's kubebuilder stubs for replacement (Options.Adopt):
// each spoke's ConvertTo and ConvertFrom must be in one file that is still
// the scaffold's text; an error at the first line that differs otherwise.
func (g *gen) adopt(kc *kindConv) bool {
	kc.adopt = map[string]bool{}
	for _, k := range kc.spokes {
		var file string
		for _, fn := range k.Package().Funcs {
			if fn.Recv != kc.name || fn.Name != "ConvertTo" && fn.Name != "ConvertFrom" {
				continue
			}
			if file != "" && fn.File != file {
				g.diags.Errorf(fn.Pos, markers.CodeConversion, "--adopt %s: %s %s's ConvertTo and ConvertFrom are in two files, so they are not kubebuilder's stub; remove the methods to have crdgen write them, or mark the kind +crdgen:conversion:generate to keep them", kc.name, k.Version.Name, kc.name)
				return false
			}
			file = fn.File
		}
		if file == "" {
			continue
		}
		var src []byte
		if g.opts.Source != nil {
			src = g.opts.Source(file)
		}
		line, text, ok := StubDiff(src, kc.name, k.Version.Name, kc.hub.Version.Name, kc.hub.Package().Path)
		if !ok {
			g.diags.Errorf(token.Position{Filename: file, Line: line, Column: 1}, markers.CodeConversion,
				"--adopt %s: %s is not kubebuilder's stub any more, line %d differs (%s), and --adopt replaces only the stub as kubebuilder wrote it: move what you wrote to hand-written Convert_ functions (crdgen calls them) and remove the file, or mark the kind +crdgen:conversion:generate to keep the methods",
				kc.name, filepath.Base(file), line, strings.TrimSpace(text))
			return false
		}
		kc.adopt[file] = true
		g.adopted = append(g.adopted, Stub{Path: file, Kind: kc.name, Spoke: k.Version.Name, Hub: kc.hub.Version.Name, HubPath: kc.hub.Package().Path})
	}
	if len(g.adopted) == 0 {
		g.diags.Errorf(kc.hub.Type.Pos, markers.CodeConversion, "--adopt %s: no version of %s has kubebuilder's ConvertTo and ConvertFrom stub to replace", kc.name, kc.name)
		return false
	}
	return true
}

// checkAdopt reports an Options.Adopt that names no kind crdgen converts.
func (g *gen) checkAdopt(m *model.Model) {
	if g.opts.Adopt == "" || g.adoptFound {
		return
	}
	var names []string
	for _, group := range m.Groups {
		for _, v := range group.Versions {
			for _, k := range v.Kinds {
				if !slices.Contains(names, k.Name) {
					names = append(names, k.Name)
				}
			}
		}
	}
	slices.Sort(names)
	msg := fmt.Sprintf("--adopt %s: no kind %s with two or more versions", g.opts.Adopt, g.opts.Adopt)
	if s := markers.Suggest(g.opts.Adopt, names); s != "" {
		msg += ", did you mean " + s
	}
	g.diags.Errorf(token.Position{}, markers.CodeConversion, "%s", msg)
}
