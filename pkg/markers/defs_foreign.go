package markers

// This file lists the markers of other generators that appear in API
// packages (clients, OpenAPI, kubebuilder's scaffolding): crdgen accepts
// them anywhere and ignores them. The generators crdgen runs too have
// typed definitions (defs_generators.go).

// foreignDefs are markers of other generators that appear in API packages.
// crdgen accepts them anywhere and ignores them.
func foreignDefs() []Definition {
	names := []string{
		"kubebuilder:scaffold", "kubebuilder:docs-gen", "kubebuilder:informers",
		"k8s:openapi-gen",
		"k8s:conversion-gen-external-types", "k8s:conversion-gen:explicit-from", "k8s:conversion-fn",
		"k8s:defaulter-gen", "k8s:defaulter-gen-input",
		"k8s:prerelease-lifecycle-gen", "k8s:prerelease-lifecycle-gen:introduced",
		"k8s:prerelease-lifecycle-gen:deprecated", "k8s:prerelease-lifecycle-gen:removed",
		"k8s:prerelease-lifecycle-gen:replacement", "k8s:validation-gen", "k8s:validation-gen-input",
		"k8s:protobuf-gen", "k8s:openapi-model-package",
		"genclient", "genclient:nonNamespaced", "genclient:noStatus", "genclient:noVerbs",
		"genclient:onlyVerbs", "genclient:skipVerbs", "genclient:method", "groupGoName",
	}
	defs := make([]Definition, len(names))
	for i, n := range names {
		defs[i] = Definition{Name: n, Targets: OnAny, Foreign: true, Doc: "Another generator's marker; crdgen ignores it."}
	}
	return defs
}
