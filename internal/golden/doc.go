// Package golden compares test output with files under testdata, and
// rewrites them under "go test ./... -update".
//
// Every test package imports it (at least for its flag), so that
// "go test ./... -update" passes -update to test binaries that know it.
package golden
