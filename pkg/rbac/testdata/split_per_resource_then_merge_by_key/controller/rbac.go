// This case proves the first merge pass: each marker splits into one rule per
// resource, and rules with the same groups, resources, resourceNames and urls
// merge into the first, their verbs unioned, deduplicated and sorted.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments;statefulsets,verbs=list;get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=watch;get
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=create
// +kubebuilder:rbac:groups=apps;apps,resources=statefulsets;statefulsets,verbs=create;create
