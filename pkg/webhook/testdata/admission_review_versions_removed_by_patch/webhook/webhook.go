// This case proves the fourth check, which only a patch can trip:
// admissionReviewVersions must not be empty; the error points at the patch.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1,patch=`{"admissionReviewVersions":null}`
