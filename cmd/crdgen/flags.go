package main

// This file implements the command line: a command's flag set, which also
// writes the command's usage text (so the text cannot drift from the
// flags), parsing that accepts flags anywhere among the package patterns
// (crdgen crd ./api/... -o dir), and every flag.Value type crdgen uses.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/markers"
)

// flagSet is a command's flags: the standard library's FlagSet, which
// parses them, and what the usage text needs that it does not keep: the
// order they were registered in, short aliases and argument names.
type flagSet struct {
	*flag.FlagSet
	order []string
	// short maps a flag to its one-letter alias (output-dir: o).
	short map[string]string
	// args names a flag's argument in the usage text (DIR, MODE).
	args map[string]string
}

func newFlagSet(name string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &flagSet{FlagSet: fs, short: map[string]string{}, args: map[string]string{}}
}

// Var registers a flag whose argument is named arg in the usage text ("" for
// a flag that takes none).
func (f *flagSet) Var(v flag.Value, name, arg, usage string) {
	f.FlagSet.Var(v, name, usage)
	f.order = append(f.order, name)
	f.args[name] = arg
}

// BoolVar registers a flag that takes no argument.
func (f *flagSet) BoolVar(p *bool, name string, value bool, usage string) {
	f.FlagSet.BoolVar(p, name, value, usage)
	f.order = append(f.order, name)
}

// StringVar registers a string flag.
func (f *flagSet) StringVar(p *string, name, arg, value, usage string) {
	f.FlagSet.StringVar(p, name, value, usage)
	f.order = append(f.order, name)
	f.args[name] = arg
}

// alias makes short another name of the registered flag long.
func (f *flagSet) alias(short, long string) {
	f.FlagSet.Var(f.Lookup(long).Value, short, "shorthand for --"+long)
	f.short[long] = short
}

// names returns every flag name as the usage text shows it (-o,
// --output-dir, -v), in the order of registration.
func (f *flagSet) names() []string {
	var out []string
	for _, name := range f.order {
		if s, ok := f.short[name]; ok {
			out = append(out, "-"+s)
		}
		out = append(out, dashed(name))
	}
	return out
}

// dashed is how a flag is written: -v, --output-dir.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// usageColumn is where a flag's description starts in the usage text, and
// usageWidth where its lines end.
const (
	usageColumn = 32
	usageWidth  = 100
)

// flagLines writes the flags for the usage text, one per line (a long
// description wraps, indented), with the default when there is one.
func (f *flagSet) flagLines() string {
	var b strings.Builder
	for _, name := range f.order {
		fl := f.Lookup(name)
		left := dashed(name)
		if s, ok := f.short[name]; ok {
			left = "-" + s + ", " + left
		}
		if arg := f.args[name]; arg != "" {
			left += " " + arg
		}
		text := fl.Usage
		if def := fl.DefValue; def != "" && def != "false" && f.args[name] != "" {
			text += " (default " + def + ")"
		}
		b.WriteString("  " + left)
		col := 2 + len(left)
		if col+2 > usageColumn {
			// Past the column: the description starts two spaces on.
			b.WriteString("  ")
			col += 2
		} else {
			b.WriteString(strings.Repeat(" ", usageColumn-col))
			col = usageColumn
		}
		b.WriteString(wrap(text, col, usageColumn, usageWidth) + "\n")
	}
	return b.String()
}

// wrap breaks text, which starts at column col, into lines of at most
// width columns, the lines after the first indented by indent spaces.
func wrap(text string, col, indent, width int) string {
	var b strings.Builder
	for i, word := range strings.Fields(text) {
		if i > 0 && col+1+len(word) > width {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		} else if i > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += len(word)
	}
	return b.String()
}

// isSet reports whether a flag was given on the command line, by its
// name or its one-letter alias.
func (f *flagSet) isSet(name string) bool {
	set := false
	f.Visit(func(fl *flag.Flag) { set = set || fl.Name == name || fl.Name == f.short[name] && f.short[name] != "" })
	return set
}

// parseFlags parses args, allowing flags after positional arguments. It
// returns the positional arguments, or an error for a usage mistake
// (flag.ErrHelp when help was asked for).
func (f *flagSet) parseFlags(args []string) ([]string, error) {
	var positional []string
	for {
		if err := f.Parse(args); err != nil {
			return nil, err
		}
		args = f.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// optionalInt is an int flag that remembers whether it was set.
type optionalInt struct {
	set   bool
	value int
}

func (o *optionalInt) String() string {
	if !o.set {
		return ""
	}
	return strconv.Itoa(o.value)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want an integer, got %q", s)
	}
	if n < 0 {
		return errors.New("must not be negative")
	}
	o.set, o.value = true, n
	return nil
}

// optionalBool is a boolean flag that knows whether it was set.
type optionalBool struct {
	set, value bool
}

func (b *optionalBool) String() string {
	if !b.set {
		return ""
	}
	return strconv.FormatBool(b.value)
}

func (b *optionalBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	b.set, b.value = true, v
	return nil
}

func (b *optionalBool) IsBoolFlag() bool { return true }

// choice is a string flag limited to a set of values.
type choice struct {
	value   string
	allowed []string
}

func (c *choice) String() string {
	if c == nil {
		return ""
	}
	return c.value
}

func (c *choice) Set(s string) error {
	if slices.Contains(c.allowed, s) {
		c.value = s
		return nil
	}
	return fmt.Errorf("want one of %v, got %q", c.allowed, s)
}

// funcValue is a choice that runs fn after every Set, to copy the value
// where a command keeps it.
type funcValue struct {
	*choice
	fn func()
}

func (f funcValue) Set(s string) error {
	if err := f.choice.Set(s); err != nil {
		return err
	}
	f.fn()
	return nil
}

// percentFlag is a percentage between 0 and 100.
type percentFlag struct {
	set   bool
	value float64
}

func (p *percentFlag) String() string {
	if !p.set {
		return ""
	}
	return strconv.FormatFloat(p.value, 'g', -1, 64)
}

func (p *percentFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return fmt.Errorf("want a percentage, got %q", s)
	}
	p.set, p.value = true, v
	return nil
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// kubeVersionFlag is a Kubernetes version crdgen knows the CEL library of.
type kubeVersionFlag struct{ v *string }

func (k kubeVersionFlag) String() string {
	if k.v == nil {
		return ""
	}
	return *k.v
}

func (k kubeVersionFlag) Set(s string) error {
	if _, _, err := celcost.EnvFor(s); err != nil {
		return err
	}
	*k.v = s
	return nil
}

// tagList is --tags: build tags, comma-separated as the go command's -tags
// takes them.
type tagList struct{ tags *[]string }

func (t tagList) String() string {
	if t.tags == nil {
		return ""
	}
	return strings.Join(*t.tags, ",")
}

func (t tagList) Set(s string) error {
	*t.tags = nil
	for _, tag := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		*t.tags = append(*t.tags, tag)
	}
	return nil
}

// codeSet is --suppress: diagnostic codes, a comma-separated list, which
// may be repeated. The first use on the command line replaces what
// crdgen.yaml said.
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
		code, err := markers.ParseCode(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		if !slices.Contains(c.codes, code) {
			c.codes = append(c.codes, code)
		}
	}
	return nil
}
