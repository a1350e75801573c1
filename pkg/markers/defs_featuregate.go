package markers

// This file defines crdgen's feature gate markers: what exists only in the
// feature sets (crdgen.yaml featureSets) where a gate is on, or off.
//
//   - +crdgen:featureGate=Gate on a package (an API version), a kind, a type
//     or a field: it exists only where Gate is on (=!Gate: only where it is
//     off). Several must all hold.
//   - +crdgen:when:Gate:<marker> (or :!Gate:) on a field or type: any one
//     schema marker that exists only where the condition holds; there it
//     replaces the node's unconditional markers that set the same keywords
//     (so an enum, a bound or a default can differ per set), except
//     repeatable ones (CEL rules), which it adds to. The model reads the prefix (WhenPrefix)
//     and sets Marker.When.
//   - <crdgen:when=Gate> ... </crdgen:when> in a doc comment: description
//     text only where the condition holds (package featureset).

// FeatureGate is +crdgen:featureGate: the node exists only where the
// condition holds.
type FeatureGate struct{ Value string }

// WhenPrefix starts a marker that holds only where a condition does:
// +crdgen:when:Gate:kubebuilder:validation:Maximum=5.
const WhenPrefix = "+crdgen:when:"

func featureGateDefs() []Definition {
	return []Definition{
		{Name: "crdgen:featureGate", Targets: OnPackage | OnType | OnField, Args: FeatureGate{}, Repeatable: true,
			Doc: "FeatureGate makes a version, kind, type or field exist only in the feature sets where the gate is on (=!Gate: off)."},
	}
}
