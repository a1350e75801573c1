// Package webhook serves webhooks; its package comes after api/v1.
//
// +kubebuilder:webhookconfiguration:mutating=true,name=my-mutating
// +kubebuilder:webhook:path=/m,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=v1
package webhook
