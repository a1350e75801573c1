// Package schemafill fills random schemas for tests: every field of
// JSONSchemaProps set now and then (so that a field added to it in a new
// apiextensions-apiserver shows up in a test as a difference), valid JSON
// in JSON values, finite floats, and strings with invalid UTF-8 among them.
package schemafill
