// This case proves that the checks run after the patch: a patch setting
// sideEffects to Some, or timeoutSeconds to 0, is reported at the patch.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1,patch=`{"sideEffects":"Some","timeoutSeconds":0}`
