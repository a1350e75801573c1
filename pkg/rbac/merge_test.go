package rbac

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"
)

// TestMergeKeepsEveryPermission merges random rule sets and checks that the
// merged rules grant exactly what the markers grant: every (group,
// resource, resourceName, url, verb) of the input and nothing else, and the
// same rules whatever the order of the markers. controller-gen fails this
// (its merge passes drop rules whose keys collide).
func TestMergeKeepsEveryPermission(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	pick := func(from []string, min int) []string {
		var out []string
		for _, s := range from {
			if rnd.IntN(3) == 0 {
				out = append(out, s)
			}
		}
		if len(out) < min {
			out = append(out, from[rnd.IntN(len(from))])
		}
		return out
	}
	for i := range 2000 {
		var rules []*rule
		for range 1 + rnd.IntN(8) {
			r := &rule{verbs: pick([]string{"get", "list", "watch", "create"}, 1)}
			if rnd.IntN(4) == 0 {
				r.urls = pick([]string{"/a", "/b", "/c"}, 1)
			} else {
				r.groups = pick([]string{"", "apps", "batch"}, 1)
				r.resources = pick([]string{"x", "y", "z"}, 1)
				if rnd.IntN(3) == 0 {
					r.resourceNames = pick([]string{"n1", "n2"}, 1)
				}
			}
			rules = append(rules, r)
		}
		want := grants(policyRules(rules))
		got := normalizeRules(split(rules))
		if g := grants(got); !slices.Equal(g, want) {
			t.Fatalf("set %d: merged rules grant\n%s\nwant\n%s", i, strings.Join(g, "\n"), strings.Join(want, "\n"))
		}
		reversed := split(rules)
		slices.Reverse(reversed)
		if again := normalizeRules(reversed); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Fatalf("set %d: the order of the markers changed the rules:\n%v\n%v", i, got, again)
		}
	}
}

// split copies rules and splits them per resource, as Generate does.
func split(rules []*rule) []*rule {
	var out []*rule
	for _, r := range rules {
		if len(r.resources) == 0 {
			out = append(out, &rule{slices.Clone(r.groups), nil, slices.Clone(r.resourceNames), slices.Clone(r.urls), slices.Clone(r.verbs)})
			continue
		}
		for _, res := range r.resources {
			out = append(out, &rule{slices.Clone(r.groups), []string{res}, slices.Clone(r.resourceNames), slices.Clone(r.urls), slices.Clone(r.verbs)})
		}
	}
	return out
}

func policyRules(rules []*rule) []rbacv1.PolicyRule {
	var out []rbacv1.PolicyRule
	for _, r := range rules {
		out = append(out, rbacv1.PolicyRule{APIGroups: r.groups, Resources: r.resources, ResourceNames: r.resourceNames, NonResourceURLs: r.urls, Verbs: r.verbs})
	}
	return out
}

// grants lists every single permission of rules, sorted.
func grants(rules []rbacv1.PolicyRule) []string {
	set := map[string]bool{}
	orNone := func(s []string) []string {
		if len(s) == 0 {
			return []string{"-"}
		}
		return s
	}
	for _, r := range rules {
		for _, g := range orNone(r.APIGroups) {
			for _, res := range orNone(r.Resources) {
				for _, n := range orNone(r.ResourceNames) {
					for _, u := range orNone(r.NonResourceURLs) {
						for _, v := range r.Verbs {
							set[strings.Join([]string{g, res, n, u, v}, " ")] = true
						}
					}
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}
