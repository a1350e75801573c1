// This case proves the client config errors: url and path together, and
// neither.
package webhook

// +kubebuilder:webhook:path=/v,url="https://x.example.com/v",mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=both.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=neither.example.com,admissionReviewVersions=v1
