// This case proves the warnings for serviceName, serviceNamespace and
// servicePort beside url, which controller-gen leaves out.
package webhook

// +kubebuilder:webhook:url="https://x.example.com/v",serviceName=svc,serviceNamespace=ns,servicePort=8443,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=url.example.com,admissionReviewVersions=v1
