// Package jsonschema turns CRDs into JSON Schema files for the clients
// that validate manifests outside the cluster: kubeconform in CI, and
// yaml-language-server in editors.
//
// Input: the CRD objects crdgen built (apiextensions/v1), and Options
// (the layout, the strict or loose variant). Output: one File per kind
// and served version, in JSON Schema draft-07, with a path in the layout
// (kubeconform's {kind}_{version}.json, or the CRDs-catalog's
// {group}/{kind}_{version}.json) and deterministic bytes. No I/O.
//
// The translation (schema.go) says in JSON Schema what the API server
// does with an object: nullable and optional nulls, defaults that
// satisfy required, int-or-string, sets and map lists as unique items,
// the server's formats (formats.go), embedded resources and the root's
// apiVersion, kind and metadata (metadata.go), and, in the strict
// variant, additionalProperties: false exactly where the server prunes.
// CEL rules cannot be said in JSON Schema; they are carried as the
// x-kubernetes-validations annotation, checked by nobody.
//
// Main names: Generate, Schema, Options, Layout, File, Owned.
// docs/guides/json-schema.md is the user's guide;
// docs/contributing/architecture.md shows where the package sits.
package jsonschema
