package e2e

import (
	"net/http"
	"reflect"
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestPruning checks that the server drops fields the schema does not
// declare, warns about them under the default field validation and
// rejects them under Strict, and keeps them under
// x-kubernetes-preserve-unknown-fields and in embedded resources.
func TestPruning(t *testing.T) {
	t.Parallel()
	c := newClient(t)

	t.Run("unknown fields are dropped with a warning", func(t *testing.T) {
		obj := newObject(t, "v1", "Pruned", "unknown", `{"known":"k","bogus":1,"inner":{"kept":"x","dropped":true}}`)
		got := c.mustCreate(t, obj)
		spec, _ := field(got, "spec")
		if want := fromJSON(t, `{"known":"k","inner":{"kept":"x"}}`); !reflect.DeepEqual(spec, want) {
			t.Errorf("got spec %s, want %s", toJSON(spec), toJSON(want))
		}
		warnings := c.warnings()
		slices.Sort(warnings)
		want := []string{`unknown field "spec.bogus"`, `unknown field "spec.inner.dropped"`}
		if !slices.Equal(warnings, want) {
			t.Errorf("got warnings %q, want %q", warnings, want)
		}
	})

	t.Run("unknown fields are rejected under Strict", func(t *testing.T) {
		obj := newObject(t, "v1", "Pruned", "strict", `{"known":"k","bogus":1}`)
		_, err := c.create(t, obj, metav1.CreateOptions{FieldValidation: metav1.FieldValidationStrict})
		checkStatus(t, err, http.StatusBadRequest, `strict decoding error: unknown field "spec.bogus"`)
	})

	t.Run("preserved and embedded fields keep their content, even under Strict", func(t *testing.T) {
		spec := `{
			"free":{"anything":{"deep":[1,"two",{"three":3}]}},
			"value":["any","json",1],
			"loose":{"level":2,"extra":{"x":"y"}},
			"template":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","labels":{"a":"b"}},"data":{"key":"value"}}}`
		got, err := c.create(t, newObject(t, "v1", "Pruned", "preserved", spec), metav1.CreateOptions{FieldValidation: metav1.FieldValidationStrict})
		if err != nil {
			t.Fatalf("got error %v, want none: preserved fields are not unknown", err)
		}
		gotSpec, _ := field(got, "spec")
		if want := fromJSON(t, spec); !reflect.DeepEqual(gotSpec, want) {
			t.Errorf("got spec %s, want %s", toJSON(gotSpec), toJSON(want))
		}
	})

	t.Run("an embedded resource's metadata is pruned like an object's", func(t *testing.T) {
		obj := newObject(t, "v1", "Pruned", "embedded-meta", `{
			"template":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","bogus":"x"},"data":{"key":"value"}}}`)
		got := c.mustCreate(t, obj)
		tmpl, _ := field(got, "spec.template")
		want := fromJSON(t, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"key":"value"}}`)
		if !reflect.DeepEqual(tmpl, want) {
			t.Errorf("got template %s, want %s", toJSON(tmpl), toJSON(want))
		}
		if got, want := c.warnings(), []string{`unknown field "spec.template.metadata.bogus"`}; !slices.Equal(got, want) {
			t.Errorf("got warnings %q, want %q", got, want)
		}
	})

	t.Run("declared fields of a preserving object are still validated", func(t *testing.T) {
		obj := newObject(t, "v1", "Pruned", "loose-invalid", `{"loose":{"level":6,"extra":1}}`)
		_, err := c.create(t, obj, metav1.CreateOptions{})
		checkCause(t, err, http.StatusUnprocessableEntity, statusCause{
			Type: metav1.CauseTypeFieldValueInvalid, Field: "spec.loose.level", Message: "should be less than or equal to 5",
		})
	})

	t.Run("an embedded resource needs apiVersion and kind", func(t *testing.T) {
		obj := newObject(t, "v1", "Pruned", "embedded-invalid", `{"template":{"apiVersion":"v1","data":{}}}`)
		_, err := c.create(t, obj, metav1.CreateOptions{})
		checkCause(t, err, http.StatusUnprocessableEntity, statusCause{
			Type: metav1.CauseTypeFieldValueRequired, Field: "spec.template.kind", Message: "Required value",
		})
	})
}
