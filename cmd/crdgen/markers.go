package main

// This file implements "crdgen markers": the marker reference, printed from
// the registry's own docs so that help never drifts from what crdgen reads.

import (
	"fmt"

	"github.com/crdgen/crdgen/pkg/markers"
)

func (a *invocation) markersCmd(args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(a.stderr, "crdgen markers: takes no arguments\n")
		return exitUsage
	}
	for _, d := range markers.DefaultRegistry().Definitions() {
		if d.Foreign {
			continue
		}
		fmt.Fprintf(a.stdout, "%s\n    on a %s: %s\n", d.Usage(), d.Targets, d.Doc)
	}
	fmt.Fprintln(a.stdout, "\nMarkers of other generators (+kubebuilder:rbac, +kubebuilder:webhook, +genclient, +k8s:*-gen, ...) are accepted and ignored.")
	return exitOK
}
