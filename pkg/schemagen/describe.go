package schemagen

// This file implements --max-description-length.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// truncateDescriptions shortens every description in s to at most n bytes,
// cutting at the last sentence end (or word, with "...") as controller-gen's
// maxDescLen does; n == 0 drops descriptions.
func truncateDescriptions(s *apiextv1.JSONSchemaProps, n int) {
	schemapath.Edit(s, func(s *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
		if n == 0 {
			s.Description = ""
		} else {
			s.Description = truncate(s.Description, n)
		}
		return true
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
