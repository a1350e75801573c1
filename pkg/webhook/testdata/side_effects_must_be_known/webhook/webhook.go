// This case proves that a sideEffects value that is not the API's counts as
// not set, with a did-you-mean.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=Nnoe,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
