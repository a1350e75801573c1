// This case proves the first check: sideEffects is required in v1.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
