package cli

// This file implements a command's flag set and its usage lines.

import (
	"flag"
	"io"
	"slices"
	"strings"
)

// FlagSet is a command's flags: the standard library's FlagSet, which
// parses them, and what the usage text needs that it does not keep: the
// order they were registered in, short aliases and argument names.
type FlagSet struct {
	*flag.FlagSet
	order []string
	// short maps a flag to its one-letter alias (output-dir: o).
	short map[string]string
	// args names a flag's argument in the usage text (DIR, MODE).
	args map[string]string
}

// NewFlagSet returns an empty flag set of the command name. It prints
// nothing: a parse error is returned to the caller.
func NewFlagSet(name string) *FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &FlagSet{FlagSet: fs, short: map[string]string{}, args: map[string]string{}}
}

// Var registers a flag whose argument is named arg in the usage text ("" for
// a flag that takes none).
func (f *FlagSet) Var(v flag.Value, name, arg, usage string) {
	f.FlagSet.Var(v, name, usage)
	f.order = append(f.order, name)
	f.args[name] = arg
}

// BoolVar registers a flag that takes no argument.
func (f *FlagSet) BoolVar(p *bool, name string, value bool, usage string) {
	f.FlagSet.BoolVar(p, name, value, usage)
	f.order = append(f.order, name)
}

// StringVar registers a string flag whose argument is named arg in the
// usage text.
func (f *FlagSet) StringVar(p *string, name, arg, value, usage string) {
	f.FlagSet.StringVar(p, name, value, usage)
	f.order = append(f.order, name)
	f.args[name] = arg
}

// Alias makes short another name of the registered flag long.
func (f *FlagSet) Alias(short, long string) {
	f.FlagSet.Var(f.Lookup(long).Value, short, "shorthand for --"+long)
	f.short[long] = short
}

// Registered reports whether name was registered by its own name, not as
// an alias.
func (f *FlagSet) Registered(name string) bool { return slices.Contains(f.order, name) }

// Names returns every flag name as the usage text shows it (-o,
// --output-dir, -v), in the order of registration.
func (f *FlagSet) Names() []string {
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

// Lines writes the flags for the usage text, one per line (a long
// description wraps, indented), with the default when there is one.
func (f *FlagSet) Lines() string {
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

// IsSet reports whether a flag was given on the command line, by its
// name or its one-letter alias.
func (f *FlagSet) IsSet(name string) bool {
	set := false
	f.Visit(func(fl *flag.Flag) { set = set || fl.Name == name || fl.Name == f.short[name] && f.short[name] != "" })
	return set
}

// ParseArgs parses args, allowing flags after positional arguments. It
// returns the positional arguments, or an error for a usage mistake
// (flag.ErrHelp when help was asked for). Everything after "--" is
// positional.
func (f *FlagSet) ParseArgs(args []string) ([]string, error) {
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
