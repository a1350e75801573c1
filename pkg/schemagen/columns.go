package schemagen

// This file implements checking printer columns the way the API server and
// kubectl will use them: a type and format the server knows, a JSONPath its
// table printer can parse (an unparsable one passes validation but leaves
// only the Name column) and that names a field of the schema (one that
// names nothing shows an empty column forever), and names that kubectl can
// tell apart (it prints them in capitals).

import (
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/client-go/util/jsonpath"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// checkColumn checks one printer column of a version whose schema is s
// (nil: no warnings, for a kind of another module, which its author fixes).
func (g *gen) checkColumn(m markers.Marker, c markers.PrintColumn, s *apiextv1.JSONSchemaProps) {
	types := []string{"boolean", "date", "integer", "number", "string"}
	if !slices.Contains(types, c.Type) {
		g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:printcolumn: type=%s is not valid (want %s)%s", c.Type, strings.Join(types, ", "), didYouMean(c.Type, types))
	}
	formats := []string{"byte", "date", "date-time", "double", "float", "int32", "int64", "password"}
	if c.Format != "" && !slices.Contains(formats, c.Format) {
		g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:printcolumn: format=%s is not valid (want %s)%s", c.Format, strings.Join(formats, ", "), didYouMean(c.Format, formats))
	}
	if !strings.HasPrefix(c.JSONPath, ".") {
		g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:printcolumn: JSONPath %q must start with '.'", c.JSONPath)
		return
	}
	if err := jsonpath.New(c.Name).Parse("{" + c.JSONPath + "}"); err != nil {
		g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:printcolumn: JSONPath %q does not parse: %v", c.JSONPath, err)
		return
	}
	if s != nil {
		if missing, in := missingField(s, c.JSONPath); missing != "" {
			where := "the schema"
			if in != "" {
				where = in
			}
			g.diags.Warnf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:printcolumn: JSONPath %q names no field: %s has no %q, so the column %q is always empty", c.JSONPath, where, missing, c.Name)
		}
	}
}

// checkColumnNames warns about printer columns of one kind whose names
// kubectl cannot tell apart.
func (g *gen) checkColumnNames(k *model.Kind) {
	if !k.Package().Local {
		return
	}
	seen := map[string]markers.Marker{}
	for _, m := range k.Type.Markers {
		c, ok := m.Value.(markers.PrintColumn)
		if !ok {
			continue
		}
		key := strings.ToUpper(c.Name)
		if prev, dup := seen[key]; dup {
			g.diags.Add(markers.Diagnostic{Pos: m.Pos, Severity: markers.Warning, Code: markers.CodeMarkerValue,
				Msg:     "+kubebuilder:printcolumn: another column is named " + prev.Value.(markers.PrintColumn).Name + "; kubectl prints both as " + key,
				Related: []markers.Related{{Pos: prev.Pos, Msg: "other column here"}}})
			continue
		}
		seen[key] = m
	}
}

// missingField follows a column's JSONPath (.a.b[*].c, .a[?(@.x=="y")].c)
// through a schema and returns the first name it cannot find, with the
// path before it; "" when every name is there or the path reaches a place
// that holds anything (metadata, a map, preserved unknown fields).
func missingField(s *apiextv1.JSONSchemaProps, path string) (name, in string) {
	cur := s
	done := ""
	for _, seg := range schemapath.Split(strings.TrimPrefix(path, ".")) {
		field, brackets, _ := strings.Cut(seg, "[")
		if field != "" {
			switch {
			case cur.XPreserveUnknownFields != nil && *cur.XPreserveUnknownFields,
				cur.AdditionalProperties != nil,
				cur == s && field == "metadata":
				return "", ""
			}
			next, ok := cur.Properties[field]
			if !ok {
				return field, done
			}
			cur = &next
			done += "." + field
		}
		// Every bracket ([*], [0], [?(...)]) steps into a list's items.
		for range bracketCount(brackets) {
			if cur.Items == nil || cur.Items.Schema == nil {
				return "", ""
			}
			cur = cur.Items.Schema
			done += "[*]"
		}
	}
	return "", ""
}

// bracketCount counts the top-level brackets of a segment's rest after its
// first '[' ("*]" is one, "0][1]" two).
func bracketCount(rest string) int {
	if rest == "" {
		return 0
	}
	n, depth := 1, 1
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '[':
			if depth == 0 {
				n++
			}
			depth++
		case ']':
			depth--
		}
	}
	return n
}
