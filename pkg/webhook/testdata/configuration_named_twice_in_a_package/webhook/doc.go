// This case proves that one package naming a configuration twice is an
// error.
//
// +kubebuilder:webhookconfiguration:mutating=true,name=first
// +kubebuilder:webhookconfiguration:mutating=false,name=validating
// +kubebuilder:webhookconfiguration:mutating=true,name=second
// +kubebuilder:webhook:path=/m,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=v1
package webhook
