package featureset

// This file implements descriptions per set: crdgen's gated spans, and
// Gateway API's description tags, with the whitespace its generator leaves.

import (
	"regexp"
	"strings"
)

// Span tags: <crdgen:when=Gate> (or =!Gate) starts text that a description
// has only when the condition holds, </crdgen:when> ends it.
const (
	whenOpen  = "<crdgen:when="
	whenClose = "</crdgen:when>"
)

// Describe is a doc comment as a description of the set: crdgen's spans
// kept or dropped by their condition, then Gateway API's tags as its
// generator reads them (see gatewayDescribe). A nil set (no feature sets)
// leaves Gateway API's tags as text, as controller-gen does.
func (s *Set) Describe(doc string) string {
	if strings.Contains(doc, whenOpen) {
		doc = s.describeSpans(doc)
	}
	if s != nil && strings.Contains(doc, "<gateway:") {
		doc = gatewayDescribe(doc, s.Holds(GatewayChannel))
	}
	return doc
}

// describeSpans keeps or drops each <crdgen:when=...> span (one without
// its close tag runs to the end). A tag or a dropped span alone on its
// lines goes with them.
func (s *Set) describeSpans(doc string) string {
	for {
		open := strings.Index(doc, whenOpen)
		if open < 0 {
			return strings.Trim(doc, "\n")
		}
		gt := strings.IndexByte(doc[open:], '>')
		if gt < 0 {
			return strings.Trim(doc, "\n")
		}
		cond := doc[open+len(whenOpen) : open+gt]
		bodyStart := open + gt + 1
		bodyEnd, end := len(doc), len(doc)
		if i := strings.Index(doc[bodyStart:], whenClose); i >= 0 {
			bodyEnd = bodyStart + i
			end = bodyEnd + len(whenClose)
		}
		if s.Holds(cond) {
			doc = cut(doc, bodyEnd, end)
			doc = cut(doc, open, bodyStart)
		} else {
			doc = cut(doc, open, end)
		}
	}
}

// cut removes doc[i:j], with a line break when that leaves a line empty.
func cut(doc string, i, j int) string {
	lineStart := i == 0 || doc[i-1] == '\n'
	lineEnd := j == len(doc) || doc[j] == '\n'
	switch {
	case lineStart && lineEnd && j < len(doc):
		j++
	case lineStart && lineEnd && i > 0:
		i--
	}
	return doc[:i] + doc[j:]
}

// Gateway API's description tags.
var (
	gatewayExperimentalSpan = regexp.MustCompile(`\n*` + regexp.QuoteMeta("<gateway:experimental:description>") + `(?s:(.*?))` + regexp.QuoteMeta("</gateway:experimental:description>") + `\n*`)
	gatewayExcludedSpan     = regexp.MustCompile(`\n*` + regexp.QuoteMeta("<gateway:util:excludeFromCRD>") + `(?s:(.*?))` + regexp.QuoteMeta("</gateway:util:excludeFromCRD>") + `\n*`)
	gatewayTag              = regexp.MustCompile(`<gateway:.*>`)
	blankLines              = regexp.MustCompile(`\n\n\n+`)
)

// gatewayDescribe reads Gateway API's tags in a description as its
// generator does: experimental description spans dropped (outside the
// experimental channel, leaving a blank line) or unwrapped, excluded spans
// dropped (leaving two blank lines), every other tag removed to the end of
// its line's last '>', runs of more than two blank lines shortened to two,
// and leading and trailing newlines trimmed.
func gatewayDescribe(doc string, experimental bool) string {
	if !experimental {
		doc = gatewayExperimentalSpan.ReplaceAllString(doc, "\n\n")
	} else {
		doc = strings.ReplaceAll(doc, "<gateway:experimental:description>", "")
		doc = strings.ReplaceAll(doc, "</gateway:experimental:description>", "")
	}
	doc = gatewayExcludedSpan.ReplaceAllString(doc, "\n\n\n")
	doc = gatewayTag.ReplaceAllLiteralString(doc, "")
	doc = blankLines.ReplaceAllString(doc, "\n\n\n")
	return strings.Trim(doc, "\n")
}

// HasSpans reports whether a doc comment has crdgen's description spans
// (<crdgen:when=...>).
func HasSpans(doc string) bool { return strings.Contains(doc, whenOpen) }

// SpanConditions are the conditions of a doc comment's <crdgen:when=...>
// spans.
func SpanConditions(doc string) []string {
	var out []string
	for {
		i := strings.Index(doc, whenOpen)
		if i < 0 {
			return out
		}
		doc = doc[i+len(whenOpen):]
		end := strings.IndexByte(doc, '>')
		if end < 0 {
			return out
		}
		out = append(out, doc[:end])
		doc = doc[end:]
	}
}
