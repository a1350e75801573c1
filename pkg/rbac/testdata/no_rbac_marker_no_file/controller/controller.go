// This case proves that without any +kubebuilder:rbac marker there is no
// role.yaml, webhook markers or not.
//
// +kubebuilder:webhook:path=/validate,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
package controller

// Reconcile does nothing.
func Reconcile() {}
