// This case proves the two configurations: the mutating one first, then the
// validating one, with their default names, and a webhook's defaults: the
// Service webhook-service in system, no port, no matchPolicy, no
// timeoutSeconds, no reinvocationPolicy, no scope.
package webhook

// +kubebuilder:webhook:path=/validate-apps-v1-deployment,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create;update,versions=v1,name=vdeployment.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/mutate-apps-v1-deployment,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create;update,versions=v1,name=mdeployment.example.com,admissionReviewVersions=v1
