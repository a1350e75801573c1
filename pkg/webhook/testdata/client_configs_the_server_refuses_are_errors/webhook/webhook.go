// This case proves the API server's checks of a client configuration are
// errors at their argument: a URL with a newline, one over http or with a
// query, a path that does not start with "/" or has a segment the server
// refuses. Each value would be quoted safely in the YAML and refused by
// the server on apply.
package webhook

// +kubebuilder:webhook:url="https://webhook.example.com/\nvalidate",mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=newline.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:url="http://webhook.example.com/validate?x=1",mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=http.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=validate-apps,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=slash.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate_Apps,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=segment.example.com,admissionReviewVersions=v1
