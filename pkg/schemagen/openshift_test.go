package schemagen

import (
	"slices"
	"testing"
)

func TestMergeOrder(t *testing.T) {
	names := []string{"CRDCompat+ClusterAPI", "ClusterAPI", ungatedFile, "CRDCompat", "Beta"}
	var got []string
	for _, i := range mergeOrder(names) {
		got = append(got, names[i])
	}
	// Names in order, and a combination after each gate it combines.
	want := []string{ungatedFile, "Beta", "CRDCompat", "ClusterAPI", "CRDCompat+ClusterAPI"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestCleanAnnotations(t *testing.T) {
	acc := map[string]any{"metadata": map[string]any{"annotations": map[string]any{
		"api.openshift.io/filename-operator": "x", gateAnnotationPrefix + "A": "true", "include.release.openshift.io/x": "true",
		"keep": "1", "drop": "1", "drop-": "true",
	}}}
	cleanAnnotations(acc)
	ann := acc["metadata"].(map[string]any)["annotations"].(map[string]any)
	if len(ann) != 1 || ann["keep"] != "1" {
		t.Errorf("got %v, want only keep", ann)
	}
}
