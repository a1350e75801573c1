// This case proves the fourth merge pass: rules that agree on groups,
// resources, resourceNames and verbs merge their urls.
package controller

// +kubebuilder:rbac:urls=/metrics,verbs=get
// +kubebuilder:rbac:urls=/healthz,verbs=get
// +kubebuilder:rbac:urls=/readyz;/livez,verbs=get
// +kubebuilder:rbac:urls=/debug,verbs=get;post
// +kubebuilder:rbac:urls=/metrics,verbs=get
