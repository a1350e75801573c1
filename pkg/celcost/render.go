package celcost

// This file implements writing a report as text (for terminals), JSON (for
// tools; its fields are documented in docs/guides/cel-and-costs.md) and
// Markdown (for pull-request comments).

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/textfmt"
)

// Formats of Render.
const (
	FormatText     = textfmt.FormatText
	FormatJSON     = textfmt.FormatJSON
	FormatMarkdown = textfmt.FormatMarkdown
)

// Render writes the report in a format. Call SetSources first.
func Render(r *Report, format string) ([]byte, error) {
	return textfmt.Render(r, format, func() []byte { return renderText(r) }, func() []byte { return renderMarkdown(r) })
}

// worstFirst returns every rule of the report, most expensive share first.
func worstFirst(r *Report) []RuleReport {
	var all []RuleReport
	for _, c := range r.CRDs {
		for _, s := range c.Schemas {
			all = append(all, s.Rules...)
		}
	}
	slices.SortStableFunc(all, func(a, b RuleReport) int {
		return cmp.Or(
			cmp.Compare(verdictRank(a.Verdict), verdictRank(b.Verdict)),
			cmp.Compare(b.Percent, a.Percent),
			cmp.Compare(a.CRD, b.CRD), cmp.Compare(a.Version, b.Version), cmp.Compare(a.Path, b.Path),
			cmp.Compare(a.Expression, b.Expression), cmp.Compare(a.Rule, b.Rule))
	})
	return all
}

func verdictRank(v string) int {
	switch v {
	case VerdictError:
		return 0
	case VerdictOverBudget:
		return 1
	}
	return 2
}

func header(r *Report) string {
	return fmt.Sprintf("CEL cost report for Kubernetes %s (CEL library %s); budget %s per rule and messageExpression, %s per schema",
		r.KubeVersion, r.CompatibilityVersion, commas(RuleLimit), commas(SchemaLimit))
}

func verdictText(rule RuleReport) string {
	if rule.Factor != "" {
		return rule.Verdict + " (" + rule.Factor + ")"
	}
	return rule.Verdict
}

func renderText(r *Report) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, header(r))
	rules := worstFirst(r)
	if len(rules) == 0 {
		fmt.Fprintln(&b, "\nno CEL rules")
	} else {
		rows := [][]string{{"COST", "OF BUDGET", "VERDICT", "CRD", "VERSION", "PATH", "SOURCE"}}
		for _, rule := range rules {
			path := rule.Path
			if rule.Expression == "messageExpression" {
				path += " (messageExpression)"
			}
			rows = append(rows, []string{commas(rule.Cost), pct(rule.Percent), verdictText(rule), rule.CRD, rule.Version, path, rule.Source})
		}
		b.WriteString("\n")
		textfmt.Columns(&b, rows, 2)
	}
	for _, rule := range rules {
		if rule.Verdict == VerdictOK && len(rule.Hints) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s %s (%s %s): %s\n", rule.Source, rule.Path, rule.CRD, rule.Version, verdictText(rule))
		fmt.Fprintf(&b, "    %-18s %s\n", rule.Expression+":", rule.Rule)
		if rule.Error != "" {
			fmt.Fprintf(&b, "    %-18s %s\n", "error:", strings.ReplaceAll(rule.Error, "\n", "\n                       "))
			continue
		}
		fmt.Fprintf(&b, "    %-18s %s per evaluation x cardinality %s = %s\n", "cost:", commas(rule.MaxCost), commas(rule.Cardinality), commas(rule.Cost))
		fmt.Fprintf(&b, "    %-18s %s\n", "cardinality:", rule.CardinalitySource)
		for _, h := range rule.Hints {
			fmt.Fprintf(&b, "    %-18s %s\n", "fix:", h.Text)
		}
	}
	rows := [][]string{{"SCHEMA TOTAL", "OF LIMIT", "VERDICT", "CRD", "VERSIONS", "RULES"}}
	for _, c := range r.CRDs {
		for _, s := range c.Schemas {
			verdict := s.Verdict
			if s.Factor != "" {
				verdict += " (" + s.Factor + ")"
			}
			rows = append(rows, []string{commas(s.Total), pct(s.Percent), verdict, c.Name, strings.Join(s.Versions, ","), fmt.Sprint(len(s.Rules))})
		}
	}
	b.WriteString("\n")
	textfmt.Columns(&b, rows, 2)
	return b.Bytes()
}

func renderMarkdown(r *Report) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "### %s\n\n", header(r))
	rules := worstFirst(r)
	if len(rules) == 0 {
		fmt.Fprintln(&b, "No CEL rules.")
	} else {
		fmt.Fprintln(&b, "| Cost | Of budget | Verdict | CRD | Version | Path | Source | Expression |")
		fmt.Fprintln(&b, "|---:|---:|---|---|---|---|---|---|")
		for _, rule := range rules {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | `%s` | `%s` | %s: `%s` |\n", commas(rule.Cost), pct(rule.Percent), verdictText(rule),
				rule.CRD, rule.Version, rule.Path, rule.Source, rule.Expression, mdEscape(rule.Rule))
		}
	}
	for _, rule := range rules {
		if rule.Error == "" && len(rule.Hints) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n**%s** `%s` (%s %s): %s\n\n", rule.Source, rule.Path, rule.CRD, rule.Version, verdictText(rule))
		if rule.Error != "" {
			fmt.Fprintf(&b, "```\n%s\n```\n", rule.Error)
			continue
		}
		fmt.Fprintf(&b, "- cost %s per evaluation × cardinality %s (%s)\n", commas(rule.MaxCost), commas(rule.Cardinality), rule.CardinalitySource)
		for _, h := range rule.Hints {
			fmt.Fprintf(&b, "- fix: %s\n", h.Text)
		}
	}
	fmt.Fprintln(&b, "\n| Schema total | Of limit | Verdict | CRD | Versions | Rules |")
	fmt.Fprintln(&b, "|---:|---:|---|---|---|---:|")
	for _, c := range r.CRDs {
		for _, s := range c.Schemas {
			verdict := s.Verdict
			if s.Factor != "" {
				verdict += " (" + s.Factor + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %d |\n", commas(s.Total), pct(s.Percent), verdict, c.Name, strings.Join(s.Versions, ", "), len(s.Rules))
		}
	}
	return b.Bytes()
}

// mdEscape keeps a rule inside one Markdown table cell.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "`", "'", "\n", " ").Replace(s)
}

// SetReport is the report of one feature set.
type SetReport struct {
	Set    string
	Report *Report
}

// RenderSets renders the reports of several feature sets: each under a
// heading (text, Markdown), or as a list of {featureSet, report} (JSON).
func RenderSets(sets []SetReport, format string) ([]byte, error) {
	var b bytes.Buffer
	var docs []json.RawMessage
	for i, sr := range sets {
		data, err := Render(sr.Report, format)
		if err != nil {
			return nil, err
		}
		switch format {
		case FormatJSON:
			entry, _ := json.Marshal(map[string]any{"featureSet": sr.Set, "report": json.RawMessage(data)})
			docs = append(docs, entry)
		case FormatMarkdown:
			if i > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "# Feature set %s\n\n%s", sr.Set, data)
		default:
			if i > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "== feature set %s\n%s", sr.Set, data)
		}
	}
	if format == FormatJSON {
		data, err := json.MarshalIndent(docs, "", "  ")
		return append(data, '\n'), err
	}
	return b.Bytes(), nil
}

// Owned reports whether a file holds a cost report Render wrote, in any
// format, so that crdgen replaces no other file with one.
func Owned(data []byte) bool {
	text := strings.TrimPrefix(string(data), "### ")
	if strings.HasPrefix(text, "CEL cost report for ") {
		return true
	}
	var head struct {
		KubeVersion          *string `json:"kubeVersion"`
		CompatibilityVersion *string `json:"celCompatibilityVersion"`
	}
	return json.Unmarshal(data, &head) == nil && head.KubeVersion != nil && head.CompatibilityVersion != nil
}
