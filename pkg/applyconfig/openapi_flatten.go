package applyconfig

// This file implements the passes over the OpenAPI definitions that
// controller-gen makes before it hands them on: the embedded structs of
// allOf replaced by their definitions and merged into the struct that
// embeds them (its own keywords winning, but for the list, map and
// unknown-fields keywords; keywords both have otherwise are dropped), and
// type and format removed beside a $ref.

import (
	"maps"
	"slices"
	"strings"
)

// resolveAllOf replaces the $refs of allOf entries by a copy of the
// definitions they name, themselves resolved; onStack stops a type that
// embeds itself.
func (d *definitions) resolveAllOf(n node, onStack map[string]bool) node {
	if n == nil {
		return node{}
	}
	if all, ok := n["allOf"].([]any); ok {
		for i, e := range all {
			entry := e.(node)
			ref, isRef := entry["$ref"].(string)
			name := strings.TrimPrefix(ref, defPrefix)
			if isRef && d.raw[name] != nil && !onStack[name] {
				onStack[name] = true
				all[i] = d.resolveAllOf(copyNode(d.raw[name]), onStack)
				delete(onStack, name)
				continue
			}
			all[i] = d.resolveAllOf(entry, onStack)
		}
	}
	eachChild(n, func(c node) { d.resolveAllOf(c, onStack) })
	return n
}

// eachChild calls fn on the schemas directly below n (not allOf).
func eachChild(n node, fn func(node)) {
	if props, ok := n["properties"].(node); ok {
		for _, k := range sortedKeys(props) {
			fn(props[k].(node))
		}
	}
	if items, ok := n["items"].(node); ok {
		fn(items)
	}
	if add, ok := n["additionalProperties"].(node); ok {
		fn(add)
	}
}

// flatten merges every allOf into the schema that holds it, depth first.
func flatten(n node) {
	if all, ok := n["allOf"].([]any); ok {
		delete(n, "allOf")
		for _, e := range all {
			mergeInto(n, e.(node))
		}
	}
	eachChild(n, flatten)
}

// mergeInto merges src (and its own allOf, first) into dst, as
// controller-gen's flattening does.
func mergeInto(dst, src node) {
	if all, ok := src["allOf"].([]any); ok {
		for _, e := range all {
			mergeInto(dst, e.(node))
		}
	}
	for _, k := range sortedKeys(src) {
		sv := src[k]
		dv, exists := dst[k]
		switch {
		case k == "allOf" || k == "description":
		case !exists:
			dst[k] = sv
		case k == "properties":
			dp, sp := dv.(node), sv.(node)
			for _, name := range sortedKeys(sp) {
				if d, ok := dp[name]; ok {
					mergeInto(d.(node), sp[name].(node))
				} else {
					dp[name] = sp[name]
				}
			}
		case k == "type":
		case k == "additionalProperties":
			if s, ok := sv.(node); ok {
				d, isNode := dv.(node)
				if !isNode {
					d = node{}
					dst[k] = d
				}
				mergeInto(d, s)
			}
		case strings.HasPrefix(k, "x-kubernetes-list") || k == "x-kubernetes-map-type" || k == "x-kubernetes-preserve-unknown-fields":
			dst[k] = sv
		case equalScalar(dv, sv):
		default:
			// Both sides set it differently: controller-gen moves both out of
			// the schema, into an allOf the merge schema does not read.
			delete(dst, k)
		}
	}
}

// equalScalar reports whether two values are equal strings or booleans.
func equalScalar(a, b any) bool {
	switch a.(type) {
	case string, bool:
		return a == b
	}
	return false
}

// sanitize removes type and format beside a $ref (OpenAPI v2 allows no
// siblings there), everywhere in n.
func sanitize(n node) {
	if _, ok := n["$ref"]; ok {
		delete(n, "type")
		delete(n, "format")
	}
	eachChild(n, sanitize)
}

// referenced adds to out every definition n refers to, transitively.
func referenced(n node, all, out map[string]node) {
	if ref, ok := n["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, defPrefix)
		if _, done := out[name]; !done {
			if def, found := all[name]; found {
				out[name] = def
				referenced(def, all, out)
			}
		}
	}
	eachChild(n, func(c node) { referenced(c, all, out) })
}

// copyNode copies a schema deeply.
func copyNode(n node) node {
	out := make(node, len(n))
	for k, v := range n {
		switch x := v.(type) {
		case node:
			out[k] = copyNode(x)
		case []any:
			c := make([]any, len(x))
			for i, e := range x {
				if en, ok := e.(node); ok {
					c[i] = copyNode(en)
				} else {
					c[i] = e
				}
			}
			out[k] = c
		default:
			out[k] = v
		}
	}
	return out
}

// sortedKeys returns a map's keys, sorted.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
