package schemafill

import (
	"math"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/randfill"
)

// New returns a filler of schemas seeded with seed.
func New(seed int64) *randfill.Filler { return filler(seed, false) }

// Plain returns a filler of schemas seeded with seed whose strings and JSON
// values are valid UTF-8 only, as a schema crdgen writes.
func Plain(seed int64) *randfill.Filler { return filler(seed, true) }

func filler(seed int64, plain bool) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.4).NumElements(0, 3).MaxDepth(6).Funcs(
		func(j *apiextv1.JSON, c randfill.Continue) {
			vals := []string{`"x"`, `1`, `2.50`, `1e3`, `-0`, `true`, `null`, `{"b":[1,{"c":"d"}],"a":"<&>"}`, `[]`, `{}`, "\"\\u00e9\\ud800\""}
			if plain {
				vals = vals[:len(vals)-1]
			}
			if c.Intn(8) == 0 {
				return // empty: MarshalJSON writes null
			}
			j.Raw = []byte(vals[c.Intn(len(vals))])
		},
		func(f *float64, c randfill.Continue) {
			vals := []float64{0, 1, -2.5, 1e21, 1e-7, 123456789.125, math.MaxFloat64, 5e-324}
			*f = vals[c.Intn(len(vals))]
		},
		func(s *string, c randfill.Continue) {
			vals := []string{"", "a", "spec", "<b> & 'q'", "é", "\u2028", "line\nbreak", "\xff", "a\xffb", "\xff\xfe"}
			if plain {
				vals = vals[:7]
			}
			*s = vals[c.Intn(len(vals))]
		},
	)
}
