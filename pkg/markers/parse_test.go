package markers

import (
	"errors"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

func TestParse(t *testing.T) {
	reg := DefaultRegistry()
	tests := []struct {
		name   string
		text   string
		target Target
		want   any
	}{
		{"flag", "+optional", OnField, Optional{}},
		{"k8s optional alias", "+k8s:optional", OnField, Optional{}},
		{"int value", "+kubebuilder:validation:MaxLength=63", OnField, MaxLength{Value: 63}},
		{"number value", "+kubebuilder:validation:Maximum=5", OnField, Maximum{Value: 5}},
		{"negative float", "+kubebuilder:validation:Minimum=-1.5", OnType, Minimum{Value: -1.5}},
		{"exponent", "+kubebuilder:validation:Maximum=1e3", OnField, Maximum{Value: 1000}},
		{"bool value", "+kubebuilder:validation:ExclusiveMaximum=true", OnField, ExclusiveMaximum{Value: true}},
		{"raw string", "+kubebuilder:validation:Pattern=`^[a-z]+$`", OnField, Pattern{Value: "^[a-z]+$"}},
		{"quoted string with escape", `+kubebuilder:validation:Pattern="^a\\.b$"`, OnField, Pattern{Value: `^a\.b$`}},
		{"bare string keeps colons", "+kubebuilder:validation:Pattern=^a:b$", OnField, Pattern{Value: "^a:b$"}},
		{"name:=value form", "+kubebuilder:validation:Pattern:=abc", OnField, Pattern{Value: "abc"}},
		{"bare string trims blanks", "+kubebuilder:validation:Format=  date-time  ", OnField, Format{Value: "date-time"}},
		{"legacy list", "+kubebuilder:validation:Enum=a;b;c", OnField, Enum{Value: []any{"a", "b", "c"}}},
		{"brace list", `+kubebuilder:validation:Enum={a,b,"c d"}`, OnField, Enum{Value: []any{"a", "b", "c d"}}},
		{"enum of numbers", "+kubebuilder:validation:Enum=1;2", OnField, Enum{Value: []any{int64(1), int64(2)}}},
		{"items variant", "+kubebuilder:validation:items:MaxLength=10", OnField, Items{Value: MaxLength{Value: 10}}},
		{"named args", `+kubebuilder:validation:XValidation:rule="self.a > 0",message="a must be positive"`, OnType,
			XValidation{Rule: "self.a > 0", Message: "a must be positive"}},
		{"named args with pointer and bare enum", `+kubebuilder:validation:XValidation:rule="self == oldSelf",optionalOldSelf=true,reason=FieldValueForbidden`, OnField,
			XValidation{Rule: "self == oldSelf", OptionalOldSelf: ptr(true), Reason: "FieldValueForbidden"}},
		{"printcolumn", "+kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp", OnType,
			PrintColumn{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"}},
		{"printcolumn with quoted jsonpath and int32", "+kubebuilder:printcolumn:name=\"Ready\",type=string,JSONPath=`.status.conditions[?(@.type==\"Ready\")].status`,priority=1", OnType,
			PrintColumn{Name: "Ready", Type: "string", JSONPath: `.status.conditions[?(@.type=="Ready")].status`, Priority: 1}},
		{"resource lists", "+kubebuilder:resource:path=foos,shortName={f,fo},categories=all;mine,scope=Cluster", OnType,
			Resource{Path: "foos", ShortName: []string{"f", "fo"}, Categories: []string{"all", "mine"}, Scope: "Cluster"}},
		{"blanks around =", "+kubebuilder:resource:scope = Cluster", OnType, Resource{Scope: "Cluster"}},
		{"scale", "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector", OnType,
			SubresourceScale{SpecPath: ".spec.replicas", StatusPath: ".status.replicas", SelectorPath: ptr(".status.selector")}},
		{"optional pointer arg", `+kubebuilder:deprecatedversion:warning="use v2"`, OnType, DeprecatedVersion{Warning: ptr("use v2")}},
		{"flag with all-optional args", "+kubebuilder:deprecatedversion", OnType, DeprecatedVersion{}},
		{"metadata", `+kubebuilder:metadata:annotations="a=b";"c=d"`, OnType, Metadata{Annotations: []string{"a=b", "c=d"}}},
		{"default map", "+kubebuilder:default={a: 1, b: {c: true}}", OnField, Default{Value: map[string]any{"a": int64(1), "b": map[string]any{"c": true}}}},
		{"default empty map", "+kubebuilder:default={}", OnField, Default{Value: map[string]any{}}},
		{"default legacy list", "+kubebuilder:default=a;b", OnField, Default{Value: []any{"a", "b"}}},
		{"default brace list", "+kubebuilder:default={1,2}", OnField, Default{Value: []any{int64(1), int64(2)}}},
		{"default quoted", `+kubebuilder:default="quoted"`, OnField, Default{Value: "quoted"}},
		{"default quantity is a string", "+kubebuilder:default=10Gi", OnField, Default{Value: "10Gi"}},
		{"default float", "+kubebuilder:default=1.5", OnField, Default{Value: 1.5}},
		{"default bool", "+kubebuilder:default=true", OnField, Default{Value: true}},
		{"default negative int", "+kubebuilder:default=-3", OnField, Default{Value: int64(-3)}},
		{"default list of maps", "+kubebuilder:default={{name: a},{name: b}}", OnField,
			Default{Value: []any{map[string]any{"name": "a"}, map[string]any{"name": "b"}}}},
		{"k8s default json", `+default="x"`, OnField, K8sDefault{Value: "x"}},
		{"k8s default json object", `+default={"a":1,"b":[true]}`, OnField, K8sDefault{Value: map[string]any{"a": int64(1), "b": []any{true}}}},
		{"k8s default ref", "+default=ref(DefaultValue)", OnField, K8sDefault{Ref: "DefaultValue"}},
		// +name:=value is +name=value for every marker that takes one value,
		// whether its value is parsed generically or decoded whole.
		{"k8s default name:=value", `+default:={"targetPort": 8080}`, OnField, K8sDefault{Value: map[string]any{"targetPort": int64(8080)}}},
		{"k8s default name:=string", `+default:="x"`, OnField, K8sDefault{Value: "x"}},
		{"default name:=value", `+kubebuilder:default:="Unknown"`, OnField, Default{Value: "Unknown"}},
		{"number name:=value", "+kubebuilder:validation:Maximum:=3", OnField, Maximum{Value: 3}},
		{"list name:=value", "+kubebuilder:validation:Enum:=a;b", OnField, Enum{Value: []any{"a", "b"}}},
		{"items name:=value", "+kubebuilder:validation:items:MaxLength:=4", OnField, Items{Value: MaxLength{Value: 4}}},
		{"k8s tag with comment", "+k8s:maxItems=16 # see KEP", OnField, MaxItems{Value: 16}},
		{"group name", "+groupName=example.com", OnPackage, GroupName{Value: "example.com"}},
		{"empty group name", "+groupName=", OnPackage, GroupName{}},
		{"one-of list", "+kubebuilder:validation:ExactlyOneOf=a;b", OnType, ExactlyOneOf{Value: []string{"a", "b"}}},
		{"object root", "+kubebuilder:object:root=true", OnType, ObjectRoot{Value: true}},
		{"rbac", "+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list", OnPackage,
			RBAC{Groups: []string{"apps"}, Resources: []string{"deployments"}, Verbs: []string{"get", "list"}}},
		{"rbac with core group and urls", `+kubebuilder:rbac:groups="",urls=/metrics;/healthz,verbs=get,namespace=ns,roleName=r`, OnPackage,
			RBAC{Groups: []string{""}, URLs: []string{"/metrics", "/healthz"}, Verbs: []string{"get"}, Namespace: "ns", RoleName: "r"}},
		{"webhook", `+kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=fail,sideEffects=None,groups="",resources=pods,verbs=create;update,versions=v1,name=mpod.kb.io,admissionReviewVersions=v1`, OnPackage,
			Webhook{Path: "/mutate-v1-pod", Mutating: true, FailurePolicy: "fail", SideEffects: "None", Groups: []string{""}, Resources: []string{"pods"},
				Verbs: []string{"create", "update"}, Versions: []string{"v1"}, Name: "mpod.kb.io", AdmissionReviewVersions: []string{"v1"}}},
		{"deepcopy-gen raw", "+k8s:deepcopy-gen=package,register", OnPackage, DeepCopyGen{Value: "package,register"}},
		{"object generate", "+kubebuilder:object:generate=false", OnType, ObjectGenerate{Value: false}},
		{"foreign with args", "+kubebuilder:scaffold:imports", OnPackage, Raw{}},
		{"foreign flag with sub-name", "+kubebuilder:scaffold:imports", OnPackage, Raw{}},
		{"foreign anywhere", "+genclient:nonNamespaced", OnField, Raw{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := reg.Parse(tc.text, tc.target)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			if !reflect.DeepEqual(m.Value, tc.want) {
				t.Errorf("Parse(%q) = %#v, want %#v", tc.text, m.Value, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	reg := DefaultRegistry()
	tests := []struct {
		name    string
		text    string
		target  Target
		wantMsg string
		// wantAt is the text at the reported offset.
		wantAt string
	}{
		{"missing value", "+kubebuilder:validation:Maximum", OnField, "needs a value", ""},
		{"bad number", "+kubebuilder:validation:Maximum=abc", OnField, `expected number, got "abc"`, "abc"},
		{"bad integer", "+kubebuilder:validation:MaxLength=1.5", OnField, `expected integer, got "1.5"`, "1.5"},
		{"bad bool", "+kubebuilder:validation:ExclusiveMinimum=yes", OnField, `expected true or false, got "yes"`, "yes"},
		{"unknown argument", `+kubebuilder:validation:XValidation:rule="x",mesage="y"`, OnField, `unknown argument "mesage", did you mean "message"`, `mesage="y"`},
		{"missing argument in declaration order", "+kubebuilder:printcolumn:name=Age", OnType, `missing argument "type"`, ""},
		{"flag given a value", "+optional=true", OnField, "takes no arguments", "true"},
		{"extra text", "+kubebuilder:validation:MaxLength=5 6", OnField, "extra arguments provided", "6"},
		{"unterminated string", `+kubebuilder:validation:XValidation:rule="self.a`, OnField, "not terminated", `"self.a`},
		{"argument given twice", "+kubebuilder:resource:scope=Cluster,scope=Namespaced", OnType,
			`argument "scope" given twice, with different values: Cluster, then Namespaced (controller-gen takes the last; say it once)`, "scope=Namespaced"},
		{"list argument given twice", "+kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=a,resources=b,verbs=create;update,versions=v1,name=a.b.c,admissionReviewVersions=v1,verbs=create", OnPackage,
			`argument "verbs" given twice, with different values: create;update, then create`, "verbs=create"},
		{"segment on a one-value marker", "+kubebuilder:validation:Pattern:foo=abc", OnField, `unknown argument "foo"`, "foo=abc"},
		{"segment on a decoded one-value marker", `+default:foo={}`, OnField, `unknown argument "foo" (+default takes one value: +default=<json>)`, "foo={}"},
		{"bad json", `+default={"a":}`, OnField, "invalid JSON", ""},
		{"int32 overflow", "+kubebuilder:printcolumn:name=a,type=b,JSONPath=.c,priority=4294967296", OnType, "out of range", "4294967296"},
		{"unclosed list", "+kubebuilder:validation:Enum={a,b", OnField, "expected", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := reg.Parse(tc.text, tc.target)
			var ae *ArgError
			if !errors.As(err, &ae) {
				t.Fatalf("Parse(%q) error = %v, want an *ArgError", tc.text, err)
			}
			if !strings.Contains(ae.Msg, tc.wantMsg) {
				t.Errorf("message = %q, want it to contain %q", ae.Msg, tc.wantMsg)
			}
			if ae.Offset < 0 || ae.Offset > len(tc.text) {
				t.Fatalf("offset %d outside the marker text (length %d)", ae.Offset, len(tc.text))
			}
			if tc.wantAt != "" && !strings.HasPrefix(tc.text[ae.Offset:], tc.wantAt) {
				t.Errorf("offset %d points at %q, want %q", ae.Offset, tc.text[ae.Offset:], tc.wantAt)
			}
		})
	}
}

// TestParseArgumentGivenTwiceWithTheSameValue checks that an argument
// given again with the value it had is a warning at its second occurrence,
// and the marker parses (controller-gen takes the last, which is the same).
func TestParseArgumentGivenTwiceWithTheSameValue(t *testing.T) {
	reg := DefaultRegistry()
	const text = "+kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=a,resources=b,verbs=create,versions=v1,name=a.b.c,sideEffects=None,admissionReviewVersions={v1}"
	m, err := reg.Parse(text, OnPackage)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if w, ok := m.Value.(Webhook); !ok || w.SideEffects != "None" || w.Name != "a.b.c" {
		t.Errorf("value = %#v", m.Value)
	}
	if len(m.Warnings) != 1 {
		t.Fatalf("warnings = %+v, want one", m.Warnings)
	}
	w := m.Warnings[0]
	if want := `argument "sideEffects" given twice, with the same value; say it once`; w.Msg != want {
		t.Errorf("warning = %q, want %q", w.Msg, want)
	}
	if at := text[w.Offset:]; !strings.HasPrefix(at, "sideEffects=None,admission") {
		t.Errorf("warning at %q, want the second sideEffects", at)
	}
	if span := m.Spans["sideEffects"]; text[span.Start:span.End] != "None" || span.Start > strings.Index(text, "name=") {
		t.Errorf("span of sideEffects = %+v, want the first value", span)
	}
	if m, err := reg.Parse("+kubebuilder:validation:XValidation:rule=\"self.a\",rule=`self.a`", OnField); err != nil || len(m.Warnings) != 1 {
		t.Errorf("the same string quoted two ways: %v, warnings %+v", err, m.Warnings)
	}
	if m, err := reg.Parse("+kubebuilder:resource:scope=Cluster", OnType); err != nil || m.Warnings != nil {
		t.Errorf("an argument given once: %v, warnings %+v", err, m.Warnings)
	}
}

func TestParseUnknown(t *testing.T) {
	reg := DefaultRegistry()
	tests := []struct {
		name   string
		text   string
		target Target
		want   UnknownError
	}{
		{"typo in owned namespace", "+kubebuilder:validation:Minimun=5", OnField,
			UnknownError{Name: "kubebuilder:validation:Minimun", Target: OnField, Owned: true, Suggestion: "kubebuilder:validation:Minimum"}},
		{"typo in prefix", "+kubebuilder:printcolum:name=a,type=b,JSONPath=.c", OnType,
			UnknownError{Name: "kubebuilder:printcolum:name", Target: OnType, Owned: true, Suggestion: "kubebuilder:printcolumn"}},
		{"wrong case", "+kubebuilder:validation:enum=a;b", OnField,
			UnknownError{Name: "kubebuilder:validation:enum", Target: OnField, Owned: true, Suggestion: "kubebuilder:validation:Enum"}},
		{"wrong target", "+kubebuilder:printcolumn:name=x,type=string,JSONPath=.z", OnField,
			UnknownError{Name: "kubebuilder:printcolumn", Target: OnField, Owned: true, ValidOn: OnType}},
		{"owned namespace, nothing close", "+kubebuilder:nothing:like:this", OnType,
			UnknownError{Name: "kubebuilder:nothing:like:this", Target: OnType, Owned: true}},
		{"bare typo of an owned name", "+optinal", OnField,
			UnknownError{Name: "optinal", Target: OnField, Owned: true, Suggestion: "optional"}},
		{"other generator's bare tag", "+patchStrategy=merge", OnType,
			UnknownError{Name: "patchStrategy", Target: OnType}},
		{"declarative validation tag crdgen does not read", "+k8s:opaqueType", OnField,
			UnknownError{Name: "k8s:opaqueType", Target: OnField}},
		{"unrelated bare tag", "+protobuf=true", OnField,
			UnknownError{Name: "protobuf", Target: OnField}},
		// A ':' where '=' was meant: the suggestion is the marker as meant.
		{"value after a colon", "+kubebuilder:validation:Maximum:3", OnField,
			UnknownError{Name: "kubebuilder:validation:Maximum:3", Target: OnField, Owned: true, Suggestion: "kubebuilder:validation:Maximum=3"}},
		{"k8s value after a colon", "+k8s:maxItems:16", OnField,
			UnknownError{Name: "k8s:maxItems:16", Target: OnField, Owned: true, Suggestion: "k8s:maxItems=16"}},
		{"value after a colon that is not the marker's type", "+kubebuilder:validation:Maximum:big", OnField,
			UnknownError{Name: "kubebuilder:validation:Maximum:big", Target: OnField, Owned: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := reg.Parse(tc.text, tc.target)
			var ue *UnknownError
			if !errors.As(err, &ue) {
				t.Fatalf("Parse(%q) error = %v, want an *UnknownError", tc.text, err)
			}
			ue2 := *ue
			ue2.misspelt = ""
			if tc.want.Suggestion == "" || !tc.want.Owned {
				// Only owned names promise a suggestion.
				ue2.Suggestion, tc.want.Suggestion = "", ""
			}
			if ue2 != tc.want {
				t.Errorf("got %+v, want %+v", *ue, tc.want)
			}
		})
	}
}

// TestUnknownFix checks the did-you-mean edit an unknown marker offers:
// applied to the marker as written, it gives the marker meant.
func TestUnknownFix(t *testing.T) {
	reg := DefaultRegistry()
	tests := []struct {
		name, text string
		target     Target
		want       string // the text after the edit; "" for no edit
	}{
		{"typo", "+kubebuilder:validation:Minimun=5", OnField, "+kubebuilder:validation:Minimum=5"},
		{"typo in prefix", "+kubebuilder:printcolum:name=a,type=b,JSONPath=.c", OnType, "+kubebuilder:printcolumn:name=a,type=b,JSONPath=.c"},
		{"bare typo", "+optinal", OnField, "+optional"},
		{"value after a colon", "+kubebuilder:validation:Maximum:3", OnField, "+kubebuilder:validation:Maximum=3"},
		{"suggestion with a caution", "+kubebuilder:validation:UniqueItems:true", OnField, ""},
		{"suggestion with a caution", "+kubebuilder:validation:UniqueItems:true", OnField, ""},
		{"wrong target", "+kubebuilder:printcolumn:name=x,type=string,JSONPath=.z", OnField, ""},
		{"nothing close", "+kubebuilder:nothing:like:this", OnType, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := reg.Parse(tc.text, tc.target)
			var ue *UnknownError
			if !errors.As(err, &ue) {
				t.Fatalf("Parse(%q) error = %v, want an *UnknownError", tc.text, err)
			}
			// The marker at column 5 of line 3, after "\t// ".
			pos := token.Position{Filename: "a.go", Line: 3, Column: 5, Offset: 40}
			fix := ue.Fix(pos, tc.text)
			if fix == nil {
				if tc.want != "" {
					t.Fatalf("got no fix, want %q", tc.want)
				}
				return
			}
			if fix.Pos.Line != 3 || fix.End.Line != 3 || fix.End.Offset-fix.Pos.Offset != fix.End.Column-fix.Pos.Column {
				t.Fatalf("fix spans %v to %v, want one line", fix.Pos, fix.End)
			}
			from, to := fix.Pos.Column-pos.Column, fix.End.Column-pos.Column
			got := tc.text[:from] + fix.New + tc.text[to:]
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnknownErrorText(t *testing.T) {
	reg := DefaultRegistry()
	_, err := reg.Parse("+kubebuilder:validation:Maxmum=3", OnField)
	if got, want := err.Error(), "unknown marker +kubebuilder:validation:Maxmum, did you mean +kubebuilder:validation:Maximum"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, err = reg.Parse("+kubebuilder:validation:UniqueItems:true", OnField)
	if got, want := err.Error(), "unknown marker +kubebuilder:validation:UniqueItems:true, did you mean +kubebuilder:validation:UniqueItems=true"+
		" (which the API server rejects as uniqueItems: true; +listType=set is the way to unique items)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, err = reg.Parse("+kubebuilder:validation:UniqueItems:false", OnField)
	if got, want := err.Error(), "unknown marker +kubebuilder:validation:UniqueItems:false, did you mean +kubebuilder:validation:UniqueItems=false"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, err = reg.Parse("+kubebuilder:subresource:status", OnField)
	if got, want := err.Error(), "+kubebuilder:subresource:status is a type marker and has no effect on a field"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestStringRoundTrip(t *testing.T) {
	reg := DefaultRegistry()
	for _, text := range []string{
		"+kubebuilder:validation:Maximum=5",
		"+kubebuilder:validation:Enum={a,1,true}",
		`+kubebuilder:validation:XValidation:rule="self.a > 0",message="a, b",optionalOldSelf=false`,
		"+kubebuilder:default={a: 1.0, b: {c: \"true\"}, d: {1,2}}",
		"+kubebuilder:resource:shortName={a,b},scope=Cluster",
		`+default={"a":[1,2.5,null]}`,
		"+default=ref(X)",
		"+kubebuilder:validation:items:Pattern=`^x$`",
		"+groupName=",
		"+kubebuilder:metadata:labels={}",
	} {
		m, err := reg.Parse(text, m0target(text))
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		again, err := reg.Parse(m.String(), m0target(text))
		if err != nil {
			t.Fatalf("Parse(%q) (from %q): %v", m.String(), text, err)
		}
		if !reflect.DeepEqual(again.Value, m.Value) {
			t.Errorf("round trip of %q through %q: got %#v, want %#v", text, m.String(), again.Value, m.Value)
		}
	}
}

// m0target picks a target where the test marker is defined.
func m0target(text string) Target {
	switch {
	case strings.HasPrefix(text, "+groupName"):
		return OnPackage
	case strings.HasPrefix(text, "+kubebuilder:resource"), strings.HasPrefix(text, "+kubebuilder:metadata"):
		return OnType
	}
	return OnField
}

func TestValueOffset(t *testing.T) {
	reg := DefaultRegistry()
	for _, c := range []struct {
		text string
		arg  string
		i    int
		want string // the marker text from the returned offset
	}{
		{`+kubebuilder:validation:XValidation:rule="self.a > 0",message="m"`, "rule", 5, `a > 0",message="m"`},
		{"+kubebuilder:validation:XValidation:rule=`self.b`", "rule", 5, "b`"},
		{`+kubebuilder:validation:XValidation:message="m",rule="x == \"q\" && self.c"`, "rule", 17, `c"`},
		{`+kubebuilder:validation:Pattern=  bare`, "", 2, "re"},
	} {
		m, err := reg.Parse(c.text, OnField)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.text, err)
		}
		off, ok := m.ValueOffset(c.arg, c.i)
		if !ok || c.text[off:] != c.want {
			t.Errorf("ValueOffset(%q, %d) in %q points at %q, want %q", c.arg, c.i, c.text, c.text[min(off, len(c.text)):], c.want)
		}
	}
}
