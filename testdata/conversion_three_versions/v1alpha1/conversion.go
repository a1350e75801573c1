package v1alpha1

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"

	v1 "github.com/crdgen/crdgen/testdata/conversion_three_versions/v1"
)

// Convert_v1alpha1_ClusterSpec_To_v1_ClusterSpec reads the storage string,
// <class>:<size>, into v1's StorageSpec.
func Convert_v1alpha1_ClusterSpec_To_v1_ClusterSpec(in *ClusterSpec, out *v1.ClusterSpec) error {
	if err := autoConvert_v1alpha1_ClusterSpec_To_v1_ClusterSpec(in, out); err != nil {
		return err
	}
	if in.Storage == "" {
		return nil
	}
	i := strings.LastIndex(in.Storage, ":")
	if i < 0 {
		return fmt.Errorf("storage %q is not <class>:<size>", in.Storage)
	}
	size, err := resource.ParseQuantity(in.Storage[i+1:])
	if err != nil {
		return fmt.Errorf("storage %q: %w", in.Storage, err)
	}
	out.Storage = v1.StorageSpec{Class: in.Storage[:i], Size: size}
	return nil
}

// Convert_v1_ClusterSpec_To_v1alpha1_ClusterSpec writes v1's StorageSpec as
// <class>:<size>.
func Convert_v1_ClusterSpec_To_v1alpha1_ClusterSpec(in *v1.ClusterSpec, out *ClusterSpec) error {
	if err := autoConvert_v1_ClusterSpec_To_v1alpha1_ClusterSpec(in, out); err != nil {
		return err
	}
	if in.Storage.Class != "" || !in.Storage.Size.IsZero() {
		out.Storage = in.Storage.Class + ":" + in.Storage.Size.String()
	}
	return nil
}
