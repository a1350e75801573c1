// This case proves that without a webhook there is no manifests.yaml, even
// with a configuration name.
//
// +kubebuilder:webhookconfiguration:mutating=true,name=lonely
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
package webhook
