package e2e

import (
	"net/http"
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestStatusSubresource checks that with +kubebuilder:subresource:status
// the main resource ignores status on create and update, and /status
// changes status only.
func TestStatusSubresource(t *testing.T) {
	t.Parallel()
	c := newClient(t)
	pools := c.resource(t, "Pool", "v1")

	obj := newObject(t, "v1", "Pool", "p", `{"replicas":2,"image":"a"}`)
	obj.Object["status"] = fromJSON(t, `{"replicas":9,"phase":"Ready"}`)
	created := c.mustCreate(t, obj)
	if st, found := field(created, "status"); found {
		t.Errorf("got status %s after create, want none: create ignores status", toJSON(st))
	}

	check := func(t *testing.T, got *unstructured.Unstructured, wantSpec, wantStatus string, wantGeneration int64) {
		t.Helper()
		spec, _ := field(got, "spec")
		if want := fromJSON(t, wantSpec); !reflect.DeepEqual(spec, want) {
			t.Errorf("got spec %s, want %s", toJSON(spec), toJSON(want))
		}
		status, _ := field(got, "status")
		var want any
		if wantStatus != "" {
			want = fromJSON(t, wantStatus)
		}
		if !reflect.DeepEqual(status, want) {
			t.Errorf("got status %s, want %s", toJSON(status), toJSON(want))
		}
		if g := got.GetGeneration(); g != wantGeneration {
			t.Errorf("got generation %d, want %d", g, wantGeneration)
		}
	}

	t.Run("an update of the main resource ignores status", func(t *testing.T) {
		obj := c.mustGet(t, "Pool", "v1", "p")
		unstructured.SetNestedField(obj.Object, "b", "spec", "image")
		unstructured.SetNestedField(obj.Object, "Hacked", "status", "phase")
		got, err := pools.Update(t.Context(), obj, metav1.UpdateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, got, `{"replicas":2,"image":"b"}`, "", 2)
	})

	t.Run("an update of /status ignores everything but status", func(t *testing.T) {
		obj := c.mustGet(t, "Pool", "v1", "p")
		unstructured.SetNestedField(obj.Object, "c", "spec", "image")
		obj.Object["status"] = fromJSON(t, `{"replicas":2,"phase":"Ready","selector":"app=p"}`)
		got, err := pools.UpdateStatus(t.Context(), obj, metav1.UpdateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, got, `{"replicas":2,"image":"b"}`, `{"replicas":2,"phase":"Ready","selector":"app=p"}`, 2)
	})

	t.Run("a later update of the main resource keeps the status", func(t *testing.T) {
		obj := c.mustGet(t, "Pool", "v1", "p")
		unstructured.SetNestedField(obj.Object, int64(3), "spec", "replicas")
		unstructured.RemoveNestedField(obj.Object, "status")
		got, err := pools.Update(t.Context(), obj, metav1.UpdateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, got, `{"replicas":3,"image":"b"}`, `{"replicas":2,"phase":"Ready","selector":"app=p"}`, 3)
	})
}

// TestScaleSubresource checks that /scale reads and writes the paths of
// +kubebuilder:subresource:scale: spec replicas, status replicas and the
// label selector.
func TestScaleSubresource(t *testing.T) {
	t.Parallel()
	c := newClient(t)
	pools := c.resource(t, "Pool", "v1")

	c.mustCreate(t, newObject(t, "v1", "Pool", "s", `{"replicas":2,"image":"a"}`))
	obj := c.mustGet(t, "Pool", "v1", "s")
	obj.Object["status"] = fromJSON(t, `{"replicas":1,"selector":"app=s"}`)
	if _, err := pools.UpdateStatus(t.Context(), obj, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}

	t.Run("GET /scale", func(t *testing.T) {
		scale, err := pools.Get(t.Context(), "s", metav1.GetOptions{}, "scale")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := scale.GetAPIVersion()+" "+scale.GetKind(), "autoscaling/v1 Scale"; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
		for path, want := range map[string]any{
			"spec.replicas":   int64(2),
			"status.replicas": int64(1),
			"status.selector": "app=s",
		} {
			if got, _ := field(scale, path); got != want {
				t.Errorf("got %s %v, want %v", path, got, want)
			}
		}
	})

	t.Run("UPDATE /scale writes spec.replicas", func(t *testing.T) {
		scale, err := pools.Get(t.Context(), "s", metav1.GetOptions{}, "scale")
		if err != nil {
			t.Fatal(err)
		}
		unstructured.SetNestedField(scale.Object, int64(5), "spec", "replicas")
		got, err := pools.Update(t.Context(), scale, metav1.UpdateOptions{}, "scale")
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := field(got, "spec.replicas"); r != int64(5) {
			t.Errorf("got scale spec.replicas %v, want 5", r)
		}
		spec, _ := field(c.mustGet(t, "Pool", "v1", "s"), "spec")
		if want := fromJSON(t, `{"replicas":5,"image":"a"}`); !reflect.DeepEqual(spec, want) {
			t.Errorf("got pool spec %s, want %s", toJSON(spec), toJSON(want))
		}
	})

	t.Run("UPDATE /scale is validated by the schema", func(t *testing.T) {
		scale, err := pools.Get(t.Context(), "s", metav1.GetOptions{}, "scale")
		if err != nil {
			t.Fatal(err)
		}
		unstructured.SetNestedField(scale.Object, int64(11), "spec", "replicas")
		_, err = pools.Update(t.Context(), scale, metav1.UpdateOptions{}, "scale")
		checkCause(t, err, http.StatusUnprocessableEntity, statusCause{
			metav1.CauseTypeFieldValueInvalid, "spec.replicas", "should be less than or equal to 10",
		})
	})
}
