// This case proves every argument of +kubebuilder:rbac: groups, resources,
// resourceNames, verbs, urls, namespace and roleName.
//
// +kubebuilder:rbac:groups=apps;batch,resources=deployments;jobs,verbs=get;list;watch
// +kubebuilder:rbac:groups="",resources=configmaps,resourceNames=my-config;other-config,verbs=get;update
// +kubebuilder:rbac:urls=/metrics;/healthz,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=infra
// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;create,namespace=infra,roleName=leader-election
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=patch,roleName=status-writer
package controller
