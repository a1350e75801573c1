package celcost

// This file implements the analysis: the CEL environment of a Kubernetes
// version, and the walk over each schema that compiles and costs every rule
// exactly as the API server's CRD validation does.

import (
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/util/version"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	baseversion "k8s.io/component-base/version"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/internal/textfmt"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// Options configure Analyze.
type Options struct {
	// KubeVersion ("1.31") is the Kubernetes version whose API server must
	// accept the rules; "" means the newest the linked libraries know.
	KubeVersion string
	// NoHints skips the suggested bounds of expensive rules (each costs
	// several estimates), for callers that print no report.
	NoHints bool
}

// Target is one CRD to analyze: what schemagen built, and the internal
// object the API server validates (schemagen.Validator.Internal).
type Target struct {
	CRD      *schemagen.CRD
	Internal *apiextensions.CustomResourceDefinition
}

// NewestKubeVersion is the newest Kubernetes version crdgen's libraries
// know, the default of Options.KubeVersion.
func NewestKubeVersion() string { return baseversion.DefaultKubeBinaryVersion }

// oldestKubeVersion is the first Kubernetes version with CEL validation rules.
const oldestKubeVersion = "1.25"

// EnvFor returns the CEL environment an API server of Kubernetes version
// kube uses for new rules: the base environment at that server's
// compatibility version, one minor version back (its
// DefaultCompatibilityVersion).
func EnvFor(kube string) (*environment.EnvSet, *version.Version, error) {
	if kube == "" {
		kube = NewestKubeVersion()
	}
	v, err := version.ParseMajorMinor(kube)
	if err != nil {
		return nil, nil, fmt.Errorf("%q is not a Kubernetes version: want MAJOR.MINOR, such as 1.31", kube)
	}
	oldest, newest := version.MustParse(oldestKubeVersion), version.MustParse(NewestKubeVersion())
	if v.LessThan(oldest) || v.GreaterThan(newest) {
		return nil, nil, fmt.Errorf("Kubernetes %s: crdgen knows the CEL libraries of %s to %s", kube, oldestKubeVersion, NewestKubeVersion())
	}
	compat := v.SubtractMinor(1)
	return environment.MustBaseEnvSet(compat), compat, nil
}

// Analyze compiles and costs every CEL rule of the targets. Rules that do
// not compile, transition rules the API server forbids, and rules or
// schemas over budget are returned as diagnostics at their Go source.
func Analyze(targets []Target, opts Options) (*Report, markers.ErrorList, error) {
	an, err := NewAnalyzer(opts)
	if err != nil {
		return nil, nil, err
	}
	// CRDs are independent: analyze them on every core, keep their order.
	crds := make([]CRDReport, len(targets))
	found := make([]markers.ErrorList, len(targets))
	parallel.ForEach(len(targets), func(i int) {
		crds[i], found[i] = an.CRD(targets[i])
	})
	var diags markers.ErrorList
	for i := range targets {
		diags.Append(found[i])
	}
	return an.Report(crds), diags.Sorted(), nil
}

// Analyzer analyzes CRDs one at a time with the CEL environment of one
// Kubernetes version, for callers that build, analyze and drop CRDs as they
// go. Its methods may run concurrently.
type Analyzer struct {
	env         *environment.EnvSet
	kube        string
	compatMajor uint
	compatMinor uint
	noHints     bool
}

// NewAnalyzer returns an analyzer for opts.KubeVersion.
func NewAnalyzer(opts Options) (*Analyzer, error) {
	env, compat, err := EnvFor(opts.KubeVersion)
	if err != nil {
		return nil, err
	}
	kube := opts.KubeVersion
	if kube == "" {
		kube = NewestKubeVersion()
	}
	return &Analyzer{env: env, kube: kube, compatMajor: compat.Major(), compatMinor: compat.Minor(), noHints: opts.NoHints}, nil
}

// CRD analyzes one CRD: its report and the diagnostics of its rules.
func (an *Analyzer) CRD(t Target) (CRDReport, markers.ErrorList) {
	a := &analyzer{env: an.env, noHints: an.noHints}
	r := a.analyzeCRD(t)
	return r, a.diags.Sorted()
}

// Report assembles the reports of CRDs, in the order given.
func (an *Analyzer) Report(crds []CRDReport) *Report {
	if len(crds) == 0 {
		crds = nil
	}
	return &Report{KubeVersion: an.kube, CompatibilityVersion: fmt.Sprintf("%d.%d", an.compatMajor, an.compatMinor), CRDs: crds}
}

// analyzer analyzes one CRD.
type analyzer struct {
	env     *environment.EnvSet
	diags   markers.ErrorList
	noHints bool
}

// schemaRef is one schema the API server validates on its own, with the
// CRD versions it belongs to.
type schemaRef struct {
	schema   *apiextensions.JSONSchemaProps
	root     *field.Path
	versions []string
	// index is the version index in the CRD's Go kinds.
	index int
}

// schemasOf lists a CRD's schemas as the API server validates them: the
// merged spec.validation when every version's schema is the same, else one
// per version.
func schemasOf(in *apiextensions.CustomResourceDefinition) []schemaRef {
	var out []schemaRef
	if in.Spec.Validation != nil && in.Spec.Validation.OpenAPIV3Schema != nil {
		var names []string
		for _, v := range in.Spec.Versions {
			names = append(names, v.Name)
		}
		out = append(out, schemaRef{schema: in.Spec.Validation.OpenAPIV3Schema, root: field.NewPath("spec", "validation", "openAPIV3Schema"), versions: names})
	}
	for i, v := range in.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			out = append(out, schemaRef{schema: v.Schema.OpenAPIV3Schema, root: field.NewPath("spec", "versions").Index(i).Child("schema", "openAPIV3Schema"), versions: []string{v.Name}, index: i})
		}
	}
	return out
}

func (a *analyzer) analyzeCRD(t Target) CRDReport {
	cr := CRDReport{Name: t.Internal.Name, Verdict: VerdictOK}
	for _, ref := range schemasOf(t.Internal) {
		w := &walker{a: a, t: t, ref: ref}
		root := validation.RootCELContext(ref.schema)
		w.walk(ref.schema, root)
		total := root.TotalCost.Total
		sr := SchemaReport{Versions: ref.versions, Total: total, TotalLimit: SchemaLimit, Percent: percent(total, SchemaLimit), Verdict: VerdictOK, Rules: w.rules}
		if total > SchemaLimit {
			sr.Verdict, sr.Factor = VerdictOverBudget, factor(total, SchemaLimit)
			cr.Verdict = VerdictOverBudget
			var pos token.Position
			if t.CRD != nil {
				pos = t.CRD.Kinds[min(ref.index, len(t.CRD.Kinds)-1)].Type.Pos
			}
			a.diags.Add(markers.Diagnostic{
				Pos:  pos,
				Code: markers.CodeCELCost,
				Msg: fmt.Sprintf("the CEL rules of %s (%s) cost %s in total, over the API server's limit of %s for a schema by %s; run \"crdgen cost\" for the breakdown and suggested bounds",
					t.Internal.Name, strings.Join(ref.versions, ", "), commas(total), commas(SchemaLimit), sr.Factor),
			})
		}
		for _, r := range w.rules {
			switch {
			case r.Verdict == VerdictError:
				cr.Verdict = VerdictError
			case r.Verdict == VerdictOverBudget && cr.Verdict == VerdictOK:
				cr.Verdict = VerdictOverBudget
			}
		}
		cr.Schemas = append(cr.Schemas, sr)
	}
	return cr
}

// walker walks one schema the way ValidateCustomResourceDefinitionOpenAPISchema
// does, with the API server's CEL schema contexts for types and cardinality.
type walker struct {
	a     *analyzer
	t     Target
	ref   schemaRef
	rules []RuleReport
}

// ancestor is a list or map above a node, for explaining cardinality.
type ancestor struct {
	display string
	schema  *apiextensions.JSONSchemaProps
}

// place is what the walk knows of a node from above it.
type place struct {
	// ctx is the API server's CEL schema context of the node.
	ctx *validation.CELSchemaContext
	// uncorrelatable is the path of the list or atomic map that makes
	// oldSelf unusable below it, if any (the root is an empty, non-nil
	// path).
	uncorrelatable schemapath.Path
	// above are the lists and maps above the node.
	above []ancestor
	// schema is the node itself, for its children.
	schema *apiextensions.JSONSchemaProps
}

// walk visits the schema the way the API server's CRD validation does, with
// its CEL schema contexts for types and cardinality: through properties, a
// list's items and a map's values (rules below allOf, anyOf, oneOf and not
// are forbidden, and reported by the server's validation).
func (w *walker) walk(root *apiextensions.JSONSchemaProps, ctx *validation.CELSchemaContext) {
	schemapath.Descend(root, place{ctx: ctx}, func(s *apiextensions.JSONSchemaProps, at schemapath.Path, up place) (place, bool) {
		here, ok := up.child(s, at)
		if !ok {
			return here, false
		}
		if len(s.XValidations) > 0 && here.ctx != nil {
			w.compile(s, at, here)
		}
		return here, true
	})
}

// child returns the place of s, a child of up's node at the end of at (the
// root is up's own place).
func (up place) child(s *apiextensions.JSONSchemaProps, at schemapath.Path) (place, bool) {
	if len(at) == 0 {
		up.schema = s
		return up, true
	}
	parentAt, seg := at[:len(at)-1], at[len(at)-1]
	parent := up.schema
	here := place{uncorrelatable: up.uncorrelatable, above: up.above, schema: s}
	switch seg {
	case "items":
		here.ctx = up.ctx.ChildItemsContext(s)
		if here.uncorrelatable == nil && (parent.XListType == nil || *parent.XListType != "map") {
			here.uncorrelatable = parentAt
		}
		here.above = append(slices.Clip(up.above), ancestor{display: parentAt.Display(), schema: parent})
	case "additionalProperties":
		here.ctx = up.ctx.ChildAdditionalPropertiesContext(s)
		here.above = append(slices.Clip(up.above), ancestor{display: parentAt.Display(), schema: parent})
	default:
		name, ok := strings.CutPrefix(seg, "properties[")
		if !ok {
			return here, false
		}
		here.ctx = up.ctx.ChildPropertyContext(s, strings.TrimSuffix(name, "]"))
		if here.uncorrelatable == nil && !cel.MapIsCorrelatable(parent.XMapType) {
			here.uncorrelatable = parentAt
		}
	}
	return here, true
}

// compile compiles and costs the rules of one node.
func (w *walker) compile(s *apiextensions.JSONSchemaProps, at schemapath.Path, here place) {
	ctx, uncorrelatable := here.ctx, here.uncorrelatable
	path := at.Field(w.ref.root)
	origin := w.origin(at)
	typeInfo, err := ctx.TypeInfo()
	if err != nil || typeInfo == nil {
		w.a.diags.Errorf(origin.Pos, markers.CodeCEL, "cannot build the CEL types of %s: %v", at.Display(), err)
		return
	}
	results, err := cel.Compile(typeInfo.Schema, typeInfo.DeclType, celconfig.PerCallLimit, w.a.env, cel.NewExpressionsEnvLoader())
	if err != nil {
		w.a.diags.Errorf(origin.Pos, markers.CodeCEL, "cannot compile the CEL rules of %s: %v", at.Display(), err)
		return
	}
	card, cardSource := cardinality(ctx, here.above)
	for i, cr := range results {
		rule := s.XValidations[i]
		rulePath := path.Child("x-kubernetes-validations").Index(i)
		m, found := w.ruleMarker(origin, rule.Rule)
		pos := origin.Pos
		if found {
			pos = m.Pos
		}
		rr := RuleReport{
			CRD: w.t.Internal.Name, Version: strings.Join(w.ref.versions, ","), Path: at.Display(),
			SourcePos: pos, Expression: "rule", Rule: rule.Rule, FieldPath: rulePath.Child("rule").String(),
			MaxCost: cr.MaxCost, Limit: RuleLimit, Verdict: VerdictOK,
		}
		rr.Cardinality, rr.CardinalitySource = card, cardSource
		if ctx.MaxCardinality == nil {
			rr.Cardinality = cr.MaxCardinality
			rr.CardinalitySource = fmt.Sprintf("%s; the API server assumes %s from its %s request limit", cardSource, commas(cr.MaxCardinality), "3 MiB")
		}
		rr.Cost = multiply(cr.MaxCost, rr.Cardinality)
		rr.Percent = percent(rr.Cost, RuleLimit)
		ctx.TotalCost.ObserveExpressionCost(rulePath.Child("rule"), rr.Cost)
		switch {
		case cr.Error != nil:
			rr.Verdict, rr.Error = VerdictError, cr.Error.Detail
			w.ruleError(pos, m, found, "rule", rule.Rule, cr.Error.Detail, typeInfo.Schema.Properties)
		case rr.Cost > RuleLimit:
			rr.Verdict, rr.Factor = VerdictOverBudget, factor(rr.Cost, RuleLimit)
			w.a.diags.Errorf(pos, markers.CodeCELCost,
				"%s: the rule's estimated cost %s (%s x cardinality %s) exceeds the API server's budget of %s by %s; run \"crdgen cost\" for the breakdown and suggested bounds",
				markerName(m, found), commas(rr.Cost), commas(cr.MaxCost), commas(rr.Cardinality), commas(RuleLimit), rr.Factor)
		}
		if cr.Error == nil && cr.UsesOldSelf && uncorrelatable != nil {
			rr.Verdict = VerdictError
			rr.Error = fmt.Sprintf("oldSelf cannot be used under %s, a list or atomic map whose items cannot be matched between the old and new object", uncorrelatable.Display())
			w.a.diags.Errorf(pos, markers.CodeCEL,
				"%s: the rule uses oldSelf below %s, a list or atomic map whose items the API server cannot match between old and new objects; make that list +listType=map with +listMapKey, or move the rule above it",
				markerName(m, found), uncorrelatable.Display())
		}
		if cr.Error == nil && !cr.UsesOldSelf && rule.OptionalOldSelf != nil {
			rr.Verdict = VerdictError
			rr.Error = "optionalOldSelf is set but the rule does not use oldSelf"
			w.a.diags.Errorf(pos, markers.CodeCEL, "%s: optionalOldSelf is set but the rule does not use oldSelf", markerName(m, found))
		}
		if rr.Verdict != VerdictError && rr.Percent >= hintThreshold && !w.a.noHints {
			rr.Hints = w.hints(at, i, "rule", rr.Cost)
		}
		w.rules = append(w.rules, rr)

		if rule.MessageExpression == "" || cr.Error != nil {
			// The API server does not look at the messageExpression of a
			// rule that does not compile.
			continue
		}
		mr := RuleReport{
			CRD: rr.CRD, Version: rr.Version, Path: rr.Path, SourcePos: pos, FieldPath: rulePath.Child("messageExpression").String(),
			Expression: "messageExpression", Rule: rule.MessageExpression, MaxCost: cr.MessageExpressionMaxCost,
			Cardinality: 1, CardinalitySource: "messageExpression costs are not multiplied", Limit: RuleLimit, Verdict: VerdictOK,
		}
		mr.Cost = cr.MessageExpressionMaxCost
		mr.Percent = percent(mr.Cost, RuleLimit)
		switch {
		case cr.MessageExpressionError != nil:
			mr.Verdict, mr.Error = VerdictError, cr.MessageExpressionError.Detail
			w.ruleError(pos, m, found, "messageExpression", rule.MessageExpression, cr.MessageExpressionError.Detail, typeInfo.Schema.Properties)
		case cr.Error == nil:
			ctx.TotalCost.ObserveExpressionCost(rulePath.Child("messageExpression"), mr.Cost)
			if mr.Cost > RuleLimit {
				mr.Verdict, mr.Factor = VerdictOverBudget, factor(mr.Cost, RuleLimit)
				w.a.diags.Errorf(pos, markers.CodeCELCost,
					"%s: the messageExpression's estimated cost %s exceeds the API server's budget of %s by %s; run \"crdgen cost\" for the breakdown",
					markerName(m, found), commas(mr.Cost), commas(RuleLimit), mr.Factor)
			}
		}
		if mr.Verdict != VerdictError && mr.Percent >= hintThreshold && !w.a.noHints {
			mr.Hints = w.hints(at, i, "messageExpression", mr.Cost)
		}
		w.rules = append(w.rules, mr)
	}
}

// origin returns the Go origin of a node; a target without Go source (a
// CRD read from a file) has none.
func (w *walker) origin(at schemapath.Path) schemagen.Origin {
	if w.t.CRD == nil {
		return schemagen.Origin{}
	}
	return w.t.CRD.Origin(w.ref.index, at)
}

func (w *walker) ruleMarker(o schemagen.Origin, rule string) (markers.Marker, bool) {
	if w.t.CRD == nil {
		return markers.Marker{}, false
	}
	return w.t.CRD.RuleMarker(o, rule)
}

// cardinality explains a node's cardinality from the lists and maps above it.
func cardinality(ctx *validation.CELSchemaContext, above []ancestor) (uint64, string) {
	var parts []string
	for _, anc := range above {
		s := anc.schema
		switch {
		case s.Type == "array" && s.MaxItems != nil:
			parts = append(parts, fmt.Sprintf("%s maxItems %d", anc.display, *s.MaxItems))
		case s.Type == "array":
			return 0, anc.display + " has no maxItems"
		case s.AdditionalProperties != nil && s.MaxProperties != nil:
			parts = append(parts, fmt.Sprintf("%s maxProperties %d", anc.display, *s.MaxProperties))
		case s.AdditionalProperties != nil:
			return 0, anc.display + " has no maxProperties"
		}
	}
	if ctx.MaxCardinality == nil {
		return 0, "unbounded"
	}
	if len(parts) == 0 {
		return *ctx.MaxCardinality, "1: no list or map above the rule"
	}
	return *ctx.MaxCardinality, strings.Join(parts, " x ")
}

// multiply is the API server's multiplyWithOverflowGuard.
func multiply(cost, cardinality uint64) uint64 {
	if cost == 0 {
		return 0
	}
	if ^uint64(0)/cost < cardinality {
		return ^uint64(0)
	}
	return cost * cardinality
}

func markerName(m markers.Marker, found bool) string {
	if found {
		return "+" + m.Name
	}
	return "x-kubernetes-validations"
}

// commas writes n with thousands separators: 10,000,000.
func commas(n uint64) string { return textfmt.Thousands(strconv.FormatUint(n, 10)) }
