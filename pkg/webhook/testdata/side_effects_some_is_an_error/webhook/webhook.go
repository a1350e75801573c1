// This case proves the second check: sideEffects=Some is not allowed in v1.
package webhook

// +kubebuilder:webhook:path=/v,mutating=true,failurePolicy=fail,sideEffects=some,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
