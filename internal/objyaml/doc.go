// Package objyaml writes Kubernetes objects as a YAML file the way
// controller-gen's genall.WriteYAML writes role.yaml and manifests.yaml:
// the header as it is, then "---\n" and the YAML of each object.
//
// Each object is marshalled to JSON, decoded with numbers kept exact,
// stripped of metadata.creationTimestamp, and marshalled by
// sigs.k8s.io/yaml, so keys come out sorted and lists unindented.
package objyaml
