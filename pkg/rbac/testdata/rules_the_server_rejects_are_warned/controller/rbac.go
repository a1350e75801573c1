// This case proves the warnings for rules the API server rejects unless
// another rule merges with them: resources without groups, and neither
// resources nor urls. The output is controller-gen's: the rule without
// groups merges into apps/deployments, the other stays as it is.
package controller

// +kubebuilder:rbac:resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,verbs=list
