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
// writes config/crd/bases/batch.tutorial.example.com_cronjobs.yaml. As a
// module tool (go get -tool github.com/crdgen/crdgen/cmd/crdgen), in a
// go:generate line, with the settings in crdgen.yaml:
//
//	//go:generate go tool crdgen generate
//
// Commands:
//
//	crdgen generate [flags] PACKAGES...     write everything: CRDs, conversions, the cost report
//	crdgen diff [flags] PACKAGES...         check the CRDs against the previous ones for breaking changes
//	crdgen crd [flags] PACKAGES...          write one CRD file per group and kind
//	crdgen test [flags] PACKAGES...         run the CRDs' test suites, in process
//	crdgen cost [flags] PACKAGES...         report what every CEL rule costs the API server
//	crdgen size [flags] PACKAGES...         report the CRDs' sizes against kubectl apply's, etcd's and Helm's limits
//	crdgen conversion [flags] PACKAGES...   write conversions between a kind's versions
//	crdgen jsonschema [flags] PACKAGES...   write a JSON Schema per kind and version (kubeconform, editors)
//	crdgen docs [flags] PACKAGES...         write the API reference in Markdown
//	crdgen markers                          list every marker crdgen reads
//	crdgen version                          print crdgen's version
//
// Flags of every package command:
//
//	--unknown-markers MODE        error (default) or warn: what an unknown or misplaced marker is
//	--tags TAG[,TAG]              build tags for the go command (added to those of GOFLAGS)
//	--suppress CODE[,CODE]        do not print warnings with these codes
//	--no-cache                    use none of crdgen's caches: list, build and validate everything
//	-v                            print each file written and the time of each phase
//	--cpuprofile FILE             write a CPU profile
//	--memprofile FILE             write a heap profile
//
// Flags of the commands that build CRDs:
//
//	--allow-dangerous-types       accept float32 and float64 fields
//	--max-description-length N    truncate descriptions to N bytes (0 drops them)
//	--omit-version-annotation     do not stamp the crdgen version on each CRD
//	--generate-embedded-object-meta  describe a template's metav1.ObjectMeta
//	--kube-version X.Y            oldest Kubernetes whose API server must accept the CEL rules
//	--max-crd-bytes SIZE          trim descriptions until each CRD's annotations, kubectl apply's included, fit SIZE
//	--size-limits MODE            error (default) or warn: what a CRD over etcd's 1.5 MiB is
//	--omit-descriptions TYPE[,TYPE]  leave out these types' descriptions (import/path.Type or import/path.*)
//	--cost-over-budget MODE       error (default) or warn: a CEL rule or schema over the cost budget
//
// Flags of generate:
//
//	-o, --output-dir DIR          where CRD files go (default config/crd/bases)
//	--check                       write nothing; exit 1 and print a diff if any file would change
//	--cost-report FILE            also write the CEL cost report
//	--conversion-style STYLE      methods or functions
//	--conversion-tests BOOL       write the conversion round-trip tests (default true)
//	--test                        run the test suites first; write nothing if a case fails
//	--generators LIST             what to generate: crd, conversion, object, rbac, webhook, applyconfiguration
//	--header-file FILE            the boilerplate at the top of generated Go files
//	--year YEAR                   the year in headers (an existing file keeps its own)
//	--role-name NAME              the name of the ClusterRole and Roles of +kubebuilder:rbac
//	--rbac-dir DIR                where the RBAC role goes (default config/rbac)
//	--webhook-dir DIR             where the webhook manifests go (default config/webhook)
//	--format text|json|github     how diagnostics are printed
//
// Flags of crd:
//
//	-o, --output-dir DIR          where CRD files go (default config/crd/bases); - prints them
//	--check                       write nothing; exit 1 and print a diff if any file would change
//	--format text|json|github     how diagnostics are printed
//
// Flags of test:
//
//	--suite PATH                  run the suites at PATH too; repeatable
//	--run REGEXP                  run only the cases whose suite/case name matches
//	--format text|json|github     the results' format
//	--init KIND                   write a starter suite for the kind
//
// Flags of cost:
//
//	--format text|json|markdown   the report's format
//	--fail-above PERCENT          exit 1 if any rule uses more than PERCENT of its budget
//
// Flags of size:
//
//	--format text|json|markdown   the report's format
//
// Flags of diff:
//
//	--against DIR|git:REF         the previous CRDs (default: the output directory as it is)
//	-o, --output-dir DIR          where the CRDs live
//	--allow ID                    accept a breaking change, by check or id
//	--format text|json|markdown|github   the report's format
//
// Flags of conversion:
//
//	--check                       write nothing; exit 1 and print a diff if any file would change
//	--report text|json            print the lossiness report
//	--style methods|functions     controller-runtime wiring (default methods)
//	--tests BOOL                  write the round-trip tests (default true)
//	--format text|json|github     how diagnostics are printed
//
// Flags of jsonschema:
//
//	-o, --output-dir DIR          where the JSON Schema files go (default config/jsonschema)
//	--layout kubeconform|catalog  <kind>_<version>.json, or <group>/<kind>_<version>.json
//	--strict                      refuse unknown fields where the API server prunes them
//	--check                       write nothing; exit 1 and print a diff if any file would change
//	--format text|json|github     how diagnostics are printed
//
// Flags of docs:
//
//	-o, --output-dir DIR          where the Markdown files go (docs.outputDir in crdgen.yaml)
//	--split group-version|kind    one file per group and version, or one per kind
//	--check                       write nothing; exit 1 and print a diff if any file would change
//	--format text|json|github     how diagnostics are printed
//
// Settings can also come from crdgen.yaml in the module root (packages,
// outputDir, unknownMarkers, maxDescriptionLength, maxCRDBytes, sizeLimits,
// descriptions.omit, omitVersionAnnotation,
// generateEmbeddedObjectMeta, kubeVersion, costOverBudget, costReport,
// suppress, buildTags, conversion.style, conversion.tests,
// jsonSchema.outputDir, jsonSchema.layout, jsonSchema.strict,
// docs.outputDir, docs.split, and the settings with no flag: featureSets,
// openshift, test); a flag on the command line wins. With a jsonSchema
// section, or docs.outputDir, crdgen generate writes the JSON Schemas, or
// the API reference, too.
// "crdgen COMMAND -h" prints a command's flags.
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
