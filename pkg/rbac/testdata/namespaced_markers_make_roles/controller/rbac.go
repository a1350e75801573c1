// This case proves that markers with a namespace make a Role per namespace,
// after the ClusterRole, sorted by namespace.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=zeta
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get;list,namespace=alpha
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list,namespace=alpha
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list
