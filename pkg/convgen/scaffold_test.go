package convgen

import (
	"strings"
	"testing"
)

// TestStubDiff checks that kubebuilder's spoke stub is recognised after any
// boilerplate, and that anything else is named by its first differing line.
func TestStubDiff(t *testing.T) {
	stub := "/*\nCopyright 2026.\n*/\n\n" + strings.Join(spokeStub("Order", "v2", "v1", "storev1", "example.com/shop/api/v1"), "\n") + "\n"
	tests := []struct {
		name     string
		src      string
		wantLine int
		wantText string
		wantOK   bool
	}{
		{"the scaffold", stub, 0, "", true},
		{"no boilerplate", stub[strings.Index(stub, "package"):], 0, "", true},
		{"line comments as boilerplate", "// Copyright.\n\n" + stub[strings.Index(stub, "package"):], 0, "", true},
		{"carriage returns and trailing blanks", strings.ReplaceAll(strings.ReplaceAll(stub, "return nil\n", "return nil  \n"), "\n", "\r\n"), 0, "", true},
		{"another import alias", strings.ReplaceAll(stub, "storev1", "hub"), 0, "", true},
		{"a field converted", strings.Replace(stub, "\tdst.ObjectMeta = src.ObjectMeta\n", "\tdst.ObjectMeta = src.ObjectMeta\n\tdst.Spec.Size = src.Spec.Size\n", 1), 27, "\tdst.Spec.Size = src.Spec.Size", false},
		{"code before the package clause", "var x = 1\n" + stub, 1, "var x = 1", false},
		{"something after", stub + "\nfunc extra() {}\n", 46, "", false},
		{"cut short", stub[:strings.LastIndex(stub, "return nil")], 44, "\t", false},
		{"another kind", strings.ReplaceAll(stub, "Order", "Shop"), 15, "// ConvertTo converts this Shop (v2) to the Hub version (v1).", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			line, text, ok := StubDiff([]byte(tc.src), "Order", "v2", "v1", "example.com/shop/api/v1")
			if ok != tc.wantOK || line != tc.wantLine || text != tc.wantText {
				t.Errorf("got %d %q %v, want %d %q %v", line, text, ok, tc.wantLine, tc.wantText, tc.wantOK)
			}
		})
	}
}
