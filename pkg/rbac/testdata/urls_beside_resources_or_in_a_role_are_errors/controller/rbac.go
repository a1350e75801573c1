// This case proves the rbac errors, each at its argument: urls beside
// groups, resources or resourceNames (a rule grants one or the other), and
// urls in a Role (a namespace); the API server rejects all of them.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,urls=/metrics,verbs=get
// +kubebuilder:rbac:groups="",urls=/metrics,verbs=get
// +kubebuilder:rbac:resourceNames=x,urls=/metrics,verbs=get
// +kubebuilder:rbac:urls=/metrics,verbs=get,namespace=system
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
