// This case proves url: clientConfig.url and no Service.
package webhook

// +kubebuilder:webhook:url="https://webhook.example.com:8443/validate",mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=url.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:url=`https://webhook.example.com/mutate`,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=url.example.com,admissionReviewVersions=v1
