package main

// This file implements command-line parsing that accepts flags anywhere
// among the package patterns (crdgen crd ./api/... -o dir).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/pkg/celcost"
)

// parseFlags parses args with fs, allowing flags after positional arguments.
// It returns the positional arguments, or an error for a usage mistake
// (flag.ErrHelp when help was asked for).
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
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

// choice is a string flag limited to a set of values.
type choice struct {
	value   string
	allowed []string
}

func (c *choice) String() string { return c.value }

func (c *choice) Set(s string) error {
	for _, a := range c.allowed {
		if s == a {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("want one of %v, got %q", c.allowed, s)
}

// funcValue wraps a flag.Value and runs fn after every Set, to copy the
// value where a command keeps it.
type funcValue struct {
	flag.Value
	fn func()
}

func (f funcValue) Set(s string) error {
	if err := f.Value.Set(s); err != nil {
		return err
	}
	f.fn()
	return nil
}

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
