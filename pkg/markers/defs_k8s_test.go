package markers

import "testing"

func TestK8sNEQPayloads(t *testing.T) {
	for _, tc := range []struct {
		text, kind, value string
		err               bool
	}{
		{text: `"off"`, kind: "string", value: "off"},
		{text: `"a # b" # why`, kind: "string", value: "a # b"},
		{text: "`raw`", kind: "string", value: "raw"},
		{text: "0", kind: "integer", value: "0"},
		{text: "-3 # never", kind: "integer", value: "-3"},
		{text: "false", kind: "boolean", value: "false"},
		{text: "off", err: true},
		{text: "", err: true},
		{text: `"a" "b"`, err: true},
	} {
		v, err := decodeNEQ(tc.text)
		if tc.err {
			if err == nil {
				t.Errorf("decodeNEQ(%q) = %v, want an error", tc.text, v)
			}
			continue
		}
		if err != nil {
			t.Errorf("decodeNEQ(%q): %v", tc.text, err)
			continue
		}
		kind, value := v.(K8sNEQ).Kind()
		if kind != tc.kind || value != tc.value {
			t.Errorf("decodeNEQ(%q) is %s %q, want %s %q", tc.text, kind, value, tc.kind, tc.value)
		}
	}
}
