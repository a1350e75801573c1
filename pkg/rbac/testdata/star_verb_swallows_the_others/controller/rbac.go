// This case proves that a rule whose verbs hold "*" (after merging) has
// verbs ["*"] alone, and that "*" still takes part in the merge keys.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;*;list
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=get
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=*
// +kubebuilder:rbac:groups=apps,resources=daemonsets,verbs=*
// +kubebuilder:rbac:groups=*,resources=*,verbs=get
