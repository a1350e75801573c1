package celcost

// This file implements the CEL side of judging a CRD: which of the API
// server's findings are about CEL rules, and when crdgen's own analysis of
// the rules speaks for them.

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Judge judges a CRD's CEL rules after the API server's validation
// (server, from schemagen.Validator.Validate), and returns the CRD's cost
// report and every diagnostic of the validation.
//
// The analysis runs when asked (analyze: a cost report needs every rule's
// cost, and a Kubernetes version other than the validation's may lack a
// function a rule uses) and whenever the server rejects a rule, to report
// it at the rule's marker with the cost breakdown. It calls the server's own
// compiler and cost estimator, so on rules the server accepts it finds
// nothing more; when it finds a problem, the server's findings on CEL rules,
// which say the same at the schema's field path, are left out.
func (an *Analyzer) Judge(t Target, server []schemagen.Finding, analyze bool) (CRDReport, markers.ErrorList) {
	var cel, other markers.ErrorList
	for _, f := range server {
		if f.Err != nil && isCELFinding(f.Err) {
			cel.Add(f.Diag)
		} else {
			other.Add(f.Diag)
		}
	}
	var report CRDReport
	var diags markers.ErrorList
	if analyze || len(cel) > 0 {
		report, diags = an.CRD(t)
		if report.Verdict != VerdictOK {
			cel = nil
		}
	}
	diags.Append(cel)
	diags.Append(other)
	return report, diags
}

// isCELFinding reports whether a validation error of the API server is
// about CEL rules: their compilation, cost or transition rules.
func isCELFinding(e *field.Error) bool {
	return strings.Contains(e.Field, "x-kubernetes-validations") ||
		strings.Contains(e.Detail, "estimated rule cost")
}
