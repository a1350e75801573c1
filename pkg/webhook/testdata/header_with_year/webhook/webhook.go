// This case proves the header: as it is, " YEAR" replaced, before the first
// "---".
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=v.example.com
