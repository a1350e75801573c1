// This case proves the order of webhooks: sorted by name within each
// configuration, whatever their package and source order.
package a

// +kubebuilder:webhook:path=/z,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=zeta.example.com
// +kubebuilder:webhook:path=/b,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=beta.example.com
// +kubebuilder:webhook:path=/m2,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=b.example.com,admissionReviewVersions=v1
