package v2

import (
	"encoding/json"

	"k8s.io/apimachinery/pkg/runtime"
)

// DeepCopyObject copies the widget through JSON (a stand-in for the
// controller-gen deepcopy of a real project; every field survives JSON).
func (in *Widget) DeepCopyObject() runtime.Object {
	out := new(Widget)
	data, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}
