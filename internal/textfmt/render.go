package textfmt

import (
	"encoding/json"
	"fmt"
)

// The formats of a report.
const (
	FormatText     = "text"
	FormatJSON     = "json"
	FormatMarkdown = "markdown"
)

// Render writes a report in a format: report as indented JSON, or the
// text or Markdown its functions write ("" is text).
func Render(report any, format string, text, markdown func() []byte) ([]byte, error) {
	switch format {
	case FormatJSON:
		b, err := json.MarshalIndent(report, "", "  ")
		if err != nil {
			return nil, err
		}
		return append(b, '\n'), nil
	case FormatMarkdown:
		return markdown(), nil
	case FormatText, "":
		return text(), nil
	}
	return nil, fmt.Errorf("unknown format %q (want text, json or markdown)", format)
}
