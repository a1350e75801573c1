package schemagen

// This file implements --max-description-length.

import (
	"strings"
	"unicode"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// truncateDescriptions shortens every description in s to at most n bytes
// exactly as controller-gen's crd:maxDescLen does (its TruncateDescription,
// v0.23.0): cut at byte n, then back to the last sentence terminal (kept),
// else to the last white space with "..." added, else "..." added at the
// cut; n == 0 drops descriptions. The cut may split a character, as
// controller-gen's does; the YAML then has U+FFFD there, as controller-gen's.
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
	desc = desc[:n]
	if i := strings.LastIndexFunc(desc, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); i > 0 {
		// controller-gen keeps one byte of the terminal, whatever its
		// length in UTF-8.
		return desc[:i+1]
	}
	if i := strings.LastIndexFunc(desc, func(r rune) bool { return unicode.Is(unicode.White_Space, r) }); i > 0 {
		return desc[:i] + "..."
	}
	return desc + "..."
}
