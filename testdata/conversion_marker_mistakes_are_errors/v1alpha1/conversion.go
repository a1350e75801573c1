package v1alpha1

import v1 "github.com/crdgen/crdgen/testdata/conversion_marker_mistakes_are_errors/v1"

// Convert_v1alpha1_ShopSpec_To_v1_ShopSpec takes its arguments by value.
func Convert_v1alpha1_ShopSpec_To_v1_ShopSpec(in ShopSpec, out *v1.ShopSpec) error {
	return nil
}
