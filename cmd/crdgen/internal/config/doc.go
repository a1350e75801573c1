// Package config reads crdgen.yaml: settings kept in the module root so
// that go:generate lines and Makefile targets stay short. Every setting
// has a flag, and a flag on the command line wins over the file.
//
// Input: the file's bytes (Find looks for it from the working directory up
// to the module root, or reads $CRDGEN_CONFIG). Output: a Config, read
// strictly: an unknown key is an error at its line with a did-you-mean,
// and values are checked (feature sets in sets.go). cmd/crdgen turns it
// into its flags' defaults.
//
// LayoutOf (layout.go) gives a run's Layout, where its outputs go and what
// crdgen generate makes before the command line. Input: the Config, the
// directory of a kubebuilder project (FindProject: a PROJECT file), and a
// file system that says whether the project has a header file. Output:
// kubebuilder's defaults in a kubebuilder project (crdgen's otherwise),
// with crdgen.yaml's settings over them.
package config
