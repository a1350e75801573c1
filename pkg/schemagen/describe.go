package schemagen

// This file implements --max-description-length.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// truncateDescriptions shortens every description in s to at most n bytes,
// cutting at the last sentence end (or word, with "...") as controller-gen's
// maxDescLen does; n == 0 drops descriptions.
func truncateDescriptions(s *apiextv1.JSONSchemaProps, n int) {
	walkSchema(s, func(s *apiextv1.JSONSchemaProps) {
		if n == 0 {
			s.Description = ""
			return
		}
		s.Description = truncate(s.Description, n)
	})
}

func truncate(desc string, n int) string {
	if len(desc) <= n {
		return desc
	}
	cut := n
	// Never split a character (controller-gen cuts at a byte offset).
	for cut > 0 && !utf8.RuneStart(desc[cut]) {
		cut--
	}
	desc = desc[:cut]
	if i := strings.LastIndexFunc(desc, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); i > 0 {
		_, size := utf8.DecodeRuneInString(desc[i:])
		return desc[:i+size]
	}
	if i := strings.LastIndexFunc(desc, unicode.IsSpace); i > 0 {
		return desc[:i] + "..."
	}
	return desc + "..."
}

// walkSchema calls fn on s and every schema below it, parents first.
func walkSchema(s *apiextv1.JSONSchemaProps, fn func(*apiextv1.JSONSchemaProps)) {
	if s == nil {
		return
	}
	fn(s)
	if s.Items != nil {
		walkSchema(s.Items.Schema, fn)
		for i := range s.Items.JSONSchemas {
			walkSchema(&s.Items.JSONSchemas[i], fn)
		}
	}
	for _, list := range [][]apiextv1.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range list {
			walkSchema(&list[i], fn)
		}
	}
	walkSchema(s.Not, fn)
	for k, p := range s.Properties {
		walkSchema(&p, fn)
		s.Properties[k] = p
	}
	if s.AdditionalProperties != nil {
		walkSchema(s.AdditionalProperties.Schema, fn)
	}
}
