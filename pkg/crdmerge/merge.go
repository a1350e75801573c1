package crdmerge

// This file implements the merge.

import (
	"fmt"
	"reflect"
	"slices"
)

// keyedLists are the lists the CRD API merges item by item, by path (list
// items of a path are "[]"), and their key ("" for a set of values).
func keyedLists() map[string]string {
	return map[string]string{
		"spec.versions":            "name",
		"status.conditions":        "type",
		"metadata.finalizers":      "",
		"metadata.ownerReferences": "uid",
	}
}

// Apply merges patch into dst: patch's scalars and atomic lists replace
// dst's, its maps and keyed lists merge into dst's.
func Apply(dst, patch map[string]any) {
	mergeMap(dst, patch, "")
}

func mergeMap(dst, patch map[string]any, path string) {
	for k, pv := range patch {
		p := k
		if path != "" {
			p = path + "." + k
		}
		dst[k] = mergeValue(dst[k], pv, p)
	}
}

// mergeValue is the merge of one value of patch into dst's.
func mergeValue(dv, pv any, path string) any {
	switch p := pv.(type) {
	case map[string]any:
		d, ok := dv.(map[string]any)
		if !ok {
			d = map[string]any{}
		}
		mergeMap(d, p, path)
		return d
	case []any:
		key, keyed := keyedLists()[path]
		d, ok := dv.([]any)
		if !keyed || !ok {
			return p
		}
		return mergeList(d, p, key, path)
	}
	return pv
}

// mergeList merges a keyed list: items of patch whose key dst has merge
// into them, the others are added after dst's.
func mergeList(dst, patch []any, key, path string) []any {
	out := slices.Clone(dst)
	for _, pi := range patch {
		at := slices.IndexFunc(out, func(di any) bool { return sameItem(di, pi, key) })
		if at < 0 {
			out = append(out, pi)
			continue
		}
		out[at] = mergeValue(out[at], pi, path+"[]")
	}
	return out
}

// sameItem reports whether two items of a keyed list are one: the same
// value of a set, the same key of a map list.
func sameItem(a, b any, key string) bool {
	if key == "" {
		return reflect.DeepEqual(a, b)
	}
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	return aok && bok && fmt.Sprint(am[key]) == fmt.Sprint(bm[key]) && am[key] != nil
}
