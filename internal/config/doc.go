// Package config reads crdgen.yaml: settings kept in the module root so
// that go:generate lines and Makefile targets stay short. Every setting
// has a flag, and a flag on the command line wins over the file.
//
// Input: the file's bytes (Find looks for it from the working directory up
// to the module root, or reads $CRDGEN_CONFIG). Output: a Config, read
// strictly: an unknown key is an error at its line with a did-you-mean,
// and values are checked (feature sets in sets.go). cmd/crdgen turns it
// into its flags' defaults.
package config
