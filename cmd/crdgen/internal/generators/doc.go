// Package generators runs the generators crdgen generate runs beside the
// CRDs and conversions: controller-gen's object (DeepCopy), rbac, webhook
// and applyconfiguration, each a package under pkg/ that turns the model
// into files. It places their files, says which existing files each may
// replace, and gives them their headers.
//
// Inputs: the names of the generators asked for, the loaded model, a file
// system to read the header files through, and Settings (generate's flags
// over the layout). Outputs: the files with their paths and ownership
// tests (File), where a generator's files that a run no longer makes are
// removed (output.Stale), and diagnostics. It writes nothing; cmd/crdgen
// hands the files to internal/output.
package generators
