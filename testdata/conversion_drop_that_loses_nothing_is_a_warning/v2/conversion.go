package v2

import (
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v1 "github.com/crdgen/crdgen/testdata/conversion_drop_that_loses_nothing_is_a_warning/v1"
)

// Convert_v2_OrderSpec_To_v1_OrderSpec converts the wrapping by hand.
func Convert_v2_OrderSpec_To_v1_OrderSpec(in *OrderSpec, out *v1.OrderSpec) error {
	if err := autoConvert_v2_OrderSpec_To_v1_OrderSpec(in, out); err != nil {
		return err
	}
	out.Wrap.Paper = in.Wrap.Paper
	return nil
}

// Convert_v1_OrderSpec_To_v2_OrderSpec converts the wrapping by hand.
func Convert_v1_OrderSpec_To_v2_OrderSpec(in *v1.OrderSpec, out *OrderSpec) error {
	if err := autoConvert_v1_OrderSpec_To_v2_OrderSpec(in, out); err != nil {
		return err
	}
	out.Wrap.Paper = in.Wrap.Paper
	return nil
}

// ConvertTo converts a v2 Parcel to the hub, v1, by hand.
func (src *Parcel) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v1.Parcel)
	dst.ObjectMeta = src.ObjectMeta
	dst.Spec.Weight = src.Spec.Weight
	return nil
}

// ConvertFrom converts the hub, v1, to a v2 Parcel by hand.
func (dst *Parcel) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v1.Parcel)
	dst.ObjectMeta = src.ObjectMeta
	dst.Spec.Weight = src.Spec.Weight
	return nil
}
