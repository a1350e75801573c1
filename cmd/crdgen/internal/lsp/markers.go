package lsp

// This file implements hover and completion of markers, from the
// registry's definitions: the one list of markers crdgen has.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/crdgen/crdgen/pkg/markers"
)

// markerLine finds a marker comment: "// +name..." (submatch 1: the name
// as written, up to '=' or a blank).
var markerLine = regexp.MustCompile(`^\s*//\s*\+([^\s=]*)`)

// definition is the definition a marker name as written names: the
// longest definition name that is the whole name or ends where a ':'
// starts its arguments (+kubebuilder:printcolumn:name=...).
func (s *server) definition(name string) *markers.Definition {
	var best *markers.Definition
	for _, d := range s.reg.Definitions() {
		if (name == d.Name || strings.HasPrefix(name, d.Name+":")) && (best == nil || len(d.Name) > len(best.Name)) {
			best = d
		}
	}
	return best
}

// hover is the documentation of the marker under the cursor (nil: none).
func (s *server) hover(u uri.URI, pos protocol.Position) *protocol.Hover {
	text, ok := s.text(u)
	if !ok {
		return nil
	}
	line := lineOf(text, int(pos.Line)+1)
	m := markerLine.FindStringSubmatchIndex(line)
	if m == nil || byteColumn(line, pos.Character) < m[2]-1 {
		return nil
	}
	d := s.definition(line[m[2]:m[3]])
	if d == nil {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "```\n%s\n```\n\non a %s: %s", d.Usage(), d.Targets, d.Doc)
	if d.Foreign {
		b.WriteString("\n\n(another generator's marker: crdgen accepts it and ignores it)")
	}
	start := protocol.Position{Line: pos.Line, Character: uint32(utf16Len(line[:m[2]-1]))}
	end := protocol.Position{Line: pos.Line, Character: uint32(utf16Len(line[:m[3]]))}
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: b.String()},
		Range:    &protocol.Range{Start: start, End: end},
	}
}

// complete lists the marker names that start with what is typed after
// "// +" up to the cursor.
func (s *server) complete(u uri.URI, pos protocol.Position) *protocol.CompletionList {
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	text, ok := s.text(u)
	if !ok {
		return list
	}
	line := lineOf(text, int(pos.Line)+1)
	before := line[:byteColumn(line, pos.Character)]
	m := markerLine.FindStringSubmatchIndex(before)
	if m == nil {
		return list
	}
	if m[1] != len(before) {
		s.completeArgs(list, before, m[2], pos)
		return list
	}
	typed := before[m[2]:m[3]]
	rng := protocol.Range{
		Start: protocol.Position{Line: pos.Line, Character: uint32(utf16Len(before[:m[2]]))},
		End:   pos,
	}
	var seen []string
	for _, d := range s.reg.Definitions() {
		if d.Foreign || !strings.HasPrefix(d.Name, typed) || slices.Contains(seen, d.Name) {
			continue
		}
		seen = append(seen, d.Name)
		list.Items = append(list.Items, protocol.CompletionItem{
			Label:         d.Name,
			Kind:          protocol.CompletionItemKindProperty,
			Detail:        d.Usage(),
			Documentation: protocol.MarkupContent{Kind: protocol.PlainText, Value: "on a " + d.Targets.String() + ": " + d.Doc},
			TextEdit:      &protocol.TextEdit{Range: rng, NewText: d.Name},
		})
	}
	if len(list.Items) == 0 {
		// "+kubebuilder:printcolumn:" names no marker: its arguments start.
		s.completeArgs(list, before, m[2], pos)
	}
	return list
}

// completeArgs lists the argument names of the marker being written
// (before is the line up to the cursor, its name starting at name) that
// start with what is typed after the last ',' or the ':' after the name,
// less those already given: "+kubebuilder:printcolumn:name=Age," offers
// type, JSONPath, description, format and priority.
func (s *server) completeArgs(list *protocol.CompletionList, before string, name int, pos protocol.Position) {
	text := before[name:]
	var def *markers.Definition
	for _, d := range s.reg.Definitions() {
		if len(d.ArgNames()) > 0 && strings.HasPrefix(text, d.Name+":") && (def == nil || len(d.Name) > len(def.Name)) {
			def = d
		}
	}
	if def == nil {
		return
	}
	args := text[len(def.Name)+1:]
	cut := strings.LastIndexByte(args, ',') + 1
	typed := args[cut:]
	if strings.ContainsAny(typed, "=\"'`") {
		return // in a value
	}
	var given []string
	for _, a := range strings.Split(args[:cut], ",") {
		k, _, _ := strings.Cut(a, "=")
		given = append(given, k)
	}
	rng := protocol.Range{
		Start: protocol.Position{Line: pos.Line, Character: uint32(utf16Len(before[:len(before)-len(typed)]))},
		End:   pos,
	}
	for _, n := range def.ArgNames() {
		if !strings.HasPrefix(n, typed) || slices.Contains(given, n) {
			continue
		}
		list.Items = append(list.Items, protocol.CompletionItem{
			Label:    n,
			Kind:     protocol.CompletionItemKindField,
			Detail:   def.Usage(),
			TextEdit: &protocol.TextEdit{Range: rng, NewText: n + "="},
		})
	}
}
