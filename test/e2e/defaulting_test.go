package e2e

import (
	"fmt"
	"reflect"
	"testing"
)

// TestDefaulting checks that the server applies the generated defaults on
// create: on scalars, objects, lists, maps and list items, on an absent
// spec, and on nulls as the nullable rules say.
func TestDefaulting(t *testing.T) {
	t.Parallel()
	c := newClient(t)
	cases := []struct {
		name string
		spec string
		// want is the spec the server returns.
		want string
	}{{
		name: "every default on an empty spec",
		spec: `{}`,
		want: `{"replicas":3,"image":"nginx:1.27","enabled":true,"region":"eu-west-1",
			"primary":{"name":"main","port":80},"tags":["a","b"],"labels":{"team":"core"},
			"mode":"Auto","note":"fallback"}`,
	}, {
		name: "an absent spec gets its default {} and the defaults inside it",
		spec: ``,
		want: `{"replicas":3,"image":"nginx:1.27","enabled":true,"region":"eu-west-1",
			"primary":{"name":"main","port":80},"tags":["a","b"],"labels":{"team":"core"},
			"mode":"Auto","note":"fallback"}`,
	}, {
		name: "given values are kept, list items and objects get their fields' defaults",
		spec: `{"replicas":1,"image":"busybox","enabled":false,"region":"us-east-1",
			"primary":{"name":"api"},"tags":[],"endpoints":[{"name":"a"},{"name":"b","port":8443}],
			"labels":{},"mode":"Manual","note":"mine"}`,
		want: `{"replicas":1,"image":"busybox","enabled":false,"region":"us-east-1",
			"primary":{"name":"api","port":80},"tags":[],"endpoints":[{"name":"a","port":80},{"name":"b","port":8443}],
			"labels":{},"mode":"Manual","note":"mine"}`,
	}, {
		name: "null on a non-nullable field gets the default, null on a nullable field stays",
		spec: `{"mode":null,"replicas":null,"tags":null,"note":null}`,
		want: `{"replicas":3,"image":"nginx:1.27","enabled":true,"region":"eu-west-1",
			"primary":{"name":"main","port":80},"tags":["a","b"],"labels":{"team":"core"},
			"mode":"Auto","note":null}`,
	}}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			obj := newObject(t, "v1", "Defaulted", fmt.Sprintf("defaulted-%d", i), tc.spec)
			got := c.mustCreate(t, obj)
			want := fromJSON(t, tc.want)
			gotSpec, _ := field(got, "spec")
			if !reflect.DeepEqual(gotSpec, want) {
				t.Errorf("got spec %s, want %s", toJSON(gotSpec), toJSON(want))
			}
			// What the server stored, not only what it answered.
			stored, _ := field(c.mustGet(t, "Defaulted", "v1", obj.GetName()), "spec")
			if !reflect.DeepEqual(stored, want) {
				t.Errorf("got stored spec %s, want %s", toJSON(stored), toJSON(want))
			}
		})
	}
}
