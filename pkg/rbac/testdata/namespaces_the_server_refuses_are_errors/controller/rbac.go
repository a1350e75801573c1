// This case proves a Role's namespace is checked as the API server checks
// metadata.namespace: one with a newline, or upper case, is an error at
// the argument, though the YAML would quote it safely.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace="team\na"
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=Team
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=team-b
