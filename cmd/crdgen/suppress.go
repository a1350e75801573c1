package main

// This file implements --suppress (and suppress: in crdgen.yaml): warnings
// of the named codes are not printed. Errors always are, since they stop
// crdgen from writing anything; a project that must live with one changes
// the marker or the Go type instead.

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// codeSet is the set of suppressed codes, a flag.Value that takes a
// comma-separated list and may be repeated. The first use on the command
// line replaces what crdgen.yaml said.
type codeSet struct {
	codes    []markers.Code
	fromFlag bool
}

func (c *codeSet) String() string {
	if c == nil {
		return ""
	}
	var names []string
	for _, code := range c.codes {
		names = append(names, string(code))
	}
	return strings.Join(names, ",")
}

func (c *codeSet) Set(s string) error {
	if !c.fromFlag {
		c.codes, c.fromFlag = nil, true
	}
	for name := range strings.SplitSeq(s, ",") {
		code, err := parseCode(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		if !slices.Contains(c.codes, code) {
			c.codes = append(c.codes, code)
		}
	}
	return nil
}

// parseCode checks a code's name, with a did-you-mean.
func parseCode(name string) (markers.Code, error) {
	var names []string
	for _, code := range markers.Codes() {
		if string(code) == name {
			return code, nil
		}
		names = append(names, string(code))
	}
	msg := fmt.Sprintf("no diagnostic code %q", name)
	if s := markers.Suggest(name, names); s != "" {
		msg += fmt.Sprintf(", did you mean %q", s)
	}
	return "", fmt.Errorf("%s (codes: %s)", msg, strings.Join(names, ", "))
}

// registerSuppress adds --suppress to a command's flags, starting from
// crdgen.yaml's list (checked when the file was read).
func (a *app) registerSuppress(fs *flag.FlagSet, cfg *config) {
	if cfg != nil {
		for _, name := range cfg.Suppress {
			a.suppress.codes = append(a.suppress.codes, markers.Code(name))
		}
	}
	fs.Var(&a.suppress, "suppress", "do not print warnings with these codes (comma-separated; repeatable)")
}

// unsuppressed drops the warnings whose code is suppressed.
func (a *app) unsuppressed(diags markers.ErrorList) markers.ErrorList {
	if len(a.suppress.codes) == 0 {
		return diags
	}
	var out markers.ErrorList
	for _, d := range diags {
		if d.Severity == markers.Warning && slices.Contains(a.suppress.codes, d.Code) {
			continue
		}
		out = append(out, d)
	}
	return out
}
