package v2

import (
	"context"
	"strings"

	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v1 "github.com/crdgen/crdgen/testdata/conversion_opted_in_tests_hand_written_methods/v1"
)

// ConvertTo converts this Widget to the hub version with crdgen's function.
func (src *Widget) ConvertTo(dstRaw conversion.Hub) error {
	return ConvertWidgetToHub(context.Background(), src, dstRaw.(*v1.Widget))
}

// ConvertFrom converts the hub version to this Widget with crdgen's function.
func (dst *Widget) ConvertFrom(srcRaw conversion.Hub) error {
	return ConvertWidgetFromHub(context.Background(), srcRaw.(*v1.Widget), dst)
}

// Convert_v2_WidgetSpec_To_v1_WidgetSpec joins the schedule's parts.
func Convert_v2_WidgetSpec_To_v1_WidgetSpec(in *WidgetSpec, out *v1.WidgetSpec) error {
	if err := autoConvert_v2_WidgetSpec_To_v1_WidgetSpec(in, out); err != nil {
		return err
	}
	out.Schedule = in.Schedule.Minute + " " + in.Schedule.Rest
	return nil
}

// Convert_v1_WidgetSpec_To_v2_WidgetSpec splits the schedule at its first
// blank.
func Convert_v1_WidgetSpec_To_v2_WidgetSpec(in *v1.WidgetSpec, out *WidgetSpec) error {
	if err := autoConvert_v1_WidgetSpec_To_v2_WidgetSpec(in, out); err != nil {
		return err
	}
	out.Schedule.Minute, out.Schedule.Rest, _ = strings.Cut(in.Schedule, " ")
	return nil
}
