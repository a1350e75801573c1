package e2e

import (
	"net/http"
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestSelectableFields checks that a field selector on a field declared
// with +kubebuilder:selectablefield filters a list, and that one on an
// undeclared field is refused.
func TestSelectableFields(t *testing.T) {
	t.Parallel()
	c := newClient(t)
	for name, spec := range map[string]string{
		"sel-a": `{"queue":"batch","urgent":true,"owner":"alice"}`,
		"sel-b": `{"queue":"batch","urgent":false,"owner":"bob"}`,
		"sel-d": `{"queue":"web"}`,
		"sel-c": `{"queue":"web","urgent":true,"owner":"alice"}`,
	} {
		c.mustCreate(t, newObject(t, "v1", "Job", name, spec))
	}

	cases := []struct {
		selector string
		want     []string
	}{
		{"spec.queue=batch", []string{"sel-a", "sel-b"}},
		{"spec.queue!=batch", []string{"sel-c", "sel-d"}},
		{"spec.urgent=true", []string{"sel-a", "sel-c"}},
		// An absent field matches no = and every !=, as an absent label does.
		{"spec.urgent=false", []string{"sel-b"}},
		{"spec.urgent!=true", []string{"sel-b", "sel-d"}},
		{"spec.queue=web,spec.urgent=true", []string{"sel-c"}},
		{"spec.queue=none", nil},
		{"metadata.name=sel-b", []string{"sel-b"}},
	}
	for _, tc := range cases {
		t.Run(tc.selector, func(t *testing.T) {
			list, err := c.resource(t, "Job", "v1").List(t.Context(), metav1.ListOptions{FieldSelector: tc.selector})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, item := range list.Items {
				got = append(got, item.GetName())
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}

	t.Run("an undeclared field is not selectable", func(t *testing.T) {
		_, err := c.resource(t, "Job", "v1").List(t.Context(), metav1.ListOptions{FieldSelector: "spec.owner=alice"})
		checkStatus(t, err, http.StatusBadRequest, "field label not supported: spec.owner")
	})
}
