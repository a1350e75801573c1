// This case proves a header without a final newline and without a year:
// "---" runs into its last line, " YEAR" becomes " ".
package webhook

// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=v.example.com
