package cli

// This file implements reading package patterns from the command line,
// where one argument may be a list written as controller-gen's paths=
// takes it.

import (
	"fmt"
	"strings"
)

// Patterns returns the package patterns of a command's arguments. An
// argument may be a list in the syntax of controller-gen's paths= (its
// marker syntax for a list of strings): "{./api/..., ./pkg/...}" or
// "./api/...;./internal/...", each element optionally quoted, as a
// Makefile line moved over keeps them; no Go package pattern holds '{',
// '}' or ';', so nothing else reads this way. An argument "paths=..." is
// an error that says how crdgen takes the packages.
func Patterns(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		if v, ok := strings.CutPrefix(arg, "paths="); ok {
			return nil, fmt.Errorf("%q is controller-gen's; crdgen takes the packages as arguments: %s", arg, strings.Join(listOf(v), " "))
		}
		out = append(out, listOf(arg)...)
	}
	return out, nil
}

// listOf reads one argument as a list of patterns.
func listOf(arg string) []string {
	s := strings.TrimSpace(arg)
	if braced, ok := strings.CutPrefix(s, "{"); ok && strings.HasSuffix(braced, "}") {
		s = strings.TrimSuffix(braced, "}")
	} else if !strings.Contains(s, ";") {
		return []string{arg}
	}
	var out []string
	for _, e := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		e = strings.TrimSpace(e)
		if len(e) >= 2 && (e[0] == '"' && e[len(e)-1] == '"' || e[0] == '`' && e[len(e)-1] == '`') {
			e = e[1 : len(e)-1]
		}
		if e != "" {
			out = append(out, e)
		}
	}
	return out
}
