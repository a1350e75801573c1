package markers

// This file defines the markers that shape a CRD rather than a schema: names
// and scope, subresources, printer columns, version flags, selectable fields
// and the CRD object's own metadata. All of them sit on the root kind type.

// Resource is +kubebuilder:resource: the CRD's names and scope.
type Resource struct {
	Path       string   `marker:",optional"`
	ShortName  []string `marker:",optional"`
	Categories []string `marker:",optional"`
	Singular   string   `marker:",optional"`
	Scope      string   `marker:",optional"`
}

// SubresourceStatus is +kubebuilder:subresource:status.
type SubresourceStatus struct{}

// SubresourceScale is +kubebuilder:subresource:scale.
type SubresourceScale struct {
	SpecPath     string  `marker:"specpath"`
	StatusPath   string  `marker:"statuspath"`
	SelectorPath *string `marker:"selectorpath"`
}

// PrintColumn is +kubebuilder:printcolumn: one column of kubectl get.
type PrintColumn struct {
	Name        string
	Type        string
	JSONPath    string `marker:"JSONPath"`
	Description string `marker:",optional"`
	Format      string `marker:",optional"`
	Priority    int32  `marker:",optional"`
}

// StorageVersion is +kubebuilder:storageversion.
type StorageVersion struct{}

// SkipVersion is +kubebuilder:skipversion.
type SkipVersion struct{}

// UnservedVersion is +kubebuilder:unservedversion.
type UnservedVersion struct{}

// DeprecatedVersion is +kubebuilder:deprecatedversion.
type DeprecatedVersion struct {
	Warning *string
}

// SelectableField is +kubebuilder:selectablefield.
type SelectableField struct {
	JSONPath string `marker:"JSONPath"`
}

// Metadata is +kubebuilder:metadata: labels and annotations of the CRD object.
type Metadata struct {
	Annotations []string `marker:",optional"`
	Labels      []string `marker:",optional"`
}

// ObjectRoot is +kubebuilder:object:root: the type is a root object (a kind
// or a list). crdgen treats a root type that is not a list as a kind.
type ObjectRoot struct{ Value bool }

func crdDefs() []Definition {
	return []Definition{
		{Name: "kubebuilder:resource", Targets: OnType, Args: Resource{}, Doc: "Resource sets the CRD's plural path, singular, shortName, categories and scope."},
		{Name: "kubebuilder:subresource:status", Targets: OnType, Args: SubresourceStatus{}, Doc: "SubresourceStatus enables the /status subresource."},
		{Name: "kubebuilder:subresource:scale", Targets: OnType, Args: SubresourceScale{}, Doc: "SubresourceScale enables the /scale subresource (specpath, statuspath, selectorpath)."},
		{Name: "kubebuilder:printcolumn", Targets: OnType, Args: PrintColumn{}, Repeatable: true, Doc: "PrintColumn adds a kubectl get column (name, type, JSONPath, description, format, priority)."},
		{Name: "kubebuilder:storageversion", Targets: OnType, Args: StorageVersion{}, Doc: "StorageVersion makes this version the one stored in etcd."},
		{Name: "kubebuilder:skipversion", Targets: OnType, Args: SkipVersion{}, Doc: "SkipVersion leaves this version out of the CRD."},
		{Name: "kubebuilder:unservedversion", Targets: OnType, Args: UnservedVersion{}, Doc: "UnservedVersion keeps this version in the CRD but does not serve it."},
		{Name: "kubebuilder:deprecatedversion", Targets: OnType, Args: DeprecatedVersion{}, Doc: "DeprecatedVersion marks this version deprecated, with an optional warning."},
		{Name: "kubebuilder:selectablefield", Targets: OnType, Args: SelectableField{}, Repeatable: true, Doc: "SelectableField lets clients filter lists on a field (JSONPath)."},
		{Name: "kubebuilder:metadata", Targets: OnType, Args: Metadata{}, Repeatable: true, Doc: "Metadata sets labels and annotations (k=v) on the CRD object itself."},
		{Name: "kubebuilder:object:root", Targets: OnType, Args: ObjectRoot{}, Doc: "ObjectRoot marks a root object type (a kind or its list)."},
	}
}

// ListType is +listType and +k8s:listType: map, set or atomic.
type ListType struct{ Value string }

// ListMapKey is +listMapKey and +k8s:listMapKey: a key field of a map list.
type ListMapKey struct{ Value string }

// MapType is +mapType: granular or atomic.
type MapType struct{ Value string }

// StructType is +structType: granular or atomic.
type StructType struct{ Value string }

func topologyDefs() []Definition {
	return []Definition{
		{Name: "listType", Targets: OnField | OnType, Args: ListType{}, Doc: "ListType sets how server-side apply merges a list: map, set or atomic."},
		{Name: "k8s:listType", Targets: OnField | OnType, Args: ListType{}, Doc: "listType sets how server-side apply merges a list: map, set or atomic (the +k8s: form of +listType)."},
		{Name: "listMapKey", Targets: OnField | OnType, Args: ListMapKey{}, Repeatable: true, Doc: "ListMapKey names a key field of a listType=map list; repeat it for several keys."},
		{Name: "k8s:listMapKey", Targets: OnField | OnType, Args: ListMapKey{}, Repeatable: true, Doc: "listMapKey names a key field of a listType=map list (the +k8s: form of +listMapKey)."},
		{Name: "mapType", Targets: OnField | OnType, Args: MapType{}, Doc: "MapType sets how server-side apply merges a map: granular or atomic."},
		{Name: "structType", Targets: OnField | OnType, Args: StructType{}, Doc: "StructType sets how server-side apply merges a struct: granular or atomic."},
	}
}

// GroupName is +groupName: the API group of the package's kinds.
type GroupName struct {
	Value string `marker:",optional"`
}

// VersionName is +versionName: the API version, instead of the package name.
type VersionName struct{ Value string }

// Skip is +kubebuilder:skip: the package is not an API version.
type Skip struct{}

func packageDefs() []Definition {
	return []Definition{
		{Name: "groupName", Targets: OnPackage, Args: GroupName{}, Doc: "GroupName sets the API group of the package's kinds."},
		{Name: "versionName", Targets: OnPackage, Args: VersionName{}, Doc: "VersionName sets the API version instead of the package name."},
		{Name: "kubebuilder:validation:Optional", Targets: OnPackage, Args: KubebuilderOptional{}, Doc: "Optional makes the package's fields optional unless marked required."},
		{Name: "kubebuilder:validation:Required", Targets: OnPackage, Args: KubebuilderRequired{}, Doc: "Required makes the package's fields required unless omitempty (the default)."},
		{Name: "kubebuilder:skip", Targets: OnPackage, Args: Skip{}, Doc: "Skip excludes the package: it is not an API version."},
	}
}

// foreignDefs are markers of other generators that appear in API packages.
// crdgen accepts them anywhere and ignores them.
func foreignDefs() []Definition {
	names := []string{
		"kubebuilder:object:generate", "kubebuilder:rbac", "kubebuilder:webhook",
		"kubebuilder:webhookconfiguration", "kubebuilder:ac:generate", "kubebuilder:ac:output:package",
		"kubebuilder:scaffold", "kubebuilder:docs-gen", "kubebuilder:informers",
		"k8s:deepcopy-gen", "k8s:deepcopy-gen:interfaces", "k8s:openapi-gen",
		"k8s:conversion-gen-external-types", "k8s:defaulter-gen", "k8s:defaulter-gen-input",
		"k8s:prerelease-lifecycle-gen", "k8s:prerelease-lifecycle-gen:introduced",
		"k8s:prerelease-lifecycle-gen:deprecated", "k8s:prerelease-lifecycle-gen:removed",
		"k8s:prerelease-lifecycle-gen:replacement", "k8s:validation-gen", "k8s:validation-gen-input",
		"k8s:protobuf-gen", "k8s:openapi-model-package",
		"genclient", "genclient:nonNamespaced", "genclient:noStatus", "genclient:noVerbs",
		"genclient:onlyVerbs", "genclient:skipVerbs", "genclient:method",
	}
	defs := make([]Definition, len(names))
	for i, n := range names {
		defs[i] = Definition{Name: n, Targets: OnAny, Foreign: true, Doc: "Another generator's marker; crdgen ignores it."}
	}
	return defs
}

// DefaultDefinitions returns every marker definition crdgen knows.
func DefaultDefinitions() []Definition {
	var defs []Definition
	defs = append(defs, validationDefs()...)
	defs = append(defs, fieldDefs()...)
	defs = append(defs, crdDefs()...)
	defs = append(defs, topologyDefs()...)
	defs = append(defs, packageDefs()...)
	defs = append(defs, conversionDefs()...)
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
