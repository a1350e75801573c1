// This case proves the third merge pass: rules that agree on resources,
// resourceNames, urls and verbs merge their groups, after the resources pass.
package controller

// +kubebuilder:rbac:groups=apps,resources=widgets,verbs=get
// +kubebuilder:rbac:groups=example.com,resources=widgets,verbs=get
// +kubebuilder:rbac:groups=apps,resources=gadgets,verbs=get
// +kubebuilder:rbac:groups=example.com,resources=gadgets,verbs=get
// +kubebuilder:rbac:groups=other.io,resources=widgets,verbs=get;list
