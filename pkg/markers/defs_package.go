package markers

// This file defines the markers of a package: its API group and version,
// whether its fields are optional, and whether it is an API version at all.

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
