// Command crdgen turns Kubernetes API types written in Go, annotated with
// kubebuilder markers, into CustomResourceDefinitions.
//
// Given an API package such as
//
//	// +groupName=batch.tutorial.example.com
//	package v1
//
//	// CronJob is the Schema for the cronjobs API.
//	// +kubebuilder:subresource:status
//	type CronJob struct {
//		metav1.TypeMeta   `json:",inline"`
//		metav1.ObjectMeta `json:"metadata,omitempty"`
//		Spec   CronJobSpec   `json:"spec"`
//		Status CronJobStatus `json:"status,omitempty"`
//	}
//
// the command
//
//	crdgen crd -o config/crd/bases ./api/...
//
// writes config/crd/bases/batch.tutorial.example.com_cronjobs.yaml. In a
// go:generate line:
//
//	//go:generate crdgen crd -o ../../config/crd/bases ./...
//
// Commands:
//
//	crdgen crd [flags] PACKAGES...   write one CRD file per group and kind
//	crdgen version                   print crdgen's version
//
// Flags of crd:
//
//	-o, --output-dir DIR          where CRD files go (default config/crd/bases)
//	--check                       write nothing; exit 1 and print a diff if any file would change
//	--unknown-markers MODE        error (default) or warn
//	--allow-dangerous-types       accept float32 and float64 fields
//	--max-description-length N    truncate descriptions to N bytes (0 drops them)
//	--omit-version-annotation     do not stamp the crdgen version on each CRD
//	--cpuprofile, --memprofile    write profiles
//
// Diagnostics print as "file.go:LINE:COL: message", sorted, all at once.
// Exit status is 0 on success, 1 on input errors or stale output under
// --check, and 2 for a wrong command line. Nothing is written when there is
// an error, and files are replaced atomically.
package main
