package v1beta1

import (
	"strings"

	"k8s.io/apimachinery/pkg/conversion"

	"github.com/crdgen/crdgen/testdata/conversion_gen_scope_functions_are_called/v1beta2"
)

// Convert_v1beta1_MachineSpec_To_v1beta2_MachineSpec drops the version's
// leading v, as cluster-api's hand-written conversions do such things.
func Convert_v1beta1_MachineSpec_To_v1beta2_MachineSpec(in *MachineSpec, out *v1beta2.MachineSpec, s conversion.Scope) error {
	if err := autoConvert_v1beta1_MachineSpec_To_v1beta2_MachineSpec(in, out, s); err != nil {
		return err
	}
	out.Version = strings.TrimPrefix(in.Version, "v")
	return nil
}

// Convert_v1beta2_MachineSpec_To_v1beta1_MachineSpec adds the leading v back.
func Convert_v1beta2_MachineSpec_To_v1beta1_MachineSpec(in *v1beta2.MachineSpec, out *MachineSpec, s conversion.Scope) error {
	if err := autoConvert_v1beta2_MachineSpec_To_v1beta1_MachineSpec(in, out, s); err != nil {
		return err
	}
	if in.Version != "" {
		out.Version = "v" + in.Version
	}
	return nil
}
