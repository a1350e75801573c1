package celcost

// This file implements fixes for expensive rules: find the unbounded lists,
// maps and strings that drive a rule's cost, and re-estimate the rule with a
// suggested bound on each, using the API server's own estimator.

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// hintThreshold is the share of its budget (in percent) from which a rule
// gets suggestions.
const hintThreshold = 10.0

// Suggested bounds. They are starting points for the author: 253 is the
// length of a DNS subdomain, 64 a generous list or map for most fields.
const (
	suggestMaxItems      = 64
	suggestMaxProperties = 64
	suggestMaxLength     = 253
)

// maxCandidates caps how many nodes are re-estimated for one rule.
const maxCandidates = 12

// candidate is an unbounded node that may drive a rule's cost.
type candidate struct {
	at      schemapath.Path
	missing string // maxItems, maxProperties or maxLength
}

// hints returns bounds that lower the cost of rule index (or its
// messageExpression) of the node at ruleAt, each with the cost it would
// bring, and the cost with all of them.
func (w *walker) hints(ruleAt schemapath.Path, index int, expr string, cost uint64) []Hint {
	root := w.ref.schema
	if expr == "messageExpression" && strings.Contains(w.ruleText(ruleAt, index, expr), "string(") && cost > RuleLimit {
		// No bound helps: the estimator cannot size string() of a number.
		return []Hint{{Note: "the API server estimates string() of a number as unbounded (kubernetes/kubernetes#124234), and no bound changes that: use a static message, or leave the number out of the messageExpression"}}
	}
	var out []Hint
	var drivers []candidate
	// Bounds are set on the schema itself and taken back after each
	// estimate: copying a large schema for every candidate cost more than
	// the estimates.
	for _, c := range candidates(root, ruleAt, w.ruleText(ruleAt, index, expr)) {
		undo := applyBound(root, c)
		after, err := w.estimate(root, ruleAt, index, expr)
		undo()
		if err != nil || after >= cost {
			continue
		}
		drivers = append(drivers, c)
		out = append(out, w.hint(c, after))
	}
	if len(drivers) > 1 {
		var names []string
		var undos []func()
		for _, c := range drivers {
			undos = append(undos, applyBound(root, c))
			names = append(names, c.at.Display())
		}
		after, err := w.estimate(root, ruleAt, index, expr)
		for i := len(undos) - 1; i >= 0; i-- {
			undos[i]()
		}
		if err == nil {
			out = append(out, Hint{Path: strings.Join(names, ", "), Cost: after, Percent: percent(after, RuleLimit)})
		}
	}
	return out
}

func (w *walker) ruleText(at schemapath.Path, index int, expr string) string {
	s := schemapath.At(w.ref.schema, at)
	if s == nil || index >= len(s.XValidations) {
		return ""
	}
	if expr == "messageExpression" {
		return s.XValidations[index].MessageExpression
	}
	return s.XValidations[index].Rule
}

// candidates lists the unbounded lists and maps above the rule's node (they
// multiply its cardinality) and the unbounded lists, maps and strings below
// it, four levels deep, whose names the rule mentions (they size what it
// reads), in the walker's order.
func candidates(root *apiextensions.JSONSchemaProps, ruleAt schemapath.Path, text string) []candidate {
	var out []candidate
	for i := 0; i < len(ruleAt); i++ {
		s := schemapath.At(root, ruleAt[:i])
		if s == nil {
			break
		}
		if c, ok := unbounded(s, ruleAt[:i], false); ok {
			out = append(out, c)
		}
	}
	// below is what a node of the rule's subtree knows from above: its
	// depth, and whether the rule names it or a field it is in.
	type below struct {
		depth int
		named bool
	}
	schemapath.Descend(schemapath.At(root, ruleAt), below{named: true}, func(s *apiextensions.JSONSchemaProps, at schemapath.Path, up below) (below, bool) {
		here := up
		if len(at) > 0 {
			here.depth++
			seg := at[len(at)-1]
			switch name, ok := strings.CutPrefix(seg, "properties["); {
			case ok:
				here.named = strings.Contains(text, strings.TrimSuffix(name, "]"))
			case seg != "items" && seg != "additionalProperties":
				return here, false
			}
		}
		if here.depth > 4 || len(out) >= maxCandidates {
			return here, false
		}
		if here.named {
			if c, ok := unbounded(s, append(slices.Clip(ruleAt), at...), true); ok {
				out = append(out, c)
			}
		}
		return here, true
	})
	if len(out) > maxCandidates {
		out = out[:maxCandidates]
	}
	return out
}

// unbounded reports the bound a node lacks. Strings count only below the
// rule (their length sizes what the rule reads, not how often it runs).
func unbounded(s *apiextensions.JSONSchemaProps, at schemapath.Path, strings bool) (candidate, bool) {
	switch {
	case s.Type == "array" && s.MaxItems == nil:
		return candidate{at, "maxItems"}, true
	case s.Type == "object" && s.AdditionalProperties != nil && s.MaxProperties == nil:
		return candidate{at, "maxProperties"}, true
	case strings && s.Type == "string" && s.MaxLength == nil && len(s.Enum) == 0:
		return candidate{at, "maxLength"}, true
	}
	return candidate{}, false
}

// applyBound sets the suggested bound on a node of root, in place, and
// returns the function that takes it back.
func applyBound(root *apiextensions.JSONSchemaProps, c candidate) (undo func()) {
	v := map[string]int64{"maxItems": suggestMaxItems, "maxProperties": suggestMaxProperties, "maxLength": suggestMaxLength}[c.missing]
	field := func(s *apiextensions.JSONSchemaProps) **int64 {
		switch c.missing {
		case "maxItems":
			return &s.MaxItems
		case "maxProperties":
			return &s.MaxProperties
		}
		return &s.MaxLength
	}
	var old *int64
	schemapath.EditAt(root, c.at, func(s *apiextensions.JSONSchemaProps) {
		f := field(s)
		old, *f = *f, &v
	})
	return func() {
		schemapath.EditAt(root, c.at, func(s *apiextensions.JSONSchemaProps) { *field(s) = old })
	}
}

// estimate compiles the rules of the node at at in root, with the API
// server's contexts, and returns the cost of rule index (or of its
// messageExpression) as the server counts it.
func (w *walker) estimate(root *apiextensions.JSONSchemaProps, at schemapath.Path, index int, expr string) (uint64, error) {
	ctx := validation.RootCELContext(root)
	s := root
	for _, seg := range at {
		switch {
		case strings.HasPrefix(seg, "properties["):
			name := seg[len("properties[") : len(seg)-1]
			p := s.Properties[name]
			s = &p
			ctx = ctx.ChildPropertyContext(s, name)
		case seg == "items":
			s = s.Items.Schema
			ctx = ctx.ChildItemsContext(s)
		case seg == "additionalProperties":
			s = s.AdditionalProperties.Schema
			ctx = ctx.ChildAdditionalPropertiesContext(s)
		}
	}
	ti, err := ctx.TypeInfo()
	if err != nil || ti == nil {
		return 0, fmt.Errorf("no type info: %v", err)
	}
	results, err := cel.Compile(ti.Schema, ti.DeclType, celconfig.PerCallLimit, w.a.env, cel.NewExpressionsEnvLoader())
	if err != nil || index >= len(results) {
		return 0, fmt.Errorf("compile: %v", err)
	}
	cr := results[index]
	if expr == "messageExpression" {
		return cr.MessageExpressionMaxCost, nil
	}
	card := cr.MaxCardinality
	if ctx.MaxCardinality != nil {
		card = *ctx.MaxCardinality
	}
	return multiply(cr.MaxCost, card), nil
}

// hint words one suggestion: where the marker goes, which marker, and the
// rule's cost with it.
func (w *walker) hint(c candidate, cost uint64) Hint {
	marker, pos := w.markerFor(c)
	return Hint{Path: c.at.Display(), Missing: c.missing, Marker: marker, Cost: cost, Percent: percent(cost, RuleLimit), SourcePos: pos}
}

// sentence words a hint once its Source is known.
func (h Hint) sentence() string {
	switch {
	case h.Note != "":
		return h.Note
	case h.Missing == "":
		return fmt.Sprintf("with all of these bounds it would cost %s (%s)", commas(h.Cost), pct(h.Percent))
	case h.Marker == "":
		return fmt.Sprintf("%s has no %s, and no marker reaches it directly: bound it where its type is declared; with %s %d it would cost %s (%s)",
			h.Path, h.Missing, h.Missing, suggestion(h.Missing), commas(h.Cost), pct(h.Percent))
	}
	return fmt.Sprintf("%s (%s) has no %s: with %s it would cost %s (%s)", h.Path, h.Source, h.Missing, h.Marker, commas(h.Cost), pct(h.Percent))
}

func suggestion(missing string) int64 {
	return map[string]int64{"maxItems": suggestMaxItems, "maxProperties": suggestMaxProperties, "maxLength": suggestMaxLength}[missing]
}

// markerFor returns the marker that bounds a node and where it goes: on the
// field for the field's own node, an items: marker on the field for its
// list's items, or a marker on a named type.
func (w *walker) markerFor(c candidate) (string, token.Position) {
	value := suggestion(c.missing)
	if w.t.CRD == nil || len(c.at) == 0 {
		return "", token.Position{}
	}
	marker := func(items bool) string {
		name, _ := schemagen.MarkerFor(c.missing, items)
		return fmt.Sprintf("+%s=%d", name, value)
	}
	last := c.at[len(c.at)-1]
	crd := w.t.CRD
	switch {
	case strings.HasPrefix(last, "properties["):
		o := crd.Origin(w.ref.index, c.at)
		return marker(false), o.Pos
	case len(c.at) >= 2 && last == "items" && strings.HasPrefix(c.at[len(c.at)-2], "properties["):
		o := crd.Origin(w.ref.index, c.at[:len(c.at)-1])
		return marker(true), o.Pos
	}
	o := crd.Origin(w.ref.index, c.at)
	if n, ok := o.Go.(*model.Named); ok && n.Type.Package != nil && n.Type.Package.Local {
		return marker(false) + " on type " + n.Type.Ident.Name, n.Type.Pos
	}
	return "", o.Pos
}

// pct formats a percentage for hints: "0.4%", "120%".
func pct(p float64) string {
	switch {
	case p >= 1e6:
		return ">999999%"
	case p >= 100:
		return fmt.Sprintf("%.0f%%", p)
	case p >= 1:
		return fmt.Sprintf("%.1f%%", p)
	}
	return fmt.Sprintf("%.2f%%", p)
}
