// This case proves that a patch can set what the checks need: sideEffects
// missing from the marker, set by the patch.
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1,patch=`{"sideEffects":"NoneOnDryRun"}`
