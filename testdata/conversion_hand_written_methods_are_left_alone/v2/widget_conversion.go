package v2

import (
	"strings"

	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v1 "github.com/crdgen/crdgen/testdata/conversion_hand_written_methods_are_left_alone/v1"
)

// ConvertTo converts this Widget to the hub version, by hand.
func (src *Widget) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v1.Widget)
	dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
	dst.Spec.Schedule = strings.TrimSpace(src.Spec.Schedule.Minute + " " + src.Spec.Schedule.Rest)
	return nil
}

// ConvertFrom converts the hub version to this Widget, by hand.
func (dst *Widget) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v1.Widget)
	dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
	dst.Spec.Schedule.Minute, dst.Spec.Schedule.Rest, _ = strings.Cut(src.Spec.Schedule, " ")
	return nil
}
