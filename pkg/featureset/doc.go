// Package featureset holds crdgen's feature sets: named sets of feature
// gates (an API channel such as Gateway API's standard and experimental,
// or an OpenShift feature set), each generating its own CRDs from one set
// of Go types.
//
// Input: a set's gates, kinds and versions (from crdgen.yaml), conditions
// written on markers ("Gate", "!Gate"), and doc comments. Output: whether a
// condition holds in a set (Set), which kinds and versions a set has, what
// a description says in it (describe.go), and Gateway API's tags
// (<gateway:experimental> and the like, gateway.go), which crdgen maps onto
// the same mechanism. It imports nothing of crdgen's.
//
// Main types: Set, Condition (a condition parsed once, asked of many
// sets), GatewayTags, GatewayValidation.
// docs/contributing/architecture.md shows where it sits in crdgen.
package featureset
