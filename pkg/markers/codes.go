package markers

import (
	"fmt"
	"strings"
)

// Code names a class of diagnostic. Codes are stable: teams grep for them and
// suppress them, so a code is never renamed or reused, and new codes are added
// at the end of the list.
type Code string

const (
	// CodeMarkerSyntax: a marker's arguments do not parse.
	CodeMarkerSyntax Code = "marker-syntax"
	// CodeUnknownMarker: a marker name in a namespace crdgen owns is not defined.
	CodeUnknownMarker Code = "unknown-marker"
	// CodeMarkerTarget: a marker is known but not valid where it is written.
	CodeMarkerTarget Code = "marker-target"
	// CodeMarkerIgnored: a marker sits where no generator reads it.
	CodeMarkerIgnored Code = "marker-ignored"
	// CodeMarkerValue: a marker parsed but its value is not acceptable.
	CodeMarkerValue Code = "marker-value"
	// CodeGoLoad: the Go packages could not be loaded or type-checked.
	CodeGoLoad Code = "go-load"
	// CodeGoType: a Go type cannot be expressed as a schema.
	CodeGoType Code = "go-type"
	// CodeRecursiveType: a type refers to itself, which a structural schema cannot express.
	CodeRecursiveType Code = "recursive-type"
	// CodeSchema: a marker does not fit the schema it is applied to.
	CodeSchema Code = "schema"
	// CodeDefault: a default or example does not match the schema.
	CodeDefault Code = "default"
	// CodeCRD: the CRD as a whole is inconsistent (versions, names, scope).
	CodeCRD Code = "crd"
	// CodeAPIServer: the API server's own validation rejects the CRD.
	CodeAPIServer Code = "apiserver"
	// CodeCEL: a CEL rule does not compile.
	CodeCEL Code = "cel"
	// CodeCELCost: a CEL rule or schema exceeds the API server's cost budget.
	CodeCELCost Code = "cel-cost"
	// CodeConversion: a conversion function cannot be generated.
	CodeConversion Code = "conversion"
	// CodeStale: a generated file is missing, different or stale.
	CodeStale Code = "stale"
	// CodeBreaking: a change breaks existing clients or stored objects.
	CodeBreaking Code = "breaking"
	// CodeLint: a schema is valid but risky.
	CodeLint Code = "lint"
	// CodeConversionSkipped: a kind already has hand-written conversion (or
	// conversion-gen's), so crdgen generates none for it.
	CodeConversionSkipped Code = "conversion-skipped"
	// CodeUnknownFields: a schema keeps unknown fields somewhere, so the API
	// server stores what clients send there unvalidated.
	CodeUnknownFields Code = "unknown-fields"
	// CodeTestFailed: a case of a CRD test suite failed (crdgen test).
	CodeTestFailed Code = "test-failed"
	// CodeTestSuite: a CRD test suite cannot be run as written.
	CodeTestSuite Code = "test-suite"
	// CodeRBAC: an RBAC marker contradicts itself, or makes a rule the API
	// server rejects.
	CodeRBAC Code = "rbac"
	// CodeWebhook: a webhook marker is incomplete or contradicts itself, or
	// its webhooks do not make a valid configuration.
	CodeWebhook Code = "webhook"
	// CodeDeepCopy: DeepCopy methods cannot be generated for a type or a
	// field (an interface, a function, a channel, an array).
	CodeDeepCopy Code = "deepcopy"
	// CodeSize: a CRD is too large for kubectl apply's annotation or for
	// etcd, or was trimmed to fit its budget.
	CodeSize Code = "size"
	// CodeOutput: an output cannot be written where it would go (outside
	// the project, over a file crdgen did not write), or its header is not
	// a comment.
	CodeOutput Code = "output"
	// CodeConfig: crdgen.yaml has a setting crdgen does not know.
	CodeConfig Code = "config"
	// CodeConversionSchema: a converted field takes values in one version
	// that the other version's schema refuses.
	CodeConversionSchema Code = "conversion-schema"
	// CodeManifest: a manifest cannot be read as an API object (not YAML,
	// no apiVersion or kind, too large, a YAML bomb) (crdgen validate).
	CodeManifest Code = "manifest"
	// CodeInvalid: the API server rejects an object (crdgen validate).
	CodeInvalid Code = "invalid"
	// CodeFieldValidation: an object has a field its schema does not (the
	// API server prunes it) or a field twice (crdgen validate).
	CodeFieldValidation Code = "field-validation"
	// CodeUnknownKind: no CRD crdgen validate has serves an object's kind.
	CodeUnknownKind Code = "unknown-kind"
	// CodeMigrate: crdgen migrate found a controller-gen option it cannot
	// map to crdgen, or a command line it cannot read.
	CodeMigrate Code = "migrate"
)

// Codes lists every code, in the order they are declared.
func Codes() []Code {
	return []Code{CodeMarkerSyntax, CodeUnknownMarker, CodeMarkerTarget, CodeMarkerIgnored, CodeMarkerValue,
		CodeGoLoad, CodeGoType, CodeRecursiveType, CodeSchema, CodeDefault, CodeCRD, CodeAPIServer,
		CodeCEL, CodeCELCost, CodeConversion, CodeStale, CodeBreaking, CodeLint, CodeConversionSkipped, CodeUnknownFields,
		CodeTestFailed, CodeTestSuite, CodeRBAC, CodeWebhook, CodeDeepCopy, CodeSize, CodeOutput, CodeConfig, CodeConversionSchema,
		CodeManifest, CodeInvalid, CodeFieldValidation, CodeUnknownKind, CodeMigrate}
}

// ParseCode returns the code of a name, or an error with a did-you-mean.
func ParseCode(name string) (Code, error) {
	var names []string
	for _, code := range Codes() {
		if string(code) == name {
			return code, nil
		}
		names = append(names, string(code))
	}
	msg := fmt.Sprintf("no diagnostic code %q", name)
	if s := Suggest(name, names); s != "" {
		msg += fmt.Sprintf(", did you mean %q", s)
	}
	return "", fmt.Errorf("%s (codes: %s)", msg, strings.Join(names, ", "))
}
