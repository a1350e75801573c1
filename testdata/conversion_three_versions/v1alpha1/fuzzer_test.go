package v1alpha1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	"sigs.k8s.io/randfill"
)

// clusterFuzzerFuncs keeps random v1alpha1 storage strings to what v1alpha1
// accepts, <class>:<size>, with the size in the canonical form v1 writes
// back (a quantity's text is not kept: 1000 comes back as 1k).
func clusterFuzzerFuncs() []any {
	return []any{
		func(s *ClusterSpec, c randfill.Continue) {
			c.FillNoCustom(s)
			if c.Bool() {
				s.Storage = ""
				return
			}
			size := resource.MustParse(resource.NewQuantity(c.Int63n(1<<40), resource.BinarySI).String())
			s.Storage = c.String(0) + ":" + size.String()
		},
	}
}
