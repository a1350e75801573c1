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
