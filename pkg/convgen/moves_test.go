package convgen

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseFrom(t *testing.T) {
	tests := []struct {
		in      string
		want    fromRef
		wantErr string
	}{
		{in: "size", want: fromRef{source: "size"}},
		{in: "v1alpha1/size", want: fromRef{version: "v1alpha1", source: "size"}},
		{in: ".spec.replicas", want: fromRef{move: true, path: []string{"spec", "replicas"}}},
		{in: "v1beta1/.spec.replicas", want: fromRef{version: "v1beta1", move: true, path: []string{"spec", "replicas"}}},
		{in: "", wantErr: "needs a field name or a .path from the kind's root"},
		{in: "v1/", wantErr: "needs a field name or a .path from the kind's root"},
		{in: "spec.replicas", wantErr: `"spec.replicas" is a path: start it with .`},
		{in: ".spec..replicas", wantErr: `path ".spec..replicas" has an empty step`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseFrom(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("parseFrom(%q) error = %v, want %q", tc.in, err, tc.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("parseFrom(%q) = %+v, %v, want %+v", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestWrap(t *testing.T) {
	long := "ConvertPizzaToHub converts a v1alpha1 Pizza to the hub version, v1beta1, and restores what v1alpha1 cannot hold"
	got := wrap(long)
	for _, l := range got {
		if len(l) > commentWidth {
			t.Errorf("line %q is %d bytes, want at most %d", l, len(l), commentWidth)
		}
	}
	if joined := strings.Join(got, " "); joined != long {
		t.Errorf("wrap lost words: %q", joined)
	}
	if got := wrap(""); got != nil {
		t.Errorf("wrap(\"\") = %q, want nothing", got)
	}
}
