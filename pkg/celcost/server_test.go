package celcost

import (
	"context"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	_ "github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

func i64(v int64) *int64 { return &v }

// crdWith builds a one-version CRD whose spec has the given schema.
func crdWith(spec apiextv1.JSONSchemaProps) *apiextv1.CustomResourceDefinition {
	return &apiextv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: "things.example.com"},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: "example.com",
			Names: apiextv1.CustomResourceDefinitionNames{Plural: "things", Singular: "thing", Kind: "Thing", ListKind: "ThingList"},
			Scope: apiextv1.NamespaceScoped,
			Versions: []apiextv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{
					Type:       "object",
					Properties: map[string]apiextv1.JSONSchemaProps{"spec": spec},
				}},
			}},
		},
	}
}

func rules(rs ...string) apiextv1.ValidationRules {
	var out apiextv1.ValidationRules
	for _, r := range rs {
		out = append(out, apiextv1.ValidationRule{Rule: r})
	}
	return out
}

func str(maxLen *int64) apiextv1.JSONSchemaProps {
	return apiextv1.JSONSchemaProps{Type: "string", MaxLength: maxLen}
}

func list(items apiextv1.JSONSchemaProps, maxItems *int64) apiextv1.JSONSchemaProps {
	return apiextv1.JSONSchemaProps{Type: "array", MaxItems: maxItems, Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &items}}
}

func obj(props map[string]apiextv1.JSONSchemaProps, xv apiextv1.ValidationRules) apiextv1.JSONSchemaProps {
	return apiextv1.JSONSchemaProps{Type: "object", Properties: props, XValidations: xv}
}

// costCases are schemas whose cost the report must figure exactly as the
// API server does.
func costCases() map[string]apiextv1.JSONSchemaProps {
	withRules := func(s apiextv1.JSONSchemaProps, rs ...string) apiextv1.JSONSchemaProps {
		s.XValidations = rules(rs...)
		return s
	}
	many := map[string]apiextv1.JSONSchemaProps{}
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		many[n] = withRules(str(i64(2000)), "self.contains('ok')", "!self.contains('bad')")
	}
	return map[string]apiextv1.JSONSchemaProps{
		"docs example, unbounded": obj(map[string]apiextv1.JSONSchemaProps{
			"xs": withRules(list(str(nil), nil), "self.all(x, x.contains('a string'))"),
		}, nil),
		"docs example, bounded": obj(map[string]apiextv1.JSONSchemaProps{
			"xs": withRules(list(str(i64(10)), i64(25)), "self.all(x, x.contains('a string'))"),
		}, nil),
		"rule on list items, bounded list": obj(map[string]apiextv1.JSONSchemaProps{
			"xs": list(withRules(str(i64(63)), "self.startsWith('a')"), i64(100)),
		}, nil),
		"rule on list items, unbounded list": obj(map[string]apiextv1.JSONSchemaProps{
			"xs": list(withRules(str(nil), "self.matches('^[a-z]+$')"), nil),
		}, nil),
		"nested lists": obj(map[string]apiextv1.JSONSchemaProps{
			"xss": list(list(withRules(str(i64(100)), "self.size() > 1"), i64(50)), i64(40)),
		}, nil),
		"nested all over unbounded lists": obj(map[string]apiextv1.JSONSchemaProps{
			"xss": withRules(list(list(str(nil), nil), nil), "self.all(xs, xs.all(x, x != ''))"),
		}, nil),
		"map values, bounded": obj(map[string]apiextv1.JSONSchemaProps{
			"m": {Type: "object", MaxProperties: i64(20), AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true,
				Schema: &apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(30), XValidations: rules("self != 'x'")}}},
		}, nil),
		"map values, unbounded": obj(map[string]apiextv1.JSONSchemaProps{
			"m": {Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true,
				Schema: &apiextv1.JSONSchemaProps{Type: "string", XValidations: rules("self.contains('x')")}}},
		}, nil),
		"object rule over unbounded map": obj(map[string]apiextv1.JSONSchemaProps{
			"m": withRules(apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{Type: "string"}}},
				"self.all(k, self[k].size() < 5)"),
		}, nil),
		"total over, every rule under": obj(map[string]apiextv1.JSONSchemaProps{
			"ships": list(obj(many, nil), i64(10000)),
		}, nil),
		"message expression unbounded": obj(map[string]apiextv1.JSONSchemaProps{
			"n": {Type: "integer", XValidations: apiextv1.ValidationRules{{Rule: "self <= 10", MessageExpression: "'too many: ' + string(self)"}}},
		}, nil),
		"rule over by a small factor": obj(map[string]apiextv1.JSONSchemaProps{
			"xs": list(withRules(str(i64(2000)), "self.contains('x')"), i64(30000)),
		}, nil),
		"rule over by a few times": obj(map[string]apiextv1.JSONSchemaProps{
			"xs": list(withRules(str(i64(2000)), "self.contains('x')"), i64(90000)),
		}, nil),
		"cheap rules": obj(map[string]apiextv1.JSONSchemaProps{
			"a": str(i64(5)), "b": str(i64(5)),
		}, rules("self.a != self.b", "has(self.a) || has(self.b)")),
	}
}

func analyzeOne(t *testing.T, crd *apiextv1.CustomResourceDefinition) (*Report, []string) {
	t.Helper()
	in, err := schemagen.NewValidator().InternalOf(crd)
	if err != nil {
		t.Fatal(err)
	}
	report, _, err := Analyze([]Target{{Internal: in}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var serverErrs []string
	for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), in) {
		serverErrs = append(serverErrs, e.Error())
	}
	return report, serverErrs
}

// TestVerdictsEqualTheAPIServer checks, on many schemas, that a rule is over
// budget in the report exactly when the API server's validation rejects it,
// with the same factor, and the same for the schema total.
func TestVerdictsEqualTheAPIServer(t *testing.T) {
	// The cases the API server rejects for cost; the others it accepts.
	rejected := []string{
		"docs example, unbounded", "rule on list items, unbounded list", "nested all over unbounded lists",
		"map values, unbounded", "total over, every rule under",
		"message expression unbounded", "rule over by a small factor", "rule over by a few times",
	}
	for name, spec := range costCases() {
		t.Run(name, func(t *testing.T) {
			report, serverErrs := analyzeOne(t, crdWith(spec))
			var want []string
			for _, e := range serverErrs {
				if strings.Contains(e, "exceeds budget") || strings.Contains(e, "exceeding cost limit") {
					want = append(want, e)
				}
			}
			var got []string
			for _, c := range report.CRDs {
				for _, s := range c.Schemas {
					for _, r := range s.Rules {
						if r.Verdict == VerdictOverBudget {
							costName := "estimated rule cost"
							if r.Expression == "messageExpression" {
								costName = "estimated messageExpression cost"
							}
							got = append(got, strings.TrimPrefix(r.FieldPath, "spec.validation.")+": Forbidden: "+costName+" exceeds budget by factor of "+r.Factor)
						}
					}
					if s.Verdict == VerdictOverBudget {
						got = append(got, "openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of "+s.Factor)
					}
				}
			}
			// The server also names up to four rules that contributed to an
			// exceeded total; those are not verdicts of their own.
			want = slices.DeleteFunc(want, func(e string) bool { return strings.Contains(e, "contributed to estimated rule cost total") })
			for i := range want {
				// Compare the path and the factor, not the server's advice text.
				want[i], _, _ = strings.Cut(want[i], " (try simplifying")
				want[i] = strings.TrimPrefix(want[i], "spec.validation.")
			}
			if len(want) > 0 != slices.Contains(rejected, name) {
				t.Fatalf("the API server's verdict changed: %d cost errors %v", len(want), want)
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("report and API server disagree\nreport:\n  %s\nserver:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
		})
	}
}

// TestDocsExampleCosts pins the figures of the Kubernetes documentation's
// example: 202 with maxItems 25 and maxLength 10, over 100x without bounds.
func TestDocsExampleCosts(t *testing.T) {
	cases := costCases()
	bounded, _ := analyzeOne(t, crdWith(cases["docs example, bounded"]))
	if got := bounded.CRDs[0].Schemas[0].Rules[0].Cost; got != 202 {
		t.Errorf("bounded docs example costs %d, want 202", got)
	}
	unbounded, _ := analyzeOne(t, crdWith(cases["docs example, unbounded"]))
	r := unbounded.CRDs[0].Schemas[0].Rules[0]
	if r.Cost != 329_857_577_777 || r.Factor != "more than 100x" {
		t.Errorf("unbounded docs example: cost %d factor %q, want 329,857,577,777 and more than 100x", r.Cost, r.Factor)
	}
	if len(r.Hints) == 0 {
		t.Fatalf("no hints for an over-budget rule")
	}
	var missing []string
	for _, h := range r.Hints {
		missing = append(missing, h.Missing)
	}
	if !slices.Contains(missing, "maxItems") || !slices.Contains(missing, "maxLength") {
		t.Errorf("hints name %v, want maxItems and maxLength", missing)
	}
	if last := r.Hints[len(r.Hints)-1]; last.Missing != "" || last.Cost >= RuleLimit {
		t.Errorf("combined hint %+v: want the cost with every bound, under budget", last)
	}
}

func TestKubeVersions(t *testing.T) {
	for _, c := range []struct {
		kube, compat string
		ok           bool
	}{
		{"", "", true}, {"1.31", "1.30", true}, {"1.25", "1.24", true},
		{"1.24", "", false}, {"2.0", "", false}, {"latest", "", false},
	} {
		_, compat, err := EnvFor(c.kube)
		if (err == nil) != c.ok {
			t.Errorf("EnvFor(%q) error = %v, want ok=%v", c.kube, err, c.ok)
			continue
		}
		if c.ok && c.compat != "" && compat.String() != c.compat {
			t.Errorf("EnvFor(%q) compatibility %s, want %s", c.kube, compat, c.compat)
		}
	}
}

// TestKubeVersionSelectsTheCELLibrary checks that a rule using the IP
// library (CEL compatibility 1.30) compiles for Kubernetes 1.31, whose API
// server accepts the 1.30 library in new rules, and not for 1.30.
func TestKubeVersionSelectsTheCELLibrary(t *testing.T) {
	spec := obj(map[string]apiextv1.JSONSchemaProps{
		"addr": {Type: "string", MaxLength: i64(45), XValidations: rules("isIP(self)")},
	}, nil)
	in, err := schemagen.NewValidator().InternalOf(crdWith(spec))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kube    string
		compile bool
	}{{"1.30", false}, {"1.31", true}, {"", true}} {
		report, diags, err := Analyze([]Target{{Internal: in}}, Options{KubeVersion: c.kube})
		if err != nil {
			t.Fatal(err)
		}
		verdict := report.CRDs[0].Schemas[0].Rules[0].Verdict
		if (verdict != VerdictError) != c.compile {
			t.Errorf("Kubernetes %q: verdict %q, diagnostics %v; want compiling=%v", c.kube, verdict, diags, c.compile)
		}
	}
}
