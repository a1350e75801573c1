package crdsize

// This file implements writing the size report as text (for terminals),
// JSON (for tools) and Markdown (for pull-request comments), in the manner
// of pkg/celcost's cost report.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/internal/textfmt"
)

// Formats of Render.
const (
	FormatText     = textfmt.FormatText
	FormatJSON     = textfmt.FormatJSON
	FormatMarkdown = textfmt.FormatMarkdown
)

// Render writes the report in a format.
func Render(r *Report, format string) ([]byte, error) {
	return textfmt.Render(r, format, func() []byte { return renderText(r) }, func() []byte { return renderMarkdown(r) })
}

const header = "CRD size report; limits: kubectl apply's annotations 262,144 bytes (256 KiB), etcd's request 1,572,864 bytes (1.5 MiB), a Helm release 1,048,576 bytes (1 MiB)"

// crdRows are the rows of the table of CRDs, with a header row.
func crdRows(r *Report) [][]string {
	rows := [][]string{{"YAML", "JSON", "LAST-APPLIED", "OF 256 KiB", "VERDICT", "CRD", "SOURCE"}}
	for _, c := range r.CRDs {
		name := c.Name
		if c.Set != "" {
			name += " (" + c.Set + ")"
		}
		rows = append(rows, []string{commas(c.YAML), commas(c.JSON), commas(c.LastApplied), pct(percent(c.Annotations, AnnotationsLimit)), verdict(c), name, c.Source})
	}
	return rows
}

// Over says which CRD is over etcd's default request limit, or over
// budget in annotations (0: no budget), or "" when none is.
func (r *Report) Over(budget int64) string {
	for _, c := range r.CRDs {
		switch {
		case c.JSON > EtcdLimit:
			return fmt.Sprintf("CRD %s is %s as JSON, over etcd's default request limit", c.Name, FormatBytes(c.JSON))
		case budget > 0 && c.Annotations > budget:
			return fmt.Sprintf("CRD %s cannot fit its budget of %s", c.Name, FormatBytes(budget))
		}
	}
	return ""
}

// verdict says which limits a CRD passes.
func verdict(c CRDReport) string {
	switch {
	case c.JSON > EtcdLimit:
		return "over etcd's limit"
	case c.Annotations > AnnotationsLimit:
		return "too large for kubectl apply"
	}
	return "fits"
}

// totalLine is the run's total against Helm's limit.
func totalLine(r *Report) string {
	return fmt.Sprintf("all CRDs: %s bytes of YAML; in a Helm release (chart files: base64 in JSON, gzip, base64): %s bytes, %s of 1 MiB",
		commas(r.YAML), commas(r.Helm), pct(percent(r.Helm, HelmLimit)))
}

func renderText(r *Report) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, header)
	b.WriteString("\n")
	textfmt.Columns(&b, crdRows(r), 4)
	fmt.Fprintf(&b, "\n%s\n", totalLine(r))
	for _, c := range r.CRDs {
		for _, v := range c.Versions {
			fmt.Fprintf(&b, "\n%s %s: schema %s bytes, descriptions %s of it\n", c.Name, v.Name, commas(v.Schema), pct(percent(v.Descriptions, v.Schema)))
			if len(v.Heaviest) == 0 {
				continue
			}
			rows := [][]string{{"BYTES", "OF SCHEMA", "DESCRIPTIONS", "PATH", "GO", "SOURCE"}}
			for _, s := range v.Heaviest {
				rows = append(rows, []string{commas(s.Bytes), pct(s.Percent), pct(percent(s.Descriptions, s.Bytes)), s.Path, s.Go, s.Source})
			}
			textfmt.Columns(&b, rows, 3)
		}
	}
	return b.Bytes()
}

func renderMarkdown(r *Report) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "### %s\n\n", header)
	mdTable(&b, crdRows(r), 4)
	fmt.Fprintf(&b, "\n%s.\n", totalLine(r))
	for _, c := range r.CRDs {
		for _, v := range c.Versions {
			fmt.Fprintf(&b, "\n#### %s %s: schema %s bytes, descriptions %s of it\n", mdEscape(c.Name), mdEscape(v.Name), commas(v.Schema), pct(percent(v.Descriptions, v.Schema)))
			if len(v.Heaviest) == 0 {
				continue
			}
			rows := [][]string{{"Bytes", "Of schema", "Descriptions", "Path", "Go", "Source"}}
			for _, s := range v.Heaviest {
				rows = append(rows, []string{commas(s.Bytes), pct(s.Percent), pct(percent(s.Descriptions, s.Bytes)), "`" + s.Path + "`", s.Go, s.Source})
			}
			b.WriteString("\n")
			mdTable(&b, rows, 3)
		}
	}
	return b.Bytes()
}

// mdTable writes rows as a Markdown table, the first numRight columns
// right-aligned.
func mdTable(b *bytes.Buffer, rows [][]string, numRight int) {
	for i, row := range rows {
		cells := make([]string, len(row))
		for j, c := range row {
			cells[j] = mdEscape(c)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		if i == 0 {
			for j := range row {
				if j < numRight {
					b.WriteString("|---:")
				} else {
					b.WriteString("|---")
				}
			}
			b.WriteString("|\n")
		}
	}
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;").Replace(s)
}

func pct(p float64) string { return strconv.FormatFloat(p, 'f', 1, 64) + "%" }

// commas writes n with thousands separators.
func commas(n int64) string { return textfmt.Thousands(strconv.FormatInt(n, 10)) }
