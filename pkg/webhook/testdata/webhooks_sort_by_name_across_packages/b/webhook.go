package b

// +kubebuilder:webhook:path=/a,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=alpha.example.com
// +kubebuilder:webhook:path=/g,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=Gamma.example.com
// +kubebuilder:webhook:path=/m1,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=a.example.com,admissionReviewVersions=v1
