package textfmt

import (
	"bytes"
	"strings"
)

// Columns writes rows as aligned columns, two spaces apart: the first
// numRight columns (the figures) right-aligned, the others left-aligned,
// with no white space at the end of a line.
func Columns(b *bytes.Buffer, rows [][]string, numRight int) {
	if len(rows) == 0 {
		return
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			if i > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-len(cell))
			if i < numRight {
				line.WriteString(pad + cell)
			} else {
				line.WriteString(cell + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// Thousands puts a comma between every three digits of a decimal integer
// (an optional leading '-', then digits): 10,000,000.
func Thousands(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	var out strings.Builder
	out.WriteString(sign)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out.WriteByte(',')
		}
		out.WriteByte(s[i])
	}
	return out.String()
}
