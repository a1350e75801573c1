package markers

import (
	_ "github.com/crdgen/crdgen/internal/golden"

	"strings"
	"testing"
)

func TestDefaultRegistryIsValid(t *testing.T) {
	if _, err := NewRegistry(DefaultDefinitions()...); err != nil {
		t.Fatalf("built-in definitions are invalid: %v", err)
	}
}

func TestDefaultRegistryCoversTheDialect(t *testing.T) {
	reg := DefaultRegistry()
	// One name per family of the marker dialect, on the target it lives on.
	for _, c := range []struct {
		name   string
		target Target
	}{
		{"kubebuilder:validation:Maximum", OnField}, {"kubebuilder:validation:Maximum", OnType},
		{"kubebuilder:validation:items:XValidation", OnField}, {"kubebuilder:validation:items:Enum", OnType},
		{"kubebuilder:validation:ExactlyOneOf", OnType}, {"k8s:enum", OnType},
		{"kubebuilder:validation:Optional", OnPackage}, {"kubebuilder:validation:Optional", OnField},
		{"kubebuilder:default", OnField}, {"default", OnField}, {"kubebuilder:title", OnType},
		{"kubebuilder:externalDocs", OnField}, {"kubebuilder:validation:Schemaless", OnField},
		{"kubebuilder:pruning:PreserveUnknownFields", OnType}, {"k8s:immutable", OnField},
		{"k8s:maxItems", OnField}, {"k8s:minimum", OnField}, {"k8s:maximum", OnField},
		{"listMapKey", OnType}, {"k8s:listType", OnField}, {"mapType", OnField}, {"structType", OnType},
		{"kubebuilder:printcolumn", OnType}, {"kubebuilder:subresource:scale", OnType},
		{"kubebuilder:selectablefield", OnType}, {"kubebuilder:metadata", OnType},
		{"groupName", OnPackage}, {"versionName", OnPackage}, {"kubebuilder:skip", OnPackage},
		{"kubebuilder:rbac", OnPackage}, {"kubebuilder:webhook", OnPackage}, {"kubebuilder:webhookconfiguration", OnPackage},
		{"kubebuilder:object:generate", OnPackage}, {"kubebuilder:object:generate", OnType}, {"kubebuilder:object:root", OnType},
		{"k8s:deepcopy-gen", OnPackage}, {"k8s:deepcopy-gen", OnType}, {"k8s:deepcopy-gen:interfaces", OnType},
		{"kubebuilder:ac:generate", OnPackage}, {"kubebuilder:ac:generate", OnType}, {"kubebuilder:ac:output:package", OnPackage},
		{"kubebuilder:scaffold", OnPackage}, {"genclient", OnType},
	} {
		if reg.Lookup(c.name, c.target) == nil {
			t.Errorf("no definition of +%s for %s", c.name, c.target)
		}
	}
	// 20 schema markers for fields and types, each also as items: = 80 definitions.
	n := 0
	for _, d := range reg.Definitions() {
		if strings.HasPrefix(d.Name, validationPrefix) && d.Targets == OnField|OnType {
			n++
		}
	}
	if n != 40 {
		t.Errorf("got %d field+type schema definitions, want 40 (20 markers and their items: forms)", n)
	}
}

func TestNewRegistryRejectsBadTables(t *testing.T) {
	type badArg struct{ C chan int }
	tests := []struct {
		name string
		defs []Definition
		want string
	}{
		{"duplicate", []Definition{
			{Name: "a", Targets: OnField, Args: Optional{}, Doc: "A."},
			{Name: "a", Targets: OnField | OnType, Args: Optional{}, Doc: "A again."},
		}, `marker "a" is defined twice for field`},
		{"empty doc", []Definition{{Name: "a", Targets: OnField, Args: Optional{}}}, `marker "a" has no doc`},
		{"no target", []Definition{{Name: "a", Args: Optional{}, Doc: "A."}}, `marker "a" has no target`},
		{"bad argument type", []Definition{{Name: "a", Targets: OnField, Args: badArg{}, Doc: "A."}}, `unsupported argument type chan int`},
		{"leading plus", []Definition{{Name: "+a", Targets: OnField, Args: Optional{}, Doc: "A."}}, `must not start with '+'`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewRegistry(tc.defs...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewRegistry error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	cands := []string{"Maximum", "Minimum", "MaxItems", "Enum"}
	for _, c := range []struct{ in, want string }{
		{"Maxmum", "Maximum"}, {"enum", "Enum"}, {"Minimun", "Minimum"}, {"Totally", ""}, {"MaxItem", "MaxItems"},
	} {
		if got := Suggest(c.in, cands); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestUsage(t *testing.T) {
	reg := DefaultRegistry()
	for _, c := range []struct {
		name   string
		target Target
		want   string
	}{
		{"optional", OnField, "+optional"},
		{"kubebuilder:validation:Maximum", OnField, "+kubebuilder:validation:Maximum=<number>"},
		{"groupName", OnPackage, "+groupName[=<string>]"},
		{"kubebuilder:subresource:scale", OnType, "+kubebuilder:subresource:scale:specpath=<string>,statuspath=<string>[,selectorpath=<string>]"},
	} {
		if got := reg.Lookup(c.name, c.target).Usage(); got != c.want {
			t.Errorf("Usage of +%s = %q, want %q", c.name, got, c.want)
		}
	}
}
