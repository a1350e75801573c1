package markers

// This file assembles the registry of every marker crdgen reads.

// DefaultDefinitions returns every marker definition crdgen knows.
func DefaultDefinitions() []Definition {
	var defs []Definition
	defs = append(defs, validationDefs()...)
	defs = append(defs, fieldDefs()...)
	defs = append(defs, crdDefs()...)
	defs = append(defs, topologyDefs()...)
	defs = append(defs, packageDefs()...)
	defs = append(defs, conversionDefs()...)
	defs = append(defs, featureGateDefs()...)
	defs = append(defs, openShiftDefs()...)
	defs = append(defs, generatorDefs()...)
	defs = append(defs, descriptionDefs()...)
	defs = append(defs, foreignDefs()...)
	return defs
}

// DefaultRegistry builds the registry of DefaultDefinitions. The definitions
// are checked by a unit test, so this never fails on a user's run.
func DefaultRegistry() *Registry {
	r, err := NewRegistry(DefaultDefinitions()...)
	if err != nil {
		panic("crdgen: invalid built-in marker definitions: " + err.Error())
	}
	return r
}
