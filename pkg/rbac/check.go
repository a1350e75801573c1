package rbac

import (
	"go/token"

	apivalidation "k8s.io/apimachinery/pkg/api/validation"

	"github.com/crdgen/crdgen/pkg/markers"
)

// This file checks each +kubebuilder:rbac marker for the rules the API
// server's RBAC validation (ValidatePolicyRule) rejects, which
// controller-gen writes all the same. Contradictions that no merge can undo
// are errors; a rule that may yet merge into a valid one is a warning.

// checkMarker reports what is wrong with one marker.
func checkMarker(mk markers.Marker, v markers.RBAC, diags *markers.ErrorList) {
	if v.Namespace != "" {
		// The Role's metadata.namespace, as the API server validates it.
		for _, msg := range apivalidation.ValidateNamespaceName(v.Namespace, false) {
			diags.Errorf(argPos(mk, "namespace"), markers.CodeRBAC,
				"+kubebuilder:rbac: namespace %q: the API server refuses it: %s", v.Namespace, msg)
		}
	}
	if len(v.URLs) > 0 {
		if v.Namespace != "" {
			diags.Errorf(argPos(mk, "urls"), markers.CodeRBAC,
				"+kubebuilder:rbac: urls contradicts namespace: namespace=%q makes the rule a Role's, and a Role cannot grant non-resource URLs", v.Namespace)
		}
		for _, other := range []struct {
			name string
			set  bool
		}{{"groups", len(v.Groups) > 0}, {"resources", len(v.Resources) > 0}, {"resourceNames", len(v.ResourceNames) > 0}} {
			if other.set {
				diags.Errorf(argPos(mk, "urls"), markers.CodeRBAC,
					"+kubebuilder:rbac: urls contradicts %s: a rule grants non-resource URLs or resources, not both; write two markers", other.name)
				break
			}
		}
		return
	}
	if len(v.Resources) == 0 {
		diags.Warnf(mk.Pos, markers.CodeRBAC,
			"+kubebuilder:rbac needs resources or urls: a rule with neither grants nothing, and the API server rejects it unless another marker's rule merges with it")
		return
	}
	if len(v.Groups) == 0 {
		diags.Warnf(argPos(mk, "resources"), markers.CodeRBAC,
			"+kubebuilder:rbac: resources without groups: the API server rejects a resource rule without API groups unless another marker's rule merges with it; write groups=core for the core group")
	}
}

// argPos is the position of an argument's value, or the marker's when the
// argument is not written.
func argPos(mk markers.Marker, arg string) token.Position {
	if sp, ok := mk.Spans[arg]; ok {
		return mk.At(sp.Start)
	}
	return mk.Pos
}
