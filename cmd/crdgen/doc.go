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
//	crdgen generate -o config/crd/bases ./api/...
//
// writes config/crd/bases/batch.tutorial.example.com_cronjobs.yaml. In a
// go:generate line, with the settings in crdgen.yaml:
//
//	//go:generate crdgen generate
//
// In a project that runs controller-gen, crdgen migrate rewrites its
// controller-gen lines (Makefile, scripts, go:generate) to the crdgen
// generate lines their options map to, and gives the Makefile a crdgen
// target that installs it into $(LOCALBIN), as kubebuilder installs its
// tools, leaving go.mod alone.
//
// Commands:
//
//	crdgen generate [flags] PACKAGES...     write what --generators asks: CRDs, conversions, DeepCopy, RBAC, webhooks, ...
//	crdgen diff [flags] PACKAGES...         check the CRDs against the previous ones for breaking changes
//	crdgen crd [flags] PACKAGES...          write one CRD file per group and kind
//	crdgen test [flags] PACKAGES...         run the CRDs' test suites, in process
//	crdgen cost [flags] PACKAGES...         report what every CEL rule costs the API server
//	crdgen size [flags] PACKAGES...         report the CRDs' sizes against kubectl apply's, etcd's and Helm's limits
//	crdgen conversion [flags] PACKAGES...   write conversions between a kind's versions
//	crdgen jsonschema [flags] PACKAGES...   write a JSON Schema per kind and version (kubeconform, editors)
//	crdgen docs [flags] PACKAGES...         write the API reference in Markdown
//	crdgen validate [flags] [PATH...|-]     judge manifests as the API server would, each problem at its line
//	crdgen markers                          list every marker crdgen reads
//	crdgen lsp [crd flags]                  serve the Language Server Protocol on stdio, for editors
//	crdgen migrate [flags]                  rewrite the project's controller-gen lines to run crdgen
//	crdgen version                          print crdgen's version
//
// Each command's flags are in "crdgen COMMAND -h" and in
// docs/reference/command-line.md, which a test writes from the flag sets
// themselves. Settings can also come from crdgen.yaml in the module root
// (docs/reference/crdgen-yaml.md); a flag on the command line wins.
//
// For a kind with versions v1alpha1 and v1 (the storage version, the hub),
// "crdgen conversion ./api/..." writes api/v1alpha1/zz_generated.conversion.go
// with ConvertCronJobToHub and ConvertCronJobFromHub, a Convert_ function per
// type and direction, and controller-runtime's ConvertTo/ConvertFrom
// methods, plus a round-trip test beside it. docs/guides/conversion.md
// describes the +crdgen:conversion: markers; docs/README.md lists every
// guide and reference page.
//
// Diagnostics print as "file.go:LINE:COL: message", sorted, all at once.
// Exit status is 0 on success, 1 on input errors or stale output under
// --check, and 2 for a wrong command line. Nothing is written when there is
// an error, and files are replaced atomically.
package main
