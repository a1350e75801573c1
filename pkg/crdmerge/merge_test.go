package crdmerge

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestApply(t *testing.T) {
	for _, c := range []struct {
		name             string
		dst, patch, want string
	}{
		{"maps merge key by key", `{"a":{"b":1,"c":2}}`, `{"a":{"c":3,"d":4}}`, `{"a":{"b":1,"c":3,"d":4}}`},
		{"lists are replaced whole", `{"required":["a","b"]}`, `{"required":["c"]}`, `{"required":["c"]}`},
		{"what the patch leaves out stays", `{"enum":["a"],"type":"string"}`, `{"format":"x"}`, `{"enum":["a"],"format":"x","type":"string"}`},
		{"null replaces", `{"anyOf":[{"type":"integer"}]}`, `{"anyOf":null}`, `{"anyOf":null}`},
		{"versions merge by name", `{"spec":{"versions":[{"name":"v1","served":true},{"name":"v2"}]}}`,
			`{"spec":{"versions":[{"name":"v2","served":false},{"name":"v3"}]}}`,
			`{"spec":{"versions":[{"name":"v1","served":true},{"name":"v2","served":false},{"name":"v3"}]}}`},
		{"a version's schema merges", `{"spec":{"versions":[{"name":"v1","schema":{"openAPIV3Schema":{"properties":{"a":{"type":"string"}}}}}]}}`,
			`{"spec":{"versions":[{"name":"v1","schema":{"openAPIV3Schema":{"properties":{"b":{"type":"string"}}}}}]}}`,
			`{"spec":{"versions":[{"name":"v1","schema":{"openAPIV3Schema":{"properties":{"a":{"type":"string"},"b":{"type":"string"}}}}}]}}`},
		{"finalizers are a set", `{"metadata":{"finalizers":["a","b"]}}`, `{"metadata":{"finalizers":["b","c"]}}`, `{"metadata":{"finalizers":["a","b","c"]}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var dst, patch, want map[string]any
			for _, x := range []struct {
				s string
				m *map[string]any
			}{{c.dst, &dst}, {c.patch, &patch}, {c.want, &want}} {
				if err := json.Unmarshal([]byte(x.s), x.m); err != nil {
					t.Fatal(err)
				}
			}
			Apply(dst, patch)
			if !reflect.DeepEqual(dst, want) {
				got, _ := json.Marshal(dst)
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}
