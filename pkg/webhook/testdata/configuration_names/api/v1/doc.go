// This case proves +kubebuilder:webhookconfiguration: it names the mutating
// or the validating configuration; across packages the last package's
// marker wins (with a warning), and an empty name is the default name.
//
// +kubebuilder:webhookconfiguration:mutating=true,name=early-mutating
// +kubebuilder:webhookconfiguration:mutating=false,name=my-validating
// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=v.example.com
package v1
