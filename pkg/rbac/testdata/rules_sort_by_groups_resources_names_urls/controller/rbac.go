// This case proves the order of rules: by "groups + resources +
// resourceNames + urls" (lists "&"-joined), byte order, so URL-only rules
// come first and the core group before named groups.
package controller

// +kubebuilder:rbac:groups=zeta.io,resources=things,verbs=get
// +kubebuilder:rbac:groups=apps,resources=replicasets,verbs=list
// +kubebuilder:rbac:groups=Apps,resources=deployments,verbs=delete
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,resourceNames=b,verbs=watch
// +kubebuilder:rbac:groups=apps,resources=deployments,resourceNames=a,verbs=patch
// +kubebuilder:rbac:urls=/zzz,verbs=get
// +kubebuilder:rbac:groups=apps-v2,resources=deployments,verbs=create
// +kubebuilder:rbac:groups=apps,resources=Deployments,verbs=update
