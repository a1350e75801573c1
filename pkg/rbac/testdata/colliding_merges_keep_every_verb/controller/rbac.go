// This case proves crdgen's fix of controller-gen's lost rules. The groups
// pass merges apps/jobs:get and batch/jobs:get into apps;batch/jobs:get,
// whose key is that of apps;batch/jobs:list; the urls pass merges /a:get
// and /b:get into /a;/b:get, whose key is that of /a;/b:list. controller-gen
// keeps one rule of each pair at random; crdgen unions their verbs.
package controller

// +kubebuilder:rbac:groups=apps,resources=jobs,verbs=get
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get
// +kubebuilder:rbac:groups=apps;batch,resources=jobs,verbs=list
// +kubebuilder:rbac:urls=/a,verbs=get
// +kubebuilder:rbac:urls=/b,verbs=get
// +kubebuilder:rbac:urls=/a;/b,verbs=list
