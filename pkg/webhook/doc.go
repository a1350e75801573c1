// Package webhook is crdgen's webhook generator: controller-gen's, byte for
// byte, for every input controller-gen accepts and the API server would.
//
// Input: the model's root packages (API packages and comment-only ones:
// controllers, webhooks, main) and their +kubebuilder:webhook and
// +kubebuilder:webhookconfiguration markers, in package and source order;
// the header text (Options).
//
// Output: the content of manifests.yaml (Generate): the header, then the
// MutatingWebhookConfiguration and the ValidatingWebhookConfiguration
// (each only when it has webhooks), webhooks sorted by name, every value
// normalised to its API spelling and each marker's patch applied; nil when
// there is no webhook or there is an error. And diagnostics, at the marker's
// argument: what is missing, what contradicts what, values that are not the
// API's, and webhooks admissionregistration.k8s.io/v1 rejects.
//
// The package is pure: it reads no files and writes none.
package webhook
