// This case proves the parser's errors for missing required arguments, in
// declaration order.
package webhook

// +kubebuilder:webhook:path=/v,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1
