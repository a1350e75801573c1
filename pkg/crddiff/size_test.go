package crddiff

import (
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// TestGrowingPastALimitIsAFinding grows a CRD's description past kubectl
// apply's annotation limit, then past etcd's: each limit passed is one lint
// finding, and staying over a limit is none.
func TestGrowingPastALimitIsAFinding(t *testing.T) {
	sized := func(n int) string {
		return "type: object\ndescription: " + strings.Repeat("x", n)
	}
	small, big, huge := crd(t, sized(1000)), crd(t, sized(300_000)), crd(t, sized(1_600_000))
	for _, tc := range []struct {
		name      string
		before    string
		after     string
		wantCount int
		want      string
	}{
		{"small to big", "small", "big", 1, "kubectl apply"},
		{"big to huge", "big", "huge", 1, "etcd"},
		{"small to huge", "small", "huge", 2, "etcd"},
		{"big to big", "big", "big", 0, ""},
		{"huge to small", "huge", "small", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			byName := map[string]*apiextv1.CustomResourceDefinition{"small": small, "big": big, "huge": huge}
			o, n := byName[tc.before], byName[tc.after]
			var found []Change
			for _, ch := range Compare([]*apiextv1.CustomResourceDefinition{o}, []*apiextv1.CustomResourceDefinition{n}) {
				if ch.Check == "size-over-limit" {
					found = append(found, ch)
				}
			}
			if len(found) != tc.wantCount {
				t.Fatalf("got %d size findings, want %d: %v", len(found), tc.wantCount, found)
			}
			for _, f := range found {
				if f.Severity != Finding {
					t.Errorf("got severity %s, want %s", f.Severity, Finding)
				}
			}
			if tc.want != "" && !strings.Contains(found[len(found)-1].Message, tc.want) {
				t.Errorf("got %q, want it to name %s", found[len(found)-1].Message, tc.want)
			}
		})
	}
}
