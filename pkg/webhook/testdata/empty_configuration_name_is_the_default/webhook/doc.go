// This case proves that an empty name gives the default name, and that a
// configuration name without webhooks of its kind makes no object.
//
// +kubebuilder:webhookconfiguration:mutating=true,name=""
// +kubebuilder:webhookconfiguration:mutating=false,name=unused
// +kubebuilder:webhook:path=/m,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=v1
package webhook
