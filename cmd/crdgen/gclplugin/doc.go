// Package gclplugin is crdgen as a golangci-lint module plugin: every
// diagnostic crdgen crd prints of the packages being linted, at its Go
// position, with its severity and code, and the did-you-mean rename of a
// misspelt marker as a suggested fix (golangci-lint run --fix applies it).
//
// A project builds a golangci-lint with the plugin (golangci-lint custom,
// .custom-gcl.yml):
//
//	version: v2.12.2
//	plugins:
//	  - module: github.com/crdgen/crdgen
//	    import: github.com/crdgen/crdgen/cmd/crdgen/gclplugin
//	    version: v0.x.y
//
// and enables the linter in .golangci.yml:
//
//	linters:
//	  enable: [crdgen]
//	  settings:
//	    custom:
//	      crdgen:
//	        type: module
//	        description: crdgen's diagnostics of the API types
//	        settings:
//	          args: ["--unknown-markers=warn"] # crdgen crd's flags and packages
//	          config: crdgen.yaml            # found as crdgen finds it when unset
//
// The plugin does not reimplement crdgen: it runs crdgen crd's own stages
// (cmd/crdgen/internal/app: the request from crdgen.yaml and the flags, the
// load through pkg/parser, the build through pkg/pipeline) once per
// golangci-lint process, from golangci-lint's working directory, on the
// packages crdgen crd would read there (the args', crdgen.yaml's, a
// kubebuilder project's, else ./...), and reports each diagnostic on the
// package whose file holds it. crdgen loads with go/packages itself rather
// than from the analysis pass, because a CRD is built from every version
// of its group at once: a package's diagnostics depend on packages the pass
// does not see. A diagnostic with no place in a Go file (a position in
// crdgen.yaml) is reported at the package clause of the first API package.
//
// The package lives under cmd/crdgen because it is a front end of the
// application, as the command is: the Go compiler keeps cmd/crdgen/internal
// to the packages under cmd/crdgen.
package gclplugin
