package markers

// This file defines the markers of controller-gen's other generators,
// which crdgen runs too: DeepCopy (object), RBAC roles, webhook
// configurations and apply configurations. Their argument names and
// optionality are controller-gen v0.23.0's.

// RBAC is +kubebuilder:rbac: an RBAC rule of the role the generator
// writes (a ClusterRole, or a Role in Namespace).
type RBAC struct {
	Groups        []string `marker:",optional"`
	Resources     []string `marker:",optional"`
	ResourceNames []string `marker:",optional"`
	Verbs         []string
	URLs          []string `marker:"urls,optional"`
	Namespace     string   `marker:",optional"`
	RoleName      string   `marker:",optional"`
}

// Webhook is +kubebuilder:webhook: one admission webhook.
type Webhook struct {
	Mutating                bool
	FailurePolicy           string
	MatchPolicy             string `marker:",optional"`
	SideEffects             string `marker:",optional"`
	TimeoutSeconds          int    `marker:",optional"`
	Groups                  []string
	Resources               []string
	Verbs                   []string
	Versions                []string
	Name                    string
	ServiceName             string   `marker:"serviceName,optional"`
	ServiceNamespace        string   `marker:"serviceNamespace,optional"`
	Path                    string   `marker:"path,optional"`
	ServicePort             *int32   `marker:"servicePort,optional"`
	WebhookVersions         []string `marker:"webhookVersions,optional"`
	AdmissionReviewVersions []string `marker:"admissionReviewVersions"`
	ReinvocationPolicy      string   `marker:"reinvocationPolicy,optional"`
	URL                     string   `marker:"url,optional"`
	Patch                   string   `marker:"patch,optional"`
}

// WebhookConfiguration is +kubebuilder:webhookconfiguration: the name of
// the Mutating or Validating configuration object.
type WebhookConfiguration struct {
	Mutating bool
	Name     string `marker:"name,optional"`
}

// ObjectGenerate is +kubebuilder:object:generate: whether DeepCopy methods
// are generated, for a package's types or one type.
type ObjectGenerate struct{ Value bool }

// DeepCopyGen is +k8s:deepcopy-gen, deepcopy-gen's tag, as its raw text:
// "package" (before a first ',') turns a package on, "true" a type; any
// other value on a type turns it off.
type DeepCopyGen struct{ Value string }

// DeepCopyInterfaces is +k8s:deepcopy-gen:interfaces: an interface a type's
// DeepCopy<Interface> method returns; only runtime.Object has an effect.
type DeepCopyInterfaces struct{ Value string }

// ApplyConfigGenerate is +kubebuilder:ac:generate: whether apply
// configurations are generated, for a package's types or one type.
type ApplyConfigGenerate struct{ Value bool }

// ApplyConfigOutputPackage is +kubebuilder:ac:output:package: where a
// package's apply configurations go, relative to it.
type ApplyConfigOutputPackage struct{ Value string }

func generatorDefs() []Definition {
	return []Definition{
		{Name: "kubebuilder:rbac", Targets: OnPackage, Args: RBAC{}, Readers: []string{"rbac"}, Repeatable: true,
			Doc: "RBAC adds a rule (groups, resources, resourceNames, verbs, urls, namespace, roleName) to the role the rbac generator writes."},
		{Name: "kubebuilder:webhook", Targets: OnPackage, Args: Webhook{}, Readers: []string{"webhook"}, Repeatable: true,
			Doc: "Webhook declares an admission webhook (mutating, failurePolicy, groups, resources, verbs, versions, name, path or url, ...) for the webhook manifests."},
		{Name: "kubebuilder:webhookconfiguration", Targets: OnPackage, Args: WebhookConfiguration{}, Readers: []string{"webhook"}, Repeatable: true,
			Doc: "WebhookConfiguration names the Mutating (mutating=true) or Validating webhook configuration object."},
		{Name: "kubebuilder:object:generate", Targets: OnPackage | OnType, Args: ObjectGenerate{}, Readers: []string{"object"},
			Doc: "ObjectGenerate turns DeepCopy generation on or off for a package's types, or for one type."},
		{Name: "k8s:deepcopy-gen", Targets: OnPackage | OnType, Args: DeepCopyGen{}, Readers: []string{"object"}, Decode: decodeRaw(func(s string) any { return DeepCopyGen{Value: s} }),
			Syntax: "+k8s:deepcopy-gen=<package|true|false>",
			Doc:    "DeepCopyGen is deepcopy-gen's tag: package turns a package on, true or false a type."},
		{Name: "k8s:deepcopy-gen:interfaces", Targets: OnType, Args: DeepCopyInterfaces{}, Readers: []string{"object"}, Repeatable: true,
			Doc: "DeepCopyInterfaces asks for a DeepCopyObject method when it names k8s.io/apimachinery/pkg/runtime.Object."},
		{Name: "k8s:deepcopy-gen:nonpointer-interfaces", Targets: OnType, Foreign: true,
			Doc: "deepcopy-gen's tag for interfaces of a value receiver; controller-gen and crdgen ignore it."},
		{Name: "kubebuilder:ac:generate", Targets: OnPackage | OnType, Args: ApplyConfigGenerate{}, Readers: []string{"applyconfiguration"},
			Doc: "ApplyConfigGenerate turns apply configuration generation on or off for a package's types, or for one type."},
		{Name: "kubebuilder:ac:output:package", Targets: OnPackage, Args: ApplyConfigOutputPackage{}, Readers: []string{"applyconfiguration"},
			Doc: "ApplyConfigOutputPackage is where a package's apply configurations go, relative to it (default applyconfiguration)."},
	}
}

// decodeRaw takes a marker's argument text as it is.
func decodeRaw(wrap func(string) any) func(string) (any, error) {
	return func(text string) (any, error) { return wrap(text), nil }
}
