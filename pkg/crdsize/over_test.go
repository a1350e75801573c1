package crdsize

import "testing"

// TestOverNamesTheFirstCRDOverALimit checks Over: etcd's limit always, the
// annotations' budget only when there is one, and nothing for CRDs that fit.
func TestOverNamesTheFirstCRDOverALimit(t *testing.T) {
	fits := CRDReport{Name: "small.example.com", Size: Size{JSON: 10 << 10, Annotations: 20 << 10}}
	big := CRDReport{Name: "big.example.com", Size: Size{JSON: EtcdLimit + 1, Annotations: 300 << 10}}
	tests := []struct {
		crds   []CRDReport
		budget int64
		want   string
	}{
		{[]CRDReport{fits}, 0, ""},
		{[]CRDReport{fits}, 64 << 10, ""},
		{[]CRDReport{fits}, 16 << 10, "CRD small.example.com cannot fit its budget of 16,384 bytes (16 KiB)"},
		{[]CRDReport{fits, big}, 0, "CRD big.example.com is " + FormatBytes(EtcdLimit+1) + " as JSON, over etcd's default request limit"},
	}
	for _, tc := range tests {
		if got := (&Report{CRDs: tc.crds}).Over(tc.budget); got != tc.want {
			t.Errorf("Over(%d) of %d CRDs = %q, want %q", tc.budget, len(tc.crds), got, tc.want)
		}
	}
}
