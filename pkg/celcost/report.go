package celcost

import (
	"fmt"
	"go/token"
)

// The API server's static cost limits (k8s.io/apiextensions-apiserver
// validation: StaticEstimatedCostLimit and StaticEstimatedCRDCostLimit).
const (
	// RuleLimit is the estimated cost allowed for one rule (multiplied by
	// its cardinality) and for one messageExpression.
	RuleLimit uint64 = 10_000_000
	// SchemaLimit is the estimated cost allowed for all rules of one schema.
	SchemaLimit uint64 = 100_000_000
)

// Report is the cost of every CEL expression of a set of CRDs.
type Report struct {
	// KubeVersion is the Kubernetes version the rules were compiled for.
	KubeVersion string `json:"kubeVersion"`
	// CompatibilityVersion is the CEL library version that version's API
	// server allows in new rules.
	CompatibilityVersion string      `json:"celCompatibilityVersion"`
	CRDs                 []CRDReport `json:"crds"`
}

// CRDReport is the cost report of one CRD.
type CRDReport struct {
	Name string `json:"name"`
	// Schemas are the CRD's distinct schemas: one when every version has
	// the same schema (the API server merges them), else one per version.
	Schemas []SchemaReport `json:"schemas"`
	Verdict string         `json:"verdict"`
}

// SchemaReport is the cost of one schema's rules, and their total against
// the per-schema limit.
type SchemaReport struct {
	Versions   []string     `json:"versions"`
	Total      uint64       `json:"total"`
	TotalLimit uint64       `json:"totalLimit"`
	Percent    float64      `json:"percent"`
	Verdict    string       `json:"verdict"`
	Factor     string       `json:"factor,omitempty"`
	Rules      []RuleReport `json:"rules"`
}

// RuleReport is the cost of one rule or messageExpression.
type RuleReport struct {
	CRD     string `json:"crd"`
	Version string `json:"version"`
	// Path is the schema node the rule sits on: .spec.targets[*].name.
	Path string `json:"path"`
	// FieldPath is the expression's path as the API server reports it.
	FieldPath string `json:"-"`
	// Source is the Go file and line of the marker behind the rule.
	Source    string         `json:"source"`
	SourcePos token.Position `json:"-"`
	// Expression is "rule" or "messageExpression".
	Expression string `json:"expression"`
	Rule       string `json:"rule"`
	// MaxCost is the estimated cost of one evaluation.
	MaxCost uint64 `json:"maxCost"`
	// Cardinality is how many times the API server assumes the rule runs;
	// CardinalitySource says where that number comes from.
	Cardinality       uint64 `json:"cardinality"`
	CardinalitySource string `json:"cardinalitySource"`
	// Cost is the rule's cost as the API server counts it: MaxCost times
	// Cardinality for a rule, MaxCost alone for a messageExpression.
	Cost    uint64  `json:"cost"`
	Limit   uint64  `json:"limit"`
	Percent float64 `json:"percent"`
	Verdict string  `json:"verdict"`
	// Factor is how far over the limit the rule is, as the API server
	// prints it ("more than 100x", "2.3x").
	Factor string `json:"factor,omitempty"`
	// Error is set when the expression does not compile; it then costs 0.
	Error string `json:"error,omitempty"`
	Hints []Hint `json:"hints,omitempty"`
}

// Hint suggests a bound that lowers an expensive rule's cost.
type Hint struct {
	// Path is the unbounded node: .spec.hosts or .spec.hosts[*].
	Path string `json:"path"`
	// Source is the Go file and line where the marker goes.
	Source    string         `json:"source"`
	SourcePos token.Position `json:"-"`
	// Missing names the bound the node lacks: maxItems, maxProperties or maxLength.
	Missing string `json:"missing"`
	// Marker is the marker to add, with a suggested bound.
	Marker string `json:"marker"`
	// Cost and Percent are the rule's cost with that bound alone.
	Cost    uint64  `json:"cost"`
	Percent float64 `json:"percent"`
	// Text is the hint as one sentence.
	Text string `json:"text"`
	// Note is advice that is not a bound.
	Note string `json:"-"`
}

// Verdicts.
const (
	VerdictOK         = "ok"
	VerdictOverBudget = "over budget"
	VerdictError      = "does not compile"
)

// OverBudget reports whether any rule or schema of the report is over its limit.
func (r *Report) OverBudget() bool {
	for _, c := range r.CRDs {
		if c.Verdict == VerdictOverBudget {
			return true
		}
	}
	return false
}

// MaxPercent returns the highest share of its limit any rule uses.
func (r *Report) MaxPercent() float64 {
	max := 0.0
	for _, c := range r.CRDs {
		for _, s := range c.Schemas {
			for _, rule := range s.Rules {
				if rule.Percent > max {
					max = rule.Percent
				}
			}
		}
	}
	return max
}

// factor formats how far a cost exceeds a limit the way the API server's
// error message does ("more than 100x", "1.234567x", "2.5x").
func factor(cost, limit uint64) string {
	f := float64(cost) / float64(limit)
	switch {
	case f > 100:
		return "more than 100x"
	case f < 1.5:
		return fmt.Sprintf("%fx", f)
	}
	return fmt.Sprintf("%.1fx", f)
}

func percent(cost, limit uint64) float64 { return float64(cost) / float64(limit) * 100 }

// SetSources fills every Source field as "file:line", with file paths
// written by rel (for example relative to the working directory), and words
// the hints.
func (r *Report) SetSources(rel func(string) string) {
	line := func(p token.Position) string {
		if p.Filename == "" {
			return ""
		}
		return fmt.Sprintf("%s:%d", rel(p.Filename), p.Line)
	}
	for i := range r.CRDs {
		for j := range r.CRDs[i].Schemas {
			rules := r.CRDs[i].Schemas[j].Rules
			for k := range rules {
				rules[k].Source = line(rules[k].SourcePos)
				for h := range rules[k].Hints {
					hint := &rules[k].Hints[h]
					hint.Source = line(hint.SourcePos)
					hint.Text = hint.sentence()
				}
			}
		}
	}
}
