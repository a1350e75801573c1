package rbac

// This file implements controller-gen's merging and sorting of RBAC rules
// (pkg/rbac/parser.go's NormalizeRules in controller-tools v0.23.0), with
// one fix: controller-gen rebuilds a map keyed on a rule's groups,
// resources, resourceNames and urls after each merge pass, and when two
// merged rules end with the same key it keeps whichever the map visits last,
// dropping the other's verbs at random. crdgen unions their verbs instead,
// and runs every pass in the order rules first appear, so the output keeps
// every permission and is the same on every run.

import (
	"slices"
	"strings"

	rbacv1 "k8s.io/api/rbac/v1"
)

// rule is one RBAC rule on its way through the merge passes.
type rule struct {
	groups, resources, resourceNames, urls, verbs []string
}

// ruleKey is what a rule applies to, each list normalised and "&"-joined.
type ruleKey struct {
	groups, resources, resourceNames, urls string
}

// String is the sort key: the four lists joined with " + ".
func (k ruleKey) String() string {
	return k.groups + " + " + k.resources + " + " + k.resourceNames + " + " + k.urls
}

// normalize dedupes and sorts every list; an empty list becomes nil.
func (r *rule) normalize() {
	r.groups = dedupSort(r.groups)
	r.resources = dedupSort(r.resources)
	r.resourceNames = dedupSort(r.resourceNames)
	r.urls = dedupSort(r.urls)
	r.verbs = dedupSort(r.verbs)
}

// key normalises r and returns its key.
func (r *rule) key() ruleKey {
	r.normalize()
	return ruleKey{join(r.groups), join(r.resources), join(r.resourceNames), join(r.urls)}
}

func join(s []string) string { return strings.Join(s, "&") }

func dedupSort(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

// mergePass is one of the passes that merge rules agreeing on all but one
// list: groupKey is what rules that merge have in common, and merge adds a
// later rule's list to the first rule's.
type mergePass struct {
	groupKey func(r *rule) string
	merge    func(into, from *rule)
}

// mergePasses are controller-gen's passes after the first, in its order:
// resources, then groups, then urls.
func mergePasses() []mergePass {
	return []mergePass{
		{func(r *rule) string {
			k := r.key()
			return k.groups + " + " + k.resourceNames + " + " + k.urls + " + " + join(r.verbs)
		}, func(into, from *rule) { into.resources = append(into.resources, from.resources...) }},
		{func(r *rule) string {
			k := r.key()
			return k.resources + " + " + k.resourceNames + " + " + k.urls + " + " + join(r.verbs)
		}, func(into, from *rule) { into.groups = append(into.groups, from.groups...) }},
		{func(r *rule) string {
			k := r.key()
			return k.groups + " + " + k.resources + " + " + k.resourceNames + " + " + join(r.verbs)
		}, func(into, from *rule) { into.urls = append(into.urls, from.urls...) }},
	}
}

// normalizeRules merges and sorts the rules of one role, as
// controller-gen's NormalizeRules does (but for the fix above).
func normalizeRules(rules []*rule) []rbacv1.PolicyRule {
	for _, r := range rules {
		// "core" is what people type for the core group.
		for i, g := range r.groups {
			if g == "core" {
				r.groups[i] = ""
			}
		}
	}
	merged := byKey(rules)
	for _, pass := range mergePasses() {
		merged = byKey(pass.run(merged))
	}
	slices.SortStableFunc(merged, func(a, b *rule) int {
		return strings.Compare(a.key().String(), b.key().String())
	})
	out := make([]rbacv1.PolicyRule, 0, len(merged))
	for _, r := range merged {
		if slices.Contains(r.verbs, "*") {
			r.verbs = []string{"*"}
		}
		out = append(out, rbacv1.PolicyRule{
			APIGroups: r.groups, Resources: r.resources, ResourceNames: r.resourceNames,
			NonResourceURLs: r.urls, Verbs: r.verbs,
		})
	}
	return out
}

// byKey merges rules with the same key into the first of them, unioning
// their verbs. It is controller-gen's first pass, and, where controller-gen
// lets one rule overwrite another after each later pass, crdgen's fix.
func byKey(rules []*rule) []*rule {
	var out []*rule
	index := map[ruleKey]*rule{}
	for _, r := range rules {
		k := r.key()
		if first, ok := index[k]; ok {
			first.verbs = dedupSort(append(first.verbs, r.verbs...))
			continue
		}
		index[k] = r
		out = append(out, r)
	}
	return out
}

// run merges the rules of each group into the group's first rule, in the
// order groups first appear.
func (p mergePass) run(rules []*rule) []*rule {
	var order []string
	groups := map[string][]*rule{}
	for _, r := range rules {
		k := p.groupKey(r)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	out := make([]*rule, 0, len(order))
	for _, k := range order {
		first := groups[k][0]
		for _, r := range groups[k][1:] {
			p.merge(first, r)
		}
		out = append(out, first)
	}
	return out
}
