package v1alpha1

import (
	"encoding/json"

	"k8s.io/apimachinery/pkg/runtime"
)

// DeepCopyObject copies the cluster through JSON (a stand-in for the
// controller-gen deepcopy of a real project; every field survives JSON).
func (in *Cluster) DeepCopyObject() runtime.Object {
	out := new(Cluster)
	data, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}

// DeepCopyObject copies the list through JSON.
func (in *ClusterList) DeepCopyObject() runtime.Object {
	out := new(ClusterList)
	data, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}
