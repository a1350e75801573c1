package v2

import (
	"strings"

	"sigs.k8s.io/randfill"
)

// widgetFuzzerFuncs keeps random minutes to what the hub's one string can
// carry back: no blank inside the minute.
func widgetFuzzerFuncs() []any {
	return []any{
		func(s *Schedule, c randfill.Continue) {
			c.FillNoCustom(s)
			s.Minute = strings.ReplaceAll(s.Minute, " ", "")
		},
	}
}
