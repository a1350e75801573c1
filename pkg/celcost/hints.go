package celcost

// This file implements fixes for expensive rules: find the unbounded lists,
// maps and strings that drive a rule's cost, and re-estimate the rule with a
// suggested bound on each, using the API server's own estimator.

import (
	"fmt"
	"go/token"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/crdgen/crdgen/pkg/model"
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
	segs    []string
	missing string // maxItems, maxProperties or maxLength
}

// hints returns bounds that lower the cost of rule index (or its
// messageExpression) of the node at ruleSegs, each with the cost it would
// bring, and the cost with all of them.
func (w *walker) hints(ruleSegs []string, index int, expr string, cost uint64) []Hint {
	root := w.ref.schema
	if expr == "messageExpression" && strings.Contains(w.ruleText(ruleSegs, index, expr), "string(") && cost > RuleLimit {
		// No bound helps: the estimator cannot size string() of a number.
		return []Hint{{Note: "the API server estimates string() of a number as unbounded (kubernetes/kubernetes#124234), and no bound changes that: use a static message, or leave the number out of the messageExpression"}}
	}
	var out []Hint
	var drivers []candidate
	// Bounds are set on the schema itself and taken back after each
	// estimate: copying a large schema for every candidate cost more than
	// the estimates.
	for _, c := range candidates(root, ruleSegs, w.ruleText(ruleSegs, index, expr)) {
		undo := applyBound(root, c)
		after, err := w.estimate(root, ruleSegs, index, expr)
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
			names = append(names, display(c.segs))
		}
		after, err := w.estimate(root, ruleSegs, index, expr)
		for i := len(undos) - 1; i >= 0; i-- {
			undos[i]()
		}
		if err == nil {
			out = append(out, Hint{Path: strings.Join(names, ", "), Cost: after, Percent: percent(after, RuleLimit)})
		}
	}
	return out
}

func (w *walker) ruleText(segs []string, index int, expr string) string {
	s := nodeAt(w.ref.schema, segs)
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
// it whose names the rule mentions (they size what it reads).
func candidates(root *apiextensions.JSONSchemaProps, ruleSegs []string, text string) []candidate {
	var out []candidate
	for i := 0; i < len(ruleSegs); i++ {
		s := nodeAt(root, ruleSegs[:i])
		if s == nil {
			break
		}
		if c, ok := unbounded(s, ruleSegs[:i], false); ok {
			out = append(out, c)
		}
	}
	var visit func(s *apiextensions.JSONSchemaProps, segs []string, depth int, named bool)
	visit = func(s *apiextensions.JSONSchemaProps, segs []string, depth int, named bool) {
		if s == nil || depth > 4 || len(out) >= maxCandidates {
			return
		}
		if named {
			if c, ok := unbounded(s, segs, true); ok {
				out = append(out, c)
			}
		}
		for name, p := range s.Properties {
			visit(&p, appendSeg(segs, "properties["+name+"]"), depth+1, strings.Contains(text, name))
		}
		if s.Items != nil {
			visit(s.Items.Schema, appendSeg(segs, "items"), depth+1, named)
		}
		if s.AdditionalProperties != nil {
			visit(s.AdditionalProperties.Schema, appendSeg(segs, "additionalProperties"), depth+1, named)
		}
	}
	visit(nodeAt(root, ruleSegs), ruleSegs, 0, true)
	if len(out) > maxCandidates {
		out = out[:maxCandidates]
	}
	return out
}

// unbounded reports the bound a node lacks. Strings count only below the
// rule (their length sizes what the rule reads, not how often it runs).
func unbounded(s *apiextensions.JSONSchemaProps, segs []string, strings bool) (candidate, bool) {
	switch {
	case s.Type == "array" && s.MaxItems == nil:
		return candidate{segs, "maxItems"}, true
	case s.Type == "object" && s.AdditionalProperties != nil && s.MaxProperties == nil:
		return candidate{segs, "maxProperties"}, true
	case strings && s.Type == "string" && s.MaxLength == nil && len(s.Enum) == 0:
		return candidate{segs, "maxLength"}, true
	}
	return candidate{}, false
}

// nodeAt follows schema path segments.
func nodeAt(s *apiextensions.JSONSchemaProps, segs []string) *apiextensions.JSONSchemaProps {
	for _, seg := range segs {
		if s == nil {
			return nil
		}
		switch {
		case strings.HasPrefix(seg, "properties["):
			p, ok := s.Properties[seg[len("properties["):len(seg)-1]]
			if !ok {
				return nil
			}
			s = &p
		case seg == "items":
			if s.Items == nil {
				return nil
			}
			s = s.Items.Schema
		case seg == "additionalProperties":
			if s.AdditionalProperties == nil {
				return nil
			}
			s = s.AdditionalProperties.Schema
		}
	}
	return s
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
	edit(root, c.segs, func(s *apiextensions.JSONSchemaProps) {
		f := field(s)
		old, *f = *f, &v
	})
	return func() {
		edit(root, c.segs, func(s *apiextensions.JSONSchemaProps) { *field(s) = old })
	}
}

// edit calls fn on the node at segs, writing map entries back.
func edit(s *apiextensions.JSONSchemaProps, segs []string, fn func(*apiextensions.JSONSchemaProps)) {
	if s == nil {
		return
	}
	if len(segs) == 0 {
		fn(s)
		return
	}
	seg := segs[0]
	switch {
	case strings.HasPrefix(seg, "properties["):
		name := seg[len("properties[") : len(seg)-1]
		if p, ok := s.Properties[name]; ok {
			edit(&p, segs[1:], fn)
			s.Properties[name] = p
		}
	case seg == "items" && s.Items != nil:
		edit(s.Items.Schema, segs[1:], fn)
	case seg == "additionalProperties" && s.AdditionalProperties != nil:
		edit(s.AdditionalProperties.Schema, segs[1:], fn)
	}
}

// estimate compiles the rules of the node at segs in root, with the API
// server's contexts, and returns the cost of rule index (or of its
// messageExpression) as the server counts it.
func (w *walker) estimate(root *apiextensions.JSONSchemaProps, segs []string, index int, expr string) (uint64, error) {
	ctx := validation.RootCELContext(root)
	s := root
	for _, seg := range segs {
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
	return Hint{Path: display(c.segs), Missing: c.missing, Marker: marker, Cost: cost, Percent: percent(cost, RuleLimit), SourcePos: pos}
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
	name := map[string]string{"maxItems": "MaxItems", "maxProperties": "MaxProperties", "maxLength": "MaxLength"}[c.missing]
	value := suggestion(c.missing)
	if w.t.CRD == nil || len(c.segs) == 0 {
		return "", token.Position{}
	}
	last := c.segs[len(c.segs)-1:]
	crd := w.t.CRD
	switch {
	case len(last) == 1 && strings.HasPrefix(last[0], "properties["):
		o := crd.Origin(w.ref.index, c.segs)
		return fmt.Sprintf("+kubebuilder:validation:%s=%d", name, value), o.Pos
	case len(c.segs) >= 2 && last[0] == "items" && strings.HasPrefix(c.segs[len(c.segs)-2], "properties["):
		o := crd.Origin(w.ref.index, c.segs[:len(c.segs)-1])
		return fmt.Sprintf("+kubebuilder:validation:items:%s=%d", name, value), o.Pos
	}
	o := crd.Origin(w.ref.index, c.segs)
	if n, ok := o.Go.(*model.Named); ok && n.Type.Package != nil && n.Type.Package.Local {
		return fmt.Sprintf("+kubebuilder:validation:%s=%d on type %s", name, value, n.Type.Ident.Name), n.Type.Pos
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
