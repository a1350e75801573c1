// This case proves every argument of +kubebuilder:webhook and its
// normalisation: values in any case become the API's spelling, groups=core
// becomes "", the Service's name, namespace and port, and lists in their
// order.
package webhook

// +kubebuilder:webhook:path=/m,mutating=true,failurePolicy=IGNORE,matchPolicy=exact,sideEffects=noneondryrun,timeoutSeconds=10,groups=core;apps,resources=pods;deployments/status,verbs=create;Update;DELETE;connect;*,versions=v1;v1beta1,name=m.example.com,serviceName=my-svc,serviceNamespace=my-ns,servicePort=9443,webhookVersions=v1;v1,admissionReviewVersions=v1beta1;v1,reinvocationPolicy=ifneeded
// +kubebuilder:webhook:path=/m2,mutating=true,failurePolicy=Fail,matchPolicy=EQUIVALENT,sideEffects=NONE,groups="",resources=*,verbs=*,versions=*,name=m2.example.com,admissionReviewVersions=v1,reinvocationPolicy=NEVER,timeoutSeconds=30
// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,matchPolicy=Equivalent,sideEffects=None,timeoutSeconds=1,groups=batch,resources=jobs,verbs=delete,versions=v1,name=v.example.com,serviceName=other,servicePort=443,admissionReviewVersions=v1
