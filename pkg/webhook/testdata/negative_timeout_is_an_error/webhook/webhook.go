// This case proves the third check below 1.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,timeoutSeconds=-1,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
