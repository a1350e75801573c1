// This case proves that patches are decoded strictly, each error at the
// patch: invalid JSON, whitespace only, not an object, an unknown field, a
// field in the wrong case, a field of mutating webhooks on a validating
// one, a value of the wrong type, an unknown directive, a directive on a
// field that is not a list, a duplicate field, an unknown top-level field, a
// directive left in a list item, and $setElementOrder on a list without a
// merge key (controller-gen crashes on it).
package webhook

// +kubebuilder:webhook:path=/a,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=a.example.com,patch=`{"timeoutSeconds":7`
// +kubebuilder:webhook:path=/b,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=b.example.com,patch=" "
// +kubebuilder:webhook:path=/c,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=c.example.com,patch=`["x"]`
// +kubebuilder:webhook:path=/d,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=d.example.com,patch=`{"objectSelector":{"matchLabel":{"a":"b"}}}`
// +kubebuilder:webhook:path=/e,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=e.example.com,patch=`{"timeoutseconds":7}`
// +kubebuilder:webhook:path=/f,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=f.example.com,patch=`{"reinvocationPolicy":"IfNeeded"}`
// +kubebuilder:webhook:path=/g,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=g.example.com,patch=`{"timeoutSeconds":"7"}`
// +kubebuilder:webhook:path=/h,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=h.example.com,patch=`{"$bogus":"x"}`
// +kubebuilder:webhook:path=/i,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=i.example.com,patch=`{"$setElementOrder/name":["x"]}`
// +kubebuilder:webhook:path=/j,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=j.example.com,patch=`{"timeoutSeconds":7,"timeoutSeconds":8}`
// +kubebuilder:webhook:path=/k,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=k.example.com,patch=`{"bogus":1}`
// +kubebuilder:webhook:path=/l,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=l.example.com,patch=`{"rules":[{"$patch":"delete"}]}`
// +kubebuilder:webhook:path=/m,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1,name=m.example.com,patch=`{"$setElementOrder/rules":[]}`
