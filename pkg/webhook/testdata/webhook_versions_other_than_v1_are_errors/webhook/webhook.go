// This case proves that webhookVersions accepts v1 only.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1,webhookVersions=v1;v1beta1
