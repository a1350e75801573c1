package markers

// This file assembles the registry of every marker crdgen reads.

import (
	"reflect"
	"slices"
)

// DefaultDefinitions returns every marker definition crdgen knows, each
// with its readers: the CRDs' markers are the crd generator's, the
// conversions' the conversion generator's, the other generators' their own
// (generatorDefs), a package's (its group, version, defaults) every
// generator's; and alsoReadBy adds the other generators that read a
// marker.
func DefaultDefinitions() []Definition {
	var defs []Definition
	for _, group := range [][]Definition{validationDefs(), fieldDefs(), k8sDefs(), crdDefs(), topologyDefs(), featureGateDefs(), openShiftDefs(), descriptionDefs()} {
		defs = append(defs, readBy(group, "crd")...)
	}
	defs = append(defs, packageDefs()...)
	defs = append(defs, readBy(conversionDefs(), "conversion")...)
	defs = append(defs, generatorDefs()...)
	defs = append(defs, foreignDefs()...)
	also := alsoReadBy()
	for i := range defs {
		if more, ok := also[argsName(defs[i].Args)]; ok && defs[i].Readers != nil {
			defs[i].Readers = append(slices.Clone(defs[i].Readers), more...)
		}
	}
	return defs
}

// readBy sets the readers of the definitions that have none yet.
func readBy(defs []Definition, generators ...string) []Definition {
	for i := range defs {
		if defs[i].Readers == nil {
			defs[i].Readers = generators
		}
	}
	return defs
}

// alsoReadBy are the other generators that read a marker, by its value's
// type: the conversions follow a kind's storage version and skipped
// versions and keep a list's keys; DeepCopy makes a root object's
// DeepCopyObject; the apply configurations follow server-side apply's
// topology markers and the schema markers their internal schema holds.
// TestReadersKnowTheEmitters holds it to what the emitters read.
func alsoReadBy() map[string][]string {
	ac := []string{"applyconfiguration"}
	return map[string][]string{
		"StorageVersion": {"conversion"}, "SkipVersion": {"conversion"},
		"ListType": {"conversion", "applyconfiguration"}, "ListMapKey": {"conversion", "applyconfiguration"},
		"MapType": ac, "StructType": ac, "Resource": ac, "Type": ac, "Format": ac, "Default": ac, "K8sDefault": ac,
		"Schemaless": ac, "XPreserveUnknownFields": ac, "XIntOrString": ac,
		"ObjectRoot":        {"object", "conversion", "applyconfiguration"},
		"ConversionWebhook": {"crd"},
	}
}

// argsName is the name of a definition's value type ("" for none).
func argsName(args any) string {
	if args == nil {
		return ""
	}
	return reflect.TypeOf(args).Name()
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
