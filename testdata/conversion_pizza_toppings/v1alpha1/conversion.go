package v1alpha1

import (
	"github.com/crdgen/crdgen/testdata/conversion_pizza_toppings/v1beta1"
)

// Convert_v1alpha1_PizzaSpec_To_v1beta1_PizzaSpec counts the portions of
// each topping, in the order the toppings first appear.
func Convert_v1alpha1_PizzaSpec_To_v1beta1_PizzaSpec(in *PizzaSpec, out *v1beta1.PizzaSpec) error {
	if err := autoConvert_v1alpha1_PizzaSpec_To_v1beta1_PizzaSpec(in, out); err != nil {
		return err
	}
	index := map[string]int{}
	for _, name := range in.Toppings {
		i, ok := index[name]
		if !ok {
			i = len(out.Toppings)
			index[name] = i
			out.Toppings = append(out.Toppings, v1beta1.Topping{Name: name})
		}
		out.Toppings[i].Quantity++
	}
	return nil
}

// Convert_v1beta1_PizzaSpec_To_v1alpha1_PizzaSpec repeats each topping's
// name once per portion.
func Convert_v1beta1_PizzaSpec_To_v1alpha1_PizzaSpec(in *v1beta1.PizzaSpec, out *PizzaSpec) error {
	if err := autoConvert_v1beta1_PizzaSpec_To_v1alpha1_PizzaSpec(in, out); err != nil {
		return err
	}
	for _, t := range in.Toppings {
		for range t.Quantity {
			out.Toppings = append(out.Toppings, t.Name)
		}
	}
	return nil
}
