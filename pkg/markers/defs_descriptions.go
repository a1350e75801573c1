package markers

// This file defines the markers that keep descriptions out of a CRD: the
// name controller-tools' open proposal gives it (PR #1384,
// +kubebuilder:skip:description) and crdgen's own, which can also bring
// them back below an omission. Dropping a description never changes what
// the API server accepts.

// SkipDescription is +kubebuilder:skip:description: on a field, the
// descriptions of the field and of everything below it are left out; on a
// type, those of the type's schema wherever it is used (a field that uses
// it keeps its own doc); on a package, those of every type it declares.
type SkipDescription struct{}

// Descriptions is +crdgen:descriptions: =false leaves out descriptions as
// +kubebuilder:skip:description does at the same place; =true keeps them
// below an omission of an enclosing type or package, or of crdgen.yaml's
// descriptions.omit.
type Descriptions struct{ Value bool }

func descriptionDefs() []Definition {
	return []Definition{
		{Name: "kubebuilder:skip:description", Targets: OnPackage | OnType | OnField, Args: SkipDescription{},
			Doc: "SkipDescription leaves the descriptions out of the CRD: on a field, its own and all below it; on a type, its schema's wherever it is used; on a package, those of all its types."},
		{Name: "crdgen:descriptions", Targets: OnPackage | OnType | OnField, Args: Descriptions{},
			Doc: "Descriptions=false leaves descriptions out as +kubebuilder:skip:description does; =true keeps them below an enclosing omission."},
	}
}
