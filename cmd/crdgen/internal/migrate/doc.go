// Package migrate moves a project from controller-gen to crdgen: it finds
// every controller-gen invocation (the Makefile's recipe lines, in any
// target, with the Makefile's variables such as $(CRD_OPTIONS) expanded;
// the shell scripts those recipes run; //go:generate directives), reads
// each command line as controller-tools does (generators with their
// options, output rules, paths= lists), maps every option to a crdgen
// generate flag or a crdgen.yaml setting, and rewrites only those lines to
// run crdgen, with kubebuilder's way of installing a tool (a CRDGEN
// variable in $(LOCALBIN), a crdgen target through go-install-tool, and
// CRDGEN_VERSION).
//
// It sits beside the other application packages under cmd/crdgen/internal
// and reads the generator table's names (internal/generators) and the
// package list syntax (internal/cli). Input: a project directory
// (Options). Output: a Result, the new content of every file it changes
// with the lines it changed, or diagnostics at the file:line:col of each
// option it cannot map; it writes nothing itself: cmd/crdgen hands
// Result.Set to internal/output, all or nothing.
//
// The main types are Invocation (one controller-gen command line, parsed),
// Mapped (the crdgen command it becomes) and Result.
package migrate
