package featureset

// This file implements conditions: which feature gates must be on or off
// for something to exist in a set. A condition is an expression over gate
// names: "Gate", "!Gate", "A&B" (both), "A|B" (either), with parentheses;
// '!' binds tightest, then '&', then '|'; "*" holds where any gate is on.
// crdgen's markers write them (+crdgen:featureGate=A|B), and the dialects
// crdgen reads are mapped onto them: Gateway API's channel is
// "experimental" or "!experimental", OpenShift's gates on one node are
// "A|B" (any of them), its required gates "A&B", and its featureGate=""
// (the build with no gate on, which openshift/api's generator composes
// its sets from) "!*".

import (
	"fmt"
	"slices"
	"strings"
)

// cond is a parsed condition: a gate (op 0), any gate ('*'), or an
// operator over args.
type cond struct {
	op   byte // 0, '*', '!', '&' or '|'
	gate string
	args []*cond
}

// holds evaluates a condition with on saying which gates are on.
func (c *cond) holds(on func(string) bool) bool {
	switch c.op {
	case '!':
		return !c.args[0].holds(on)
	case '&':
		for _, a := range c.args {
			if !a.holds(on) {
				return false
			}
		}
		return true
	case '|':
		for _, a := range c.args {
			if a.holds(on) {
				return true
			}
		}
		return false
	case '*':
		return on("*")
	}
	return on(c.gate)
}

// gates appends the gates a condition names.
func (c *cond) gates(out []string) []string {
	switch c.op {
	case '*':
		return out
	case 0:
		return append(out, c.gate)
	}
	for _, a := range c.args {
		out = a.gates(out)
	}
	return out
}

// condParser reads a condition.
type condParser struct {
	src string
	pos int
}

// ParseCondition reads a condition ("" holds everywhere and parses to nil).
func parseCondition(src string) (*cond, error) {
	if src == "" {
		return nil, nil
	}
	p := &condParser{src: src}
	c, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.pos < len(src) {
		return nil, fmt.Errorf("unexpected %q at %d in the condition %q", src[p.pos:p.pos+1], p.pos+1, src)
	}
	return c, nil
}

func (p *condParser) or() (*cond, error) { return p.list('|', p.and) }

func (p *condParser) and() (*cond, error) { return p.list('&', p.not) }

// list reads operands of one operator.
func (p *condParser) list(op byte, operand func() (*cond, error)) (*cond, error) {
	first, err := operand()
	if err != nil {
		return nil, err
	}
	args := []*cond{first}
	for p.pos < len(p.src) && p.src[p.pos] == op {
		p.pos++
		next, err := operand()
		if err != nil {
			return nil, err
		}
		args = append(args, next)
	}
	if len(args) == 1 {
		return first, nil
	}
	return &cond{op: op, args: args}, nil
}

func (p *condParser) not() (*cond, error) {
	if p.pos >= len(p.src) {
		return nil, fmt.Errorf("the condition %q ends where a gate name should be", p.src)
	}
	switch p.src[p.pos] {
	case '!':
		p.pos++
		inner, err := p.not()
		if err != nil {
			return nil, err
		}
		return &cond{op: '!', args: []*cond{inner}}, nil
	case '(':
		p.pos++
		inner, err := p.or()
		if err != nil {
			return nil, err
		}
		if p.pos >= len(p.src) || p.src[p.pos] != ')' {
			return nil, fmt.Errorf("the condition %q has a '(' without its ')'", p.src)
		}
		p.pos++
		return inner, nil
	}
	if p.src[p.pos] == '*' {
		p.pos++
		return &cond{op: '*'}, nil
	}
	start := p.pos
	for p.pos < len(p.src) && !strings.ContainsRune("!&|()*", rune(p.src[p.pos])) {
		p.pos++
	}
	gate := p.src[start:p.pos]
	if err := CheckName(gate); err != nil {
		return nil, err
	}
	return &cond{gate: gate}, nil
}

// Condition is a parsed condition, to be asked of many sets without
// parsing it again: crdgen's views of a model (schemagen.Views) parse each
// marker's condition once and ask it of every set.
type Condition struct {
	c *cond
	// bad says the condition does not parse: it holds nowhere.
	bad bool
}

// ParseCondition parses a condition ("" holds everywhere). A condition
// that does not parse (CheckCondition) is returned with the error, and
// holds nowhere.
func ParseCondition(src string) (Condition, error) {
	c, err := parseCondition(src)
	if err != nil {
		return Condition{bad: true}, err
	}
	return Condition{c: c}, nil
}

// In reports whether the condition holds in a set. A nil set is the set
// with every gate off.
func (c Condition) In(s *Set) bool {
	if c.bad {
		return false
	}
	if c.c == nil {
		return true
	}
	return c.c.holds(func(gate string) bool {
		if gate == "*" {
			return s != nil && len(s.Gates) > 0
		}
		return s != nil && slices.Contains(s.Gates, gate)
	})
}

// simple reports whether a condition is a gate or a negated gate, which
// Holds reads without parsing.
func simple(c string) bool { return !strings.ContainsAny(c, "&|()*") }

// Holds reports whether a condition holds in the set: "" always, "Gate"
// when the gate is on, "!Gate" when it is off, and so on through '&', '|'
// and parentheses. A nil set is the set with every gate off. A condition
// that does not parse (CheckCondition) holds nowhere. It parses the
// condition each time; ParseCondition parses it once for many sets.
func (s *Set) Holds(c string) bool {
	if c == "" {
		return true
	}
	if simple(c) {
		gate, negated := strings.CutPrefix(c, "!")
		if !strings.HasPrefix(gate, "!") {
			return (s != nil && slices.Contains(s.Gates, gate)) != negated
		}
	}
	parsed, _ := ParseCondition(c)
	return parsed.In(s)
}

// Gates returns the gates a condition names, in order, each once.
func Gates(c string) []string {
	parsed, err := parseCondition(c)
	if err != nil || parsed == nil {
		if g := strings.TrimLeft(c, "!"); g != "" && simple(c) {
			return []string{g}
		}
		return nil
	}
	var out []string
	for _, g := range parsed.gates(nil) {
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// CheckCondition reports what is wrong with a condition.
func CheckCondition(c string) error {
	if c == "" {
		return fmt.Errorf("a condition names a feature gate")
	}
	_, err := parseCondition(c)
	return err
}

// AnyOf is the condition that holds where any of the gates is on ("" for
// none).
func AnyOf(gates ...string) string { return join(gates, "|") }

// AllOf is the condition that holds where every gate is on ("" for none).
func AllOf(gates ...string) string { return join(gates, "&") }

// join joins conditions with an operator, parenthesizing those that have a
// weaker one.
func join(conds []string, op string) string {
	var parts []string
	for _, c := range conds {
		if c == "" {
			continue
		}
		if op == "&" && strings.Contains(c, "|") {
			c = "(" + c + ")"
		}
		parts = append(parts, c)
	}
	return strings.Join(parts, op)
}
