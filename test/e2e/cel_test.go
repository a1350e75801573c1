package e2e

import (
	"fmt"
	"net/http"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestCELRules checks that the server runs the generated
// x-kubernetes-validations: a rule on an object, a rule on list items, a
// rule with messageExpression, reason and fieldPath, and transition rules
// (oldSelf) that allow any create but reject a forbidden update.
func TestCELRules(t *testing.T) {
	t.Parallel()
	c := newClient(t)

	creates := []struct {
		name string
		spec string
		want statusCause
	}{{
		name: "a rule on an object",
		spec: `{"min":5,"max":1,"tier":"Pro"}`,
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec", "min must not exceed max"},
	}, {
		name: "a rule on list items",
		spec: `{"min":1,"max":2,"tier":"Pro","headers":["x-ok","bad"]}`,
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec.headers[1]", "header must start with x-"},
	}, {
		name: "a rule with messageExpression, reason and fieldPath",
		spec: `{"min":1,"max":2,"tier":"Free","replicas":3}`,
		want: statusCause{metav1.CauseTypeForbidden, "spec.replicas", "tier Free allows at most one replica"},
	}}
	for i, tc := range creates {
		t.Run(tc.name, func(t *testing.T) {
			obj := newObject(t, "v1", "Ruled", fmt.Sprintf("bad-%d", i), tc.spec)
			_, err := c.create(t, obj, metav1.CreateOptions{})
			checkCause(t, err, http.StatusUnprocessableEntity, tc.want)
		})
	}

	t.Run("an object that keeps every rule is created", func(t *testing.T) {
		c.mustCreate(t, newObject(t, "v1", "Ruled", "good", `{"min":1,"max":2,"tier":"Free","replicas":1,"headers":["x-a","x-b"]}`))
	})

	// Transition rules hold no opinion on create: a revision and a class of
	// any value are accepted there.
	c.mustCreate(t, newObject(t, "v1", "Ruled", "moving", `{"min":1,"max":2,"tier":"Pro","revision":5,"class":"gold"}`))
	updates := []struct {
		name string
		// edit changes the spec as it is on the server.
		edit func(spec map[string]any)
		// want is the expected error; an empty Field means the update passes.
		want statusCause
	}{{
		name: "self >= oldSelf rejects a decrease",
		edit: func(spec map[string]any) { spec["revision"] = int64(3) },
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec.revision", "revision must not decrease"},
	}, {
		name: "self >= oldSelf allows an increase",
		edit: func(spec map[string]any) { spec["revision"] = int64(6) },
	}, {
		name: "+k8s:immutable rejects a change",
		edit: func(spec map[string]any) { spec["class"] = "silver" },
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec.class", "field is immutable"},
	}, {
		name: "+k8s:immutable on an optional field rejects removing it",
		edit: func(spec map[string]any) { delete(spec, "class") },
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec", "field class is immutable once set"},
	}, {
		name: "+k8s:immutable allows an update that leaves the field alone",
		edit: func(spec map[string]any) { spec["max"] = int64(3) },
	}}
	for _, tc := range updates {
		t.Run(tc.name, func(t *testing.T) {
			obj := c.mustGet(t, "Ruled", "v1", "moving")
			spec, _, _ := unstructured.NestedMap(obj.Object, "spec")
			tc.edit(spec)
			if err := unstructured.SetNestedMap(obj.Object, spec, "spec"); err != nil {
				t.Fatal(err)
			}
			_, err := c.resource(t, "Ruled", "v1").Update(t.Context(), obj, metav1.UpdateOptions{})
			if tc.want.Field == "" {
				if err != nil {
					t.Fatalf("got error %v, want none", err)
				}
				return
			}
			checkCause(t, err, http.StatusUnprocessableEntity, tc.want)
		})
	}
}
