// This case proves the second merge pass: rules that agree on groups,
// resourceNames, urls and verbs merge their resources.
package controller

// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list
// +kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=list;get
// +kubebuilder:rbac:groups=batch,resources=jobs/status,verbs=get
// +kubebuilder:rbac:groups=batch,resources=cronjobs,resourceNames=nightly,verbs=get;list
