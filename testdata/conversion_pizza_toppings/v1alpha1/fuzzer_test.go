package v1alpha1

import (
	"sigs.k8s.io/randfill"

	"github.com/crdgen/crdgen/testdata/conversion_pizza_toppings/v1beta1"
)

// pizzaFuzzerFuncs keeps random v1alpha1 toppings to what survives a trip
// through v1beta1: a list of names does not say where a repeated topping
// stood, so repeated names are kept together, in the order they first
// appear (v1beta1 cannot say more); and v1beta1 quantities stay small, as
// a pizza's do (random ones would repeat a name billions of times).
func pizzaFuzzerFuncs() []any {
	return []any{
		func(t *v1beta1.Topping, c randfill.Continue) {
			c.FillNoCustom(t)
			t.Quantity %= 5
		},
		func(s *PizzaSpec, c randfill.Continue) {
			c.FillNoCustom(s)
			var order []string
			count := map[string]int{}
			for _, t := range s.Toppings {
				if count[t] == 0 {
					order = append(order, t)
				}
				count[t]++
			}
			if s.Toppings == nil {
				return
			}
			s.Toppings = s.Toppings[:0]
			for _, t := range order {
				for range count[t] {
					s.Toppings = append(s.Toppings, t)
				}
			}
		},
	}
}
