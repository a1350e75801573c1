package cli

// This file implements the flag.Value types of crdgen's flags. A value
// that may come from crdgen.yaml as well as the command line keeps
// whether it was given at all (Valid), so that "not set" differs from the
// zero value.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/crdsize"
	"github.com/crdgen/crdgen/pkg/markers"
)

// OptionalInt is a non-negative int flag that remembers whether it was set.
type OptionalInt struct {
	Value int
	Valid bool
}

// String returns the value as the usage text shows its default.
func (o *OptionalInt) String() string {
	if !o.Valid {
		return ""
	}
	return strconv.Itoa(o.Value)
}

// Set parses a non-negative integer.
func (o *OptionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want an integer, got %q", s)
	}
	if n < 0 {
		return errors.New("must not be negative")
	}
	o.Valid, o.Value = true, n
	return nil
}

// OptionalBool is a boolean flag that knows whether it was set.
type OptionalBool struct {
	Value, Valid bool
}

// String returns the value as the usage text shows its default.
func (b *OptionalBool) String() string {
	if !b.Valid {
		return ""
	}
	return strconv.FormatBool(b.Value)
}

// Set parses a boolean as strconv.ParseBool does.
func (b *OptionalBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	b.Valid, b.Value = true, v
	return nil
}

// IsBoolFlag lets the flag be given without a value (--tests means true).
func (b *OptionalBool) IsBoolFlag() bool { return true }

// Choice is a string flag limited to a set of values.
type Choice struct {
	Value   string
	Allowed []string
}

// String returns the value as the usage text shows its default.
func (c *Choice) String() string {
	if c == nil {
		return ""
	}
	return c.Value
}

// Set accepts one of the allowed values.
func (c *Choice) Set(s string) error {
	if slices.Contains(c.Allowed, s) {
		c.Value = s
		return nil
	}
	return fmt.Errorf("want one of %v, got %q", c.Allowed, s)
}

// FuncValue is a Choice that runs Fn after every Set, to copy the value
// where a command keeps it.
type FuncValue struct {
	*Choice
	Fn func()
}

// Set sets the choice, then runs Fn.
func (f FuncValue) Set(s string) error {
	if err := f.Choice.Set(s); err != nil {
		return err
	}
	f.Fn()
	return nil
}

// Percent is a percentage, 0 or more.
type Percent struct {
	Value float64
	Valid bool
}

// String returns the value as the usage text shows its default.
func (p *Percent) String() string {
	if !p.Valid {
		return ""
	}
	return strconv.FormatFloat(p.Value, 'g', -1, 64)
}

// Set parses a number that is not negative.
func (p *Percent) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return fmt.Errorf("want a percentage, got %q", s)
	}
	p.Valid, p.Value = true, v
	return nil
}

// StringList is a repeatable string flag.
type StringList []string

// String returns the value as the usage text shows its default.
func (l *StringList) String() string { return strings.Join(*l, ",") }

// Set adds s to the list.
func (l *StringList) Set(s string) error { *l = append(*l, s); return nil }

// CommaList is a flag of comma-separated names from a fixed list; Noun
// names one of them in an error ("generator"), with a did-you-mean.
type CommaList struct {
	List    *StringList
	Allowed []string
	Noun    string
}

// String returns the value as the usage text shows its default.
func (c *CommaList) String() string {
	if c == nil || c.List == nil {
		return ""
	}
	return strings.Join(*c.List, ",")
}

// Set replaces the list with the names of s, each one of the allowed.
func (c *CommaList) Set(s string) error {
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !slices.Contains(c.Allowed, name) {
			msg := fmt.Sprintf("no %s %q", c.Noun, name)
			if sg := markers.Suggest(name, c.Allowed); sg != "" {
				msg += fmt.Sprintf(", did you mean %q", sg)
			}
			return fmt.Errorf("%s (%ss: %s)", msg, c.Noun, strings.Join(c.Allowed, ", "))
		}
		out = append(out, name)
	}
	*c.List = out
	return nil
}

// KubeVersion is a Kubernetes version crdgen knows the CEL library of,
// kept in *V.
type KubeVersion struct{ V *string }

// String returns the value as the usage text shows its default.
func (k KubeVersion) String() string {
	if k.V == nil {
		return ""
	}
	return *k.V
}

// Set accepts a version celcost has an environment for.
func (k KubeVersion) Set(s string) error {
	if _, _, err := celcost.EnvFor(s); err != nil {
		return err
	}
	*k.V = s
	return nil
}

// TagList is --tags: build tags, comma-separated as the go command's -tags
// takes them, kept in *Tags.
type TagList struct{ Tags *[]string }

// String returns the value as the usage text shows its default.
func (t TagList) String() string {
	if t.Tags == nil {
		return ""
	}
	return strings.Join(*t.Tags, ",")
}

// Set replaces the tags with those of s.
func (t TagList) Set(s string) error {
	*t.Tags = nil
	for _, tag := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		*t.Tags = append(*t.Tags, tag)
	}
	return nil
}

// CodeSet is --suppress: diagnostic codes, a comma-separated list, which
// may be repeated. Codes may start with crdgen.yaml's list; the first use
// on the command line replaces it.
type CodeSet struct {
	Codes    []markers.Code
	fromFlag bool
}

// String returns the value as the usage text shows its default.
func (c *CodeSet) String() string {
	if c == nil {
		return ""
	}
	var names []string
	for _, code := range c.Codes {
		names = append(names, string(code))
	}
	return strings.Join(names, ",")
}

// Set adds the codes of s, each a known one.
func (c *CodeSet) Set(s string) error {
	if !c.fromFlag {
		c.Codes, c.fromFlag = nil, true
	}
	for name := range strings.SplitSeq(s, ",") {
		code, err := markers.ParseCode(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		if !slices.Contains(c.Codes, code) {
			c.Codes = append(c.Codes, code)
		}
	}
	return nil
}

// Bytes is a size in bytes: a number, or one with a unit (256KiB). Valid
// is false for 0, which means no size.
type Bytes struct {
	Value int64
	Valid bool
}

// String returns the value as the usage text shows its default.
func (b *Bytes) String() string {
	if !b.Valid {
		return ""
	}
	return crdsize.FormatBytes(b.Value)
}

// Set parses a size as crdsize.ParseBytes does.
func (b *Bytes) Set(s string) error {
	n, err := crdsize.ParseBytes(s)
	if err != nil {
		return err
	}
	b.Valid, b.Value = n > 0, n
	return nil
}

// CheckedList is a list flag of comma-separated items, which may be
// repeated, each accepted by Check. Items may start with crdgen.yaml's
// list; the first use on the command line replaces it.
type CheckedList struct {
	Items    []string
	Check    func(string) error
	fromFlag bool
}

// String returns the value as the usage text shows its default.
func (l *CheckedList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(l.Items, ",")
}

// Set adds the items of s, each trimmed and checked.
func (l *CheckedList) Set(s string) error {
	if !l.fromFlag {
		l.Items, l.fromFlag = nil, true
	}
	for p := range strings.SplitSeq(s, ",") {
		p = strings.TrimSpace(p)
		if err := l.Check(p); err != nil {
			return err
		}
		l.Items = append(l.Items, p)
	}
	return nil
}
