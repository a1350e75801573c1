package schemagen

// This file implements the warning for every subtree of a schema where the
// API server keeps unknown fields (x-kubernetes-preserve-unknown-fields, as
// runtime.RawExtension, apiextensionsv1.JSON, Schemaless and
// PreserveUnknownFields fields write it): whatever a client sends there is
// stored unvalidated, a field nobody declared included. Structural schemas
// were made to stop exactly that; a project should keep such places few
// and know where they are.

import (
	"go/token"
	"path/filepath"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// warnUnpruned warns about a node of a kind's schema (at path) that keeps
// unknown fields, at the Go line in the project's own packages that leads
// to it. Only the outermost such subtree is worth a warning: quiet says the
// nodes below this one are not (and neither are metadata's).
func (g *gen) warnUnpruned(k *model.Kind, s *apiextv1.JSONSchemaProps, path schemapath.Path) (quiet bool) {
	switch {
	case len(path) == 1 && path[0] == "properties[metadata]":
		return true
	case len(path) == 0 || s.XPreserveUnknownFields == nil || !*s.XPreserveUnknownFields:
		return false
	}
	if pos, ok := g.localPosition(k, path); ok && s.Title != failedTitle {
		g.diags.Warnf(pos, markers.CodeUnknownFields,
			"%s keeps unknown fields (x-kubernetes-preserve-unknown-fields): the API server stores whatever a client sends there without validating it, a field nobody declared included; if its shape is known, describe it instead",
			path.Display())
	}
	return true
}

// localPosition is where in the project's own packages a schema path comes
// from: the deepest place along it that is in a package of the main module
// (a RawExtension inside a dependency's type is reported at the project's
// field that uses that type). ok is false when none is.
func (g *gen) localPosition(k *model.Kind, path schemapath.Path) (token.Position, bool) {
	for n := len(path); n >= 0; n-- {
		pos := locate(k.Type, path[:n]).pos
		if g.localDirs[filepath.Dir(pos.Filename)] {
			return pos, true
		}
	}
	return token.Position{}, false
}
