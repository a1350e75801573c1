// This case proves roleName per marker, and the generator's roleName for the
// others: roles are sorted by namespace, then name.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list,roleName=reader
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=watch,roleName=aaa-first
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get,namespace=users,roleName=user-secrets
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=infra,roleName=infra-manager
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=infra
// +kubebuilder:rbac:groups="",resources=pods,verbs=get,roleName=operator-role
