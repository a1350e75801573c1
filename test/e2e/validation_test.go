package e2e

import (
	"net/http"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestOpenAPIValidation checks that each OpenAPI validation marker makes
// the server reject a bad object with its own message at the field's path.
func TestOpenAPIValidation(t *testing.T) {
	t.Parallel()
	c := newClient(t)

	valid := newObject(t, "v1", "Validated", "valid",
		`{"replicas":10,"handle":"web-1","speed":"Fast","tags":["a","b"],"owner":"me","id":"0b7e5c3e-1f6a-4c33-9d2b-6f1b0a3e2d41"}`)
	if _, err := c.create(t, valid, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating a valid object: %v", err)
	}

	cases := []struct {
		name string
		spec string
		want statusCause
	}{{
		name: "Minimum",
		spec: `{"owner":"me","replicas":0}`,
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec.replicas", "spec.replicas in body should be greater than or equal to 1"},
	}, {
		name: "Maximum",
		spec: `{"owner":"me","replicas":11}`,
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec.replicas", "spec.replicas in body should be less than or equal to 10"},
	}, {
		name: "Pattern",
		spec: `{"owner":"me","handle":"Web_1"}`,
		want: statusCause{metav1.CauseTypeFieldValueInvalid, "spec.handle", "spec.handle in body should match '^[a-z][a-z0-9-]*$'"},
	}, {
		name: "MaxLength",
		spec: `{"owner":"me","handle":"abcdefghijklm"}`,
		want: statusCause{metav1.CauseTypeTooLong, "spec.handle", "may not be more than 12 bytes"},
	}, {
		name: "Enum",
		spec: `{"owner":"me","speed":"Medium"}`,
		want: statusCause{metav1.CauseTypeFieldValueNotSupported, "spec.speed", `supported values: "Fast", "Slow"`},
	}, {
		name: "MaxItems",
		spec: `{"owner":"me","tags":["a","b","c"]}`,
		want: statusCause{metav1.CauseTypeTooMany, "spec.tags", "must have at most 2 items"},
	}, {
		name: "required",
		spec: `{"replicas":1}`,
		want: statusCause{metav1.CauseTypeFieldValueRequired, "spec.owner", "Required value"},
	}, {
		name: "Format",
		spec: `{"owner":"me","id":"not-a-uuid"}`,
		want: statusCause{metav1.CauseTypeTypeInvalid, "spec.id", "spec.id in body must be of type uuid"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// A name per case, so that an object wrongly accepted fails only its case.
			obj := newObject(t, "v1", "Validated", "bad-"+strings.ToLower(tc.name), tc.spec)
			_, err := c.create(t, obj, metav1.CreateOptions{})
			checkCause(t, err, http.StatusUnprocessableEntity, tc.want)
		})
	}
}
