package markers

// This file defines crdgen's own conversion markers: how a kind's versions
// map onto its hub (storage) version, how the conversion functions are wired
// into controller-runtime, and where the API server sends conversion reviews.

// ConversionFrom is +crdgen:conversion:from on a field of the hub version:
// in other versions the field's value lives elsewhere. The value is a field
// name of the same struct (a rename, "size") or a JSON path from the kind's
// root (a move, ".spec.replicas"), optionally for one version only
// ("v1alpha1/size"). Without a version it applies to every version that has
// the source and no field of the hub field's own name.
type ConversionFrom struct{ Value string }

// ConversionDrop is +crdgen:conversion:drop on a field of a non-hub version:
// the field has no place in the hub and is knowingly lost on conversion.
type ConversionDrop struct{}

// ConversionStyle is +crdgen:conversion:style: "methods" (controller-runtime's
// Hub and Convertible methods on the API types, what kubebuilder projects
// use) or "functions" (typed functions only, for NewSpokeConverter).
type ConversionStyle struct{ Value string }

// ConversionWebhook is +crdgen:conversion:webhook: the Service the API server
// sends ConversionReviews to, as <namespace>/<name>.
type ConversionWebhook struct {
	Service string
	Path    *string
	Port    *int32
}

// ConversionTests is +crdgen:conversion:tests: false turns off the generated
// round-trip test of the package's conversions.
type ConversionTests struct{ Value bool }

// ConversionFuzzer is +crdgen:conversion:fuzzer: the name of a function in
// the package's tests, func() []any, whose randfill functions the generated
// round-trip test adds (to keep random values within what a version can say).
type ConversionFuzzer struct{ Value string }

// ConversionSkip is +crdgen:conversion:skip on a kind: crdgen generates no
// conversion for it; the author writes it all.
type ConversionSkip struct{}

// ConversionGenerate is +crdgen:conversion:generate on a kind (any of its
// versions) or a version package: crdgen generates the kind's conversions
// even though the versions already have hand-written ones (ConvertTo and
// ConvertFrom methods, conversion-gen's Convert_ functions), which crdgen
// otherwise leaves alone. Hand-written methods and functions are kept and
// called.
type ConversionGenerate struct{}

// K8sConversionGen is conversion-gen's +k8s:conversion-gen: on a package, the
// peer package it converts to (or false); on a type or field, false opts it
// out. A package that carries it is converted by conversion-gen, which
// crdgen leaves alone unless a kind says +crdgen:conversion:generate.
type K8sConversionGen struct{ Value string }

func conversionDefs() []Definition {
	return []Definition{
		{Name: "crdgen:conversion:from", Targets: OnField, Args: ConversionFrom{}, Repeatable: true, Doc: "From says where a hub field's value is in other versions: a renamed field (name), a moved one (.path.from.root), optionally for one version (v1alpha1/name)."},
		{Name: "crdgen:conversion:drop", Targets: OnField, Args: ConversionDrop{}, Doc: "Drop marks a field of a non-hub version that the hub cannot hold; it is lost on conversion."},
		{Name: "crdgen:conversion:style", Targets: OnPackage, Args: ConversionStyle{}, Doc: "Style picks the controller-runtime wiring: methods (Hub, ConvertTo, ConvertFrom) or functions (for NewSpokeConverter)."},
		{Name: "crdgen:conversion:webhook", Targets: OnPackage | OnType, Args: ConversionWebhook{}, Doc: "Webhook makes the CRD convert through the Service <namespace>/<name> (path, default /convert; port, default 443)."},
		{Name: "crdgen:conversion:tests", Targets: OnPackage, Args: ConversionTests{}, Doc: "Tests=false turns off the generated round-trip test for the package."},
		{Name: "crdgen:conversion:fuzzer", Targets: OnPackage, Args: ConversionFuzzer{}, Doc: "Fuzzer names a test function, func() []any, whose randfill functions the generated round-trip test uses."},
		{Name: "crdgen:conversion:skip", Targets: OnType, Args: ConversionSkip{}, Doc: "Skip leaves the kind's conversion to hand-written code."},
		{Name: "crdgen:conversion:generate", Targets: OnPackage | OnType, Args: ConversionGenerate{}, Doc: "Generate makes crdgen generate a kind's conversions although its versions already have hand-written ones (kept and called)."},
		{Name: "k8s:conversion-gen", Targets: OnAny, Args: K8sConversionGen{}, Doc: "conversion-gen's marker: a package that carries it is converted by conversion-gen, which crdgen leaves alone unless a kind says +crdgen:conversion:generate."},
	}
}
