// This case proves the matchPolicy error, with a did-you-mean.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,matchPolicy=Equivalnt,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
