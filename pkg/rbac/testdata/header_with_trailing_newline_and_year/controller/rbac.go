// This case proves the header: written as it is before the first "---",
// with " YEAR" replaced by the year (YEAR without a space before it stays).
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=infra
