package e2e

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// object is a custom resource of any group, from JSON.
func object(t *testing.T, apiVersion, kind, name, spec string) *unstructured.Unstructured {
	t.Helper()
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": apiVersion,
		"kind":       kind,
		"metadata":   map[string]any{"name": name},
		"spec":       fromJSON(t, spec),
	}}
}

// want checks the value at a path of obj.
func want(t *testing.T, obj *unstructured.Unstructured, path, value string) {
	t.Helper()
	got, ok := field(obj, path)
	switch {
	case value == "" && ok:
		t.Errorf("%s %s: %s = %s, want none", obj.GetAPIVersion(), obj.GetName(), path, toJSON(got))
	case value != "" && !ok:
		t.Errorf("%s %s: no %s, want %s", obj.GetAPIVersion(), obj.GetName(), path, value)
	case value != "" && toJSON(got) != toJSON(fromJSON(t, value)):
		t.Errorf("%s %s: %s = %s, want %s", obj.GetAPIVersion(), obj.GetName(), path, toJSON(got), value)
	}
}

func (c *client) mustUpdate(t *testing.T, obj *unstructured.Unstructured) *unstructured.Unstructured {
	t.Helper()
	got, err := c.resource(t, obj.GetKind(), versionOf(obj)).Update(t.Context(), obj, metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("updating %s %s at %s: %v", obj.GetKind(), obj.GetName(), versionOf(obj), err)
	}
	return got
}

// TestConversionWebhookKeepsWhatOldVersionsCannotHold writes a Cluster at
// each of its three versions in turn, through crdgen's generated functions
// served by the webhook, and checks that every version reads what it can
// and that v1's fields survive writes by a v1alpha1 client.
func TestConversionWebhookKeepsWhatOldVersionsCannotHold(t *testing.T) {
	c := newClient(t)
	c.mustCreate(t, object(t, "fleet.example.com/v1alpha1", "Cluster", "c1",
		`{"size":"large","replicas":3,"storage":"fast:10Gi","ports":[{"name":"http","port":80}],"paused":true,"legacyMode":true}`))

	v1 := c.mustGet(t, "Cluster", "v1", "c1")
	want(t, v1, "spec.capacity", `"large"`)
	want(t, v1, "spec.scaling", `{"replicas":3}`)
	want(t, v1, "spec.storage", `{"class":"fast","size":"10Gi"}`)
	want(t, v1, "spec.paused", `true`)
	want(t, v1, "spec.ports", `[{"name":"http","port":80}]`)

	// A v1 client sets what only v1 has.
	spec := v1.Object["spec"].(map[string]any)
	spec["tier"] = "gold"
	spec["scaling"].(map[string]any)["maxSurge"] = int64(2)
	spec["ports"].([]any)[0].(map[string]any)["appProtocol"] = "h2c"
	c.mustUpdate(t, v1)

	// A v1alpha1 client reads it, changes the size and writes it back,
	// with the annotation it was given.
	old := c.mustGet(t, "Cluster", "v1alpha1", "c1")
	want(t, old, "spec.size", `"large"`)
	want(t, old, "spec.tier", "")
	if _, ok := field(old, "metadata.annotations"); !ok {
		t.Fatalf("v1alpha1 object has no annotations: %s", toJSON(old.Object["metadata"]))
	}
	if _, ok := old.GetAnnotations()["fleet.example.com/crdgen-conversion-data"]; !ok {
		t.Fatalf("v1alpha1 annotations = %v, want the conversion data", old.GetAnnotations())
	}
	old.Object["spec"].(map[string]any)["size"] = "small"
	c.mustUpdate(t, old)

	v1 = c.mustGet(t, "Cluster", "v1", "c1")
	want(t, v1, "spec.capacity", `"small"`)
	want(t, v1, "spec.tier", `"gold"`)
	want(t, v1, "spec.scaling", `{"replicas":3,"maxSurge":2}`)
	want(t, v1, "spec.ports", `[{"name":"http","port":80,"appProtocol":"h2c"}]`)
	if _, ok := v1.GetAnnotations()["fleet.example.com/crdgen-conversion-data"]; ok {
		t.Errorf("v1 annotations = %v, want no conversion data", v1.GetAnnotations())
	}

	beta := c.mustGet(t, "Cluster", "v1beta1", "c1")
	want(t, beta, "spec.capacity", `"small"`)
	want(t, beta, "spec.scaling", `{"replicas":3}`)
	want(t, beta, "spec.tier", "")

	list, err := c.resource(t, "Cluster", "v1alpha1").List(t.Context(), metav1.ListOptions{})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("listing at v1alpha1: %v, %d items", err, len(list.Items))
	}
	want(t, &list.Items[0], "spec.replicas", `3`)
}

// TestConversionWebhookPizzaToppings converts the toppings of "Programming
// Kubernetes" through the hand-written functions and the generated
// Hub/Convertible methods.
func TestConversionWebhookPizzaToppings(t *testing.T) {
	c := newClient(t)
	c.mustCreate(t, object(t, "pizza.example.com/v1alpha1", "Pizza", "margherita", `{"toppings":["cheese","tomato","cheese"]}`))
	hub := c.mustGet(t, "Pizza", "v1beta1", "margherita")
	want(t, hub, "spec.toppings", `[{"name":"cheese","quantity":2},{"name":"tomato","quantity":1}]`)

	hub.Object["spec"].(map[string]any)["toppings"].([]any)[1].(map[string]any)["quantity"] = int64(3)
	c.mustUpdate(t, hub)
	old := c.mustGet(t, "Pizza", "v1alpha1", "margherita")
	want(t, old, "spec.toppings", `["cheese","cheese","tomato","tomato","tomato"]`)
	if _, ok := old.GetAnnotations()["pizza.example.com/crdgen-conversion-data"]; ok {
		t.Errorf("v1alpha1 annotations = %v: v1alpha1 holds every v1beta1 topping, want no conversion data", old.GetAnnotations())
	}
}
