package webhook

// This file applies a marker's patch: a strategic merge patch onto the typed
// webhook, after every other argument and before the checks, decoded as
// strictly as controller-gen decodes it (applyPatch, validatePatch and
// cleanPatchMap in controller-tools v0.23.0's pkg/webhook/parser.go). The
// calls are controller-gen's, so a patch is accepted or rejected exactly as
// there; the messages are shorter.

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	kerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	kjson "sigs.k8s.io/json"
)

// applyPatch patches webhook (a *MutatingWebhook or *ValidatingWebhook).
func applyPatch[T any](webhook *T, patch string) error {
	if patch == "" {
		return nil
	}
	if err := validatePatch(patch, webhook); err != nil {
		return err
	}
	orig, err := json.Marshal(webhook)
	if err != nil {
		return err
	}
	patched, err := strategicMergePatch(orig, []byte(patch), webhook)
	if err != nil {
		return err
	}
	var out T
	if err := strict(patched, &out); err != nil {
		return fmt.Errorf("the patched webhook: %w", err)
	}
	*webhook = out
	return nil
}

// strategicMergePatch is strategicpatch.StrategicMergePatch, whose panics
// are errors: "$setElementOrder/rules" (rules has no merge key) makes it
// hash a map, and controller-gen crash.
func strategicMergePatch(orig, patch []byte, schema any) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("strategic merge patch cannot apply it (%v)", r)
		}
	}()
	return strategicpatch.StrategicMergePatch(orig, patch, schema)
}

// strict decodes data as kjson.UnmarshalStrict does, strict errors
// included: unknown and duplicate fields, field names in the wrong case.
func strict(data []byte, into any) error {
	strictErrs, err := kjson.UnmarshalStrict(data, into)
	if err != nil {
		return err
	}
	if len(strictErrs) > 0 {
		return kerrors.NewAggregate(strictErrs)
	}
	return nil
}

// validatePatch checks that patch is a JSON object whose fields are the
// webhook's, once the strategic merge directives are taken out.
func validatePatch[T any](patch string, webhook *T) error {
	var tree map[string]any
	strictErrs, err := kjson.UnmarshalStrict([]byte(patch), &tree)
	if err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	if len(strictErrs) > 0 {
		return kerrors.NewAggregate(strictErrs)
	}
	schema, err := strategicpatch.NewPatchMetaFromStruct(webhook)
	if err != nil {
		return err
	}
	if err := cleanPatchMap(tree, schema); err != nil {
		return err
	}
	clean, err := json.Marshal(tree)
	if err != nil {
		return err
	}
	var validated T
	return strict(clean, &validated)
}

// cleanPatchMap removes the directives strategic merge patch knows from
// patch, and checks that the fields it names exist. Keys are visited in
// order, so the error is the same on every run (controller-gen's is the
// first its map visits).
func cleanPatchMap(patch map[string]any, schema strategicpatch.LookupPatchMeta) error {
	for _, key := range slices.Sorted(maps.Keys(patch)) {
		value := patch[key]
		if strings.HasPrefix(key, "$") {
			if err := cleanDirective(patch, key, value, schema); err != nil {
				return err
			}
			continue
		}
		if !isObjectSchema(schema) {
			continue
		}
		if err := cleanField(key, value, schema); err != nil {
			return err
		}
	}
	return nil
}

// cleanDirective removes a well-formed directive; an unknown one stays, for
// the strict decoding to reject.
func cleanDirective(patch map[string]any, key string, value any, schema strategicpatch.LookupPatchMeta) error {
	_, isList := value.([]any)
	switch {
	case key == "$patch":
		if d, ok := value.(string); ok && (d == "delete" || d == "replace") {
			delete(patch, key)
		}
	case key == "$retainKeys":
		if isList {
			delete(patch, key)
		}
	case strings.HasPrefix(key, "$setElementOrder/"), strings.HasPrefix(key, "$deleteFromPrimitiveList/"):
		directive, field, _ := strings.Cut(key, "/")
		if _, _, err := schema.LookupPatchMetadataForSlice(field); err != nil {
			return fmt.Errorf("invalid %s directive: %w", directive, err)
		}
		if isList {
			delete(patch, key)
		}
	}
	return nil
}

// cleanField cleans an object field's value, or the objects of a list.
func cleanField(key string, value any, schema strategicpatch.LookupPatchMeta) error {
	switch value := value.(type) {
	case map[string]any:
		sub, _, err := schema.LookupPatchMetadataForStruct(key)
		if err != nil {
			return fmt.Errorf("field %q: %w", key, err)
		}
		return cleanPatchMap(value, sub)
	case []any:
		sub, _, err := schema.LookupPatchMetadataForSlice(key)
		if err != nil {
			return fmt.Errorf("field %q: %w", key, err)
		}
		for _, item := range value {
			if item, ok := item.(map[string]any); ok {
				if err := cleanPatchMap(item, sub); err != nil {
					return err
				}
			}
		}
	default:
		if _, _, err := schema.LookupPatchMetadataForStruct(key); err != nil {
			return fmt.Errorf("field %q: %w", key, err)
		}
	}
	return nil
}

func isObjectSchema(schema strategicpatch.LookupPatchMeta) bool {
	return schema.Name() == "struct" || schema.Name() == "ptr"
}
