// Package openshift is crdgen.yaml's openshift section in a run: the
// feature sets and cluster profiles read from openshift's FeatureGate
// manifests, the hand-written overrides of each version package, the
// manifests in openshift's layout, and its test harness.
//
// Inputs: the section (config.OpenShift), a file system to read through
// (safefile.FS, which records what a run reads), the loaded model, the
// pipeline's results of each feature set (pipeline.SetResults), and the
// suite files.
// Outputs: feature sets and gates (ReadFeatureGates), schema overrides
// (ReadOverrides), the manifest files by path and where stale ones are
// removed (Outputs), and the harness's results with their diagnostics
// (RunSuites). It writes nothing and prints nothing; cmd/crdgen does.
//
// In openshift's layout each version package's CRDs go to its
// zz_generated.crd-manifests directory, named by +openshift:file-pattern,
// one file for the feature sets and cluster profiles that agree
// (featureset.OpenShiftLayout).
package openshift
