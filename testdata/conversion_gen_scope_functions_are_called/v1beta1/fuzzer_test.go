package v1beta1

import (
	"strings"

	"sigs.k8s.io/randfill"
)

// machineFuzzerFuncs keeps random versions to what v1beta2 carries back: a
// leading v, and nothing else.
func machineFuzzerFuncs() []any {
	return []any{
		func(s *MachineSpec, c randfill.Continue) {
			c.FillNoCustom(s)
			s.Version = strings.TrimLeft(s.Version, "v")
			if s.Version != "" {
				s.Version = "v" + s.Version
			}
		},
	}
}
