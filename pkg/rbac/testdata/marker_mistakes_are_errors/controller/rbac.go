// This case proves the marker errors the parser reports: a marker without
// verbs, an unknown argument (with a did-you-mean).
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,resourcename=x
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
