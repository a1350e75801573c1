package markers

// This file defines OpenShift's markers, as openshift/api's generators read
// them (its fork of controller-tools and tools/codegen), so that its types
// build with no edits. The feature gate markers are mapped by the model
// onto crdgen's feature sets (package parser, gates_openshift.go):
//
//   - +openshift:enable:FeatureGate=G on a field: the field exists where G
//     is on; several on one node: where any of them is (a condition A|B).
//     On a kind: its CRD exists only there.
//   - +openshift:validation:FeatureGateAware{Enum,MaxItems,XValidation} with
//     featureGate=A;B (any of them; "": where no gate is on) or
//     requiredFeatureGate=A;B (all of them): the validation exists only
//     there, and an enum or a bound replaces the node's unconditional one.
//     openshift builds its sets from builds with one gate on each (package
//     schemagen, openshift.go), so "" is the build with none.
//
// The others shape the CRD object (+openshift:api-approved.openshift.io,
// +openshift:capability: annotations), name its file
// (+openshift:file-pattern), or are read by generators crdgen does not run.

import (
	"fmt"
	"strings"
)

// OpenShiftFeatureGate is +openshift:enable:FeatureGate: the field (or the
// kind's CRD) exists only where one of the gates is on.
type OpenShiftFeatureGate struct{ Value []string }

// OpenShiftGates are the gate arguments of OpenShift's feature-gate-aware
// validations: the validation exists where any gate of FeatureGate is on
// (a "" gate: where the node's validation without gates would), and every
// gate of RequiredFeatureGate.
type OpenShiftGates struct {
	FeatureGate, RequiredFeatureGate []string
}

// OpenShiftEnum is +openshift:validation:FeatureGateAwareEnum.
type OpenShiftEnum struct {
	FeatureGate         []string `marker:"featureGate,optional"`
	RequiredFeatureGate []string `marker:"requiredFeatureGate,optional"`
	Enum                []string `marker:"enum"`
}

// OpenShiftMaxItems is +openshift:validation:FeatureGateAwareMaxItems.
type OpenShiftMaxItems struct {
	FeatureGate         []string `marker:"featureGate,optional"`
	RequiredFeatureGate []string `marker:"requiredFeatureGate,optional"`
	MaxItems            int      `marker:"maxItems"`
}

// OpenShiftXValidation is +openshift:validation:FeatureGateAwareXValidation.
type OpenShiftXValidation struct {
	FeatureGate         []string `marker:"featureGate,optional"`
	RequiredFeatureGate []string `marker:"requiredFeatureGate,optional"`
	Rule                string
	Message             string `marker:",optional"`
}

// Gates returns a feature-gate-aware marker's gate arguments.
func (m OpenShiftEnum) Gates() OpenShiftGates {
	return OpenShiftGates{FeatureGate: m.FeatureGate, RequiredFeatureGate: m.RequiredFeatureGate}
}

// Gates returns a feature-gate-aware marker's gate arguments.
func (m OpenShiftMaxItems) Gates() OpenShiftGates {
	return OpenShiftGates{FeatureGate: m.FeatureGate, RequiredFeatureGate: m.RequiredFeatureGate}
}

// Gates returns a feature-gate-aware marker's gate arguments.
func (m OpenShiftXValidation) Gates() OpenShiftGates {
	return OpenShiftGates{FeatureGate: m.FeatureGate, RequiredFeatureGate: m.RequiredFeatureGate}
}

// OpenShiftUnreadGate is +openshift:validation:featureGate, which no
// generator of openshift/api reads: it gates nothing.
type OpenShiftUnreadGate struct{ Value string }

// OpenShiftAPIApproved is +openshift:api-approved.openshift.io: the pull
// request that approved the API, the CRD's api-approved.openshift.io
// annotation.
type OpenShiftAPIApproved struct{ Value string }

// OpenShiftCapability is +openshift:capability: the optional cluster
// capability the CRD belongs to, its capability.openshift.io/name
// annotation.
type OpenShiftCapability struct{ Value string }

// OpenShiftFilePattern is +openshift:file-pattern: the parts of the name of
// the CRD's manifests, <cvoRunLevel>_<operatorName>_<operatorOrdering>_<plural>.
type OpenShiftFilePattern struct {
	CVORunLevel, OperatorName, OperatorOrdering string
	// Ignored are the other key=value arguments, which openshift's
	// generator ignores.
	Ignored []string
}

// OpenShiftCompatibilityLevel is +openshift:compatibility-gen:level, read
// by openshift/api's compatibility generator (which writes the level into
// the doc comment crdgen reads).
type OpenShiftCompatibilityLevel struct{ Value int }

// OpenShiftCompatibilityInternal is +openshift:compatibility-gen:internal.
type OpenShiftCompatibilityInternal struct{}

// OpenShiftSchemaGen is +openshift:featuregated-schema-gen, openshift/api's
// switch for its partial manifests generator.
type OpenShiftSchemaGen struct{ Value bool }

func openShiftDefs() []Definition {
	return []Definition{
		{Name: "openshift:enable:FeatureGate", Targets: OnType | OnField, Args: OpenShiftFeatureGate{}, Repeatable: true,
			Doc: "OpenShiftFeatureGate makes a field, or a kind's CRD, exist only in the feature sets where one of the gates is on (several markers: any of them)."},
		{Name: "openshift:validation:FeatureGateAwareEnum", Targets: OnType | OnField, Args: OpenShiftEnum{}, Repeatable: true,
			Doc: "OpenShiftEnum is an enum (enum) that exists only where one gate of featureGate (\"\": no gate), or every gate of requiredFeatureGate, is on; there it replaces the node's other enum."},
		{Name: "openshift:validation:FeatureGateAwareMaxItems", Targets: OnType | OnField, Args: OpenShiftMaxItems{}, Repeatable: true,
			Doc: "OpenShiftMaxItems is a bound on a list's items (maxItems) that exists only where one gate of featureGate (\"\": no gate), or every gate of requiredFeatureGate, is on; there it replaces the node's other bound."},
		{Name: "openshift:validation:FeatureGateAwareXValidation", Targets: OnType | OnField, Args: OpenShiftXValidation{}, Repeatable: true,
			Doc: "OpenShiftXValidation is a CEL rule (rule, message) that exists only where one gate of featureGate (\"\": no gate), or every gate of requiredFeatureGate, is on."},
		{Name: "openshift:validation:featureGate", Targets: OnType | OnField, Args: OpenShiftUnreadGate{},
			Doc: "OpenShiftUnreadGate is read by no generator of openshift/api and gates nothing (+openshift:enable:FeatureGate does)."},
		{Name: "openshift:api-approved.openshift.io", Targets: OnType, Args: OpenShiftAPIApproved{},
			Doc: "OpenShiftAPIApproved sets the CRD's api-approved.openshift.io annotation: the pull request that approved the API."},
		{Name: "openshift:capability", Targets: OnType, Args: OpenShiftCapability{},
			Doc: "OpenShiftCapability sets the CRD's capability.openshift.io/name annotation: the optional cluster capability it belongs to."},
		{Name: "openshift:file-pattern", Targets: OnType, Args: OpenShiftFilePattern{}, Decode: decodeFilePattern,
			Syntax: "+openshift:file-pattern=cvoRunLevel=<level>,operatorName=<name>,operatorOrdering=<order>",
			Doc:    "OpenShiftFilePattern names the CRD's manifests in openshift's layout: <cvoRunLevel>_<operatorName>_<operatorOrdering>_<plural>[-<set>].crd.yaml."},
		{Name: "openshift:compatibility-gen:level", Targets: OnType, Args: OpenShiftCompatibilityLevel{},
			Doc: "OpenShiftCompatibilityLevel is the API's compatibility level, which openshift/api's compatibility generator writes into the doc comment; crdgen reads the comment."},
		{Name: "openshift:compatibility-gen:internal", Targets: OnType, Args: OpenShiftCompatibilityInternal{},
			Doc: "OpenShiftCompatibilityInternal marks an internal type for openshift/api's compatibility generator; it does not change a CRD."},
		{Name: "openshift:featuregated-schema-gen", Targets: OnPackage, Args: OpenShiftSchemaGen{},
			Doc: "OpenShiftSchemaGen switches openshift/api's partial manifests generator on for a package; crdgen finds CRDs by +kubebuilder:object:root."},
	}
}

// filePatternKeys are the arguments of +openshift:file-pattern.
func filePatternKeys() []string { return []string{"cvoRunLevel", "operatorName", "operatorOrdering"} }

// decodeFilePattern reads +openshift:file-pattern's key=value,... text, as
// openshift/api's generator splits it: other keys are kept, to be warned
// about, and a part without '=' is an error.
func decodeFilePattern(text string) (any, error) {
	var p OpenShiftFilePattern
	if text == "" {
		return p, nil
	}
	off := 0
	for _, part := range strings.Split(text, ",") {
		key, value, ok := strings.Cut(part, "=")
		switch {
		case !ok:
			return nil, &ArgError{Offset: off, Msg: fmt.Sprintf("%q is not key=value (the keys: %s)", part, strings.Join(filePatternKeys(), ", "))}
		case key == "cvoRunLevel":
			p.CVORunLevel = value
		case key == "operatorName":
			p.OperatorName = value
		case key == "operatorOrdering":
			p.OperatorOrdering = value
		default:
			p.Ignored = append(p.Ignored, key)
		}
		off += len(part) + 1
	}
	return p, nil
}

// format is the marker's argument text (the keys it ignores with no
// value).
func (p OpenShiftFilePattern) format() string {
	var parts []string
	for _, kv := range [][2]string{{"cvoRunLevel", p.CVORunLevel}, {"operatorName", p.OperatorName}, {"operatorOrdering", p.OperatorOrdering}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+"="+kv[1])
		}
	}
	for _, k := range p.Ignored {
		parts = append(parts, k+"=")
	}
	return strings.Join(parts, ",")
}

// IgnoredMessage says what openshift's generator does with the arguments
// of +openshift:file-pattern it does not know ("" when there are none).
func (p OpenShiftFilePattern) IgnoredMessage() string {
	var msgs []string
	for _, key := range p.Ignored {
		msg := fmt.Sprintf("%q", key)
		if s := Suggest(key, filePatternKeys()); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		msgs = append(msgs, msg)
	}
	if len(msgs) == 0 {
		return ""
	}
	return fmt.Sprintf("+openshift:file-pattern: openshift's generator ignores %s; it reads %s", strings.Join(msgs, ", "), strings.Join(filePatternKeys(), ", "))
}
