package v2

import v1 "github.com/crdgen/crdgen/testdata/conversion_schemas_that_refuse_are_warnings/v1"

// Convert_v2_Gift_To_v1_Gift maps green paper, which v1 lacks, to blue.
func Convert_v2_Gift_To_v1_Gift(in *Gift, out *v1.Gift) error {
	if err := autoConvert_v2_Gift_To_v1_Gift(in, out); err != nil {
		return err
	}
	if out.Paper == "green" {
		out.Paper = "blue"
	}
	return nil
}
