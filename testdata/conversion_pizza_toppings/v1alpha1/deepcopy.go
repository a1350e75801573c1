package v1alpha1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyInto copies the pizza into out.
func (in *Pizza) DeepCopyInto(out *Pizza) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.Toppings = append([]string(nil), in.Spec.Toppings...)
}

// DeepCopyObject copies the pizza.
func (in *Pizza) DeepCopyObject() runtime.Object {
	out := new(Pizza)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the list.
func (in *PizzaList) DeepCopyObject() runtime.Object {
	out := &PizzaList{TypeMeta: in.TypeMeta}
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	for i := range in.Items {
		var p Pizza
		in.Items[i].DeepCopyInto(&p)
		out.Items = append(out.Items, p)
	}
	return out
}
