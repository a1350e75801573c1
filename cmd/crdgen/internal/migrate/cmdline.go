package migrate

// This file implements reading controller-gen's command line as
// controller-tools does (pkg/genall's options): each argument is a marker,
// with a '+' in front or not. A generator is "NAME" or "NAME:key=value,...";
// an output rule is "output:RULE" for every generator or
// "output:GEN:RULE" for one, RULE being artifacts:config=DIR[,code=DIR],
// dir=DIR, stdout or none; paths= is a list of strings ("{a,b}", "a;b",
// each element optionally quoted), and several paths= add up. A rule for
// a generator the line does not run is an error, as controller-gen's
// "non-invoked generator".

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/pkg/markers"
)

// arg is one argument of a controller-gen command line: its value, where
// it is, and the variable it came from when it was in one.
type arg struct {
	Value string
	Pos   token.Position
	// From is the variable ($(CRD_OPTIONS)) the argument came from.
	From string
}

// where says where an argument is, for messages: "" or " (in
// $(CRD_OPTIONS))".
func (a arg) where() string {
	if a.From == "" {
		return ""
	}
	return " (in $(" + a.From + "))"
}

// Invocation is one controller-gen command line, read.
type Invocation struct {
	// Generators are those the line runs, in its order.
	Generators []Generator
	// Outputs are the output rules, by generator ("" for every one).
	Outputs map[string]OutputRule
	// Paths are the package patterns of every paths= argument.
	Paths []string
	// Tags are --load-build-tags.
	Tags []string
}

// Generator is one generator of a line with its options.
type Generator struct {
	Name    string
	Options []Option
	at      arg
}

// Option is one key=value of a generator ("true" when written as a bare
// key).
type Option struct {
	Key, Value string
	at         arg
}

// OutputRule is where a generator's files go.
type OutputRule struct {
	// Kind is artifacts, dir, stdout or none.
	Kind string
	// Dir is the directory of artifacts (config=) or dir; Code is
	// artifacts' code= (Go files into one directory).
	Dir, Code string
	at        arg
}

// controllerGenGenerators are controller-gen's generators.
func controllerGenGenerators() []string {
	return []string{"crd", "rbac", "webhook", "object", "applyconfiguration", "schemapatch"}
}

// parseInvocation reads the arguments of a controller-gen command line.
func parseInvocation(args []arg) (*Invocation, markers.ErrorList) {
	inv := &Invocation{Outputs: map[string]OutputRule{}}
	var diags markers.ErrorList
	fail := func(a arg, format string, v ...any) {
		diags.Errorf(a.Pos, markers.CodeMigrate, "%s%s", fmt.Sprintf(format, v...), a.where())
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if strings.HasPrefix(v, "-") {
			name, val, hasVal := strings.Cut(strings.TrimLeft(v, "-"), "=")
			switch {
			case name == "load-build-tags" && hasVal:
				inv.Tags = append(inv.Tags, strings.Split(val, ",")...)
			case name == "load-build-tags" && i+1 < len(args):
				i++
				inv.Tags = append(inv.Tags, strings.Split(args[i].Value, ",")...)
			case name == "w" || name == "ww" || name == "help" || name == "h":
				fail(a, "controller-gen %s prints the markers' help and generates nothing; crdgen markers lists them", v)
			case name == "version":
				fail(a, "controller-gen %s prints its version; crdgen version prints crdgen's", v)
			default:
				fail(a, "controller-gen flag %s has no crdgen equivalent", v)
			}
			continue
		}
		v = strings.TrimPrefix(v, "+")
		name, rest, _ := strings.Cut(v, ":")
		if n, val, ok := strings.Cut(name, "="); ok && n == "paths" {
			ps, err := pathsOf(val + strings.TrimPrefix(v, name))
			if err != nil {
				fail(a, "%s: %v", v, err)
			}
			inv.Paths = append(inv.Paths, ps...)
			continue
		}
		switch {
		case name == "output":
			gen, rule, err := parseOutputRule(rest)
			if err != nil {
				fail(a, "%s: %v", v, err)
				continue
			}
			rule.at = a
			inv.Outputs[gen] = rule
		case slices.Contains(controllerGenGenerators(), name):
			opts, err := parseOptions(rest, v != name)
			if err != nil {
				fail(a, "%s: %v", v, err)
				continue
			}
			g := Generator{Name: name, at: a}
			for _, o := range opts {
				o.at = a
				g.Options = append(g.Options, o)
			}
			inv.Generators = append(inv.Generators, g)
		default:
			msg := fmt.Sprintf("%q is not a controller-gen generator, output rule or paths=", v)
			if s := markers.Suggest(name, append(controllerGenGenerators(), "output", "paths")); s != "" {
				msg += fmt.Sprintf(", did you mean %q", s)
			}
			fail(a, "%s", msg)
		}
	}
	for _, gen := range sortedKeys(inv.Outputs) {
		if gen != "" && !slices.ContainsFunc(inv.Generators, func(g Generator) bool { return g.Name == gen }) {
			r := inv.Outputs[gen]
			fail(r.at, "output rule for %s, which the line does not run (controller-gen: non-invoked generator %q)", gen, gen)
		}
	}
	return inv, diags
}

// pathsOf reads the value of paths=: a list of strings.
func pathsOf(v string) ([]string, error) {
	if u, ok := unquote(v); ok {
		v = u
	}
	if strings.TrimSpace(v) == "" {
		return nil, fmt.Errorf("no package")
	}
	ps, err := cli.Patterns([]string{v})
	if err != nil {
		return nil, err
	}
	for i, p := range ps {
		if u, ok := unquote(p); ok {
			ps[i] = u
		}
	}
	return ps, nil
}

// parseOutputRule reads what follows "output:": "RULE" or "GEN:RULE", and
// returns the generator ("" for every one) and the rule.
func parseOutputRule(s string) (string, OutputRule, error) {
	gen := ""
	if g, rest, ok := strings.Cut(s, ":"); ok && slices.Contains(controllerGenGenerators(), g) {
		gen, s = g, rest
	} else if ok && g != "artifacts" {
		msg := fmt.Sprintf("no generator %q", g)
		if sug := markers.Suggest(g, controllerGenGenerators()); sug != "" {
			msg += fmt.Sprintf(", did you mean %q", sug)
		}
		return "", OutputRule{}, fmt.Errorf("%s", msg)
	}
	kind, args, _ := strings.Cut(s, ":")
	if k, v, ok := strings.Cut(kind, "="); ok {
		kind, args = k, v
	}
	var r OutputRule
	switch kind {
	case "stdout", "none":
		if args != "" {
			return "", r, fmt.Errorf("output %s takes no value", kind)
		}
		r.Kind = kind
	case "dir":
		dir, ok := unquote(args)
		if !ok {
			dir = args
		}
		if dir == "" {
			return "", r, fmt.Errorf("output dir needs a directory")
		}
		r.Kind, r.Dir = "dir", dir
	case "artifacts":
		opts, err := parseOptions(args, true)
		if err != nil {
			return "", r, err
		}
		r.Kind = "artifacts"
		for _, o := range opts {
			switch o.Key {
			case "config":
				r.Dir = o.Value
			case "code":
				r.Code = o.Value
			default:
				return "", r, fmt.Errorf("output artifacts has no option %q (config=, code=)", o.Key)
			}
		}
		if r.Dir == "" && r.Code == "" {
			return "", r, fmt.Errorf("output artifacts needs config=DIR")
		}
	default:
		msg := fmt.Sprintf("no output rule %q", kind)
		if sug := markers.Suggest(kind, []string{"artifacts", "dir", "stdout", "none"}); sug != "" {
			msg += fmt.Sprintf(", did you mean %q", sug)
		}
		return "", r, fmt.Errorf("%s", msg)
	}
	return gen, r, nil
}

// parseOptions reads "key=value,key2,key3=value" (a bare key is true); a
// value may be quoted, or a list in braces. colon says the text followed
// a ':' (an empty list of options is then an error).
func parseOptions(s string, colon bool) ([]Option, error) {
	if s == "" {
		if colon {
			return nil, fmt.Errorf("no option after ':'")
		}
		return nil, nil
	}
	var out []Option
	for _, part := range splitTop(s, ',') {
		key, val, hasVal := strings.Cut(part, "=")
		key = strings.TrimSpace(key)
		if key == "" {
			return nil, fmt.Errorf("an option with no name")
		}
		if !hasVal {
			val = "true"
		} else if u, ok := unquote(strings.TrimSpace(val)); ok {
			val = u
		}
		out = append(out, Option{Key: key, Value: val})
	}
	return out, nil
}

// splitTop splits s at sep outside quotes, braces and $(...) references.
func splitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '`':
			if end := strings.IndexByte(s[i+1:], c); end >= 0 {
				i += end + 1
			}
		case c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			i = reference(s, i) - 1
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// unquote removes the quotes of a Go string ("..." or `...`), as the
// marker syntax reads one.
func unquote(s string) (string, bool) {
	if len(s) < 2 || !(s[0] == '"' && s[len(s)-1] == '"' || s[0] == '`' && s[len(s)-1] == '`') {
		return s, false
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		return s[1 : len(s)-1], true
	}
	return u, true
}

// sortedKeys are a map's keys, sorted.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
