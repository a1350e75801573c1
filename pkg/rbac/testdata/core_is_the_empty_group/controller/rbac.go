// This case proves that groups=core and groups="" are both the core group,
// written as "", and merge with each other.
package controller

// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
// +kubebuilder:rbac:groups="",resources=pods,verbs=list
// +kubebuilder:rbac:groups=core;apps,resources=events,verbs=create
// +kubebuilder:rbac:groups=coreos.com,resources=events,verbs=create
