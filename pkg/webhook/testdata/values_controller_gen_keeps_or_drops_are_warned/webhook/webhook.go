// This case proves the warnings for values controller-gen writes as they are
// (a failurePolicy or verb the API server rejects) or drops
// (reinvocationPolicy not Never or IfNeeded, or on a validating webhook);
// the output is controller-gen's.
package webhook

// +kubebuilder:webhook:path=/m,mutating=true,failurePolicy=fial,sideEffects=None,groups=apps,resources=deployments,verbs=create;updte,versions=v1,name=m.example.com,admissionReviewVersions=v1,reinvocationPolicy=ifneded
// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=v.example.com,reinvocationPolicy=IfNeeded
