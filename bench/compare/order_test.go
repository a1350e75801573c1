package main

import (
	"slices"
	"strings"
	"testing"
)

// TestRoundOrderRotatesAndKeepsReruns holds the rounds' orders to their
// two rules: a rerun right after the run it reruns, and every unit first
// once in as many rounds as there are units.
func TestRoundOrderRotatesAndKeepsReruns(t *testing.T) {
	names := []string{"crdgen", "crdgen rerun", "crdgen@abc", "crdgen@abc rerun", "controller-gen"}
	units := runUnits(names, func(n string) bool { return strings.HasSuffix(n, " rerun") })
	if want := [][]int{{0, 1}, {2, 3}, {4}}; !slices.EqualFunc(units, want, slices.Equal) {
		t.Fatalf("units %v, want %v", units, want)
	}
	first := map[int]int{}
	for round := -1; round < 6; round++ {
		order := roundOrder(units, round)
		if got := slices.Sorted(slices.Values(order)); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
			t.Fatalf("round %d runs %v", round, order)
		}
		for k, i := range order {
			if strings.HasSuffix(names[i], " rerun") && (k == 0 || names[order[k-1]]+" rerun" != names[i]) {
				t.Errorf("round %d: %s does not follow its run: %v", round, names[i], order)
			}
		}
		if round >= 0 && round < 3 {
			first[order[0]]++
		}
	}
	if len(first) != 3 {
		t.Errorf("in three rounds, the first runs were %v, want each unit once", first)
	}
}
