// This case proves patch: selectors, matchConditions (merged by name),
// scalars, rules replaced whole, null removing a field, in alphabetical
// key position.
package webhook

// +kubebuilder:webhook:path=/m,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=v1,timeoutSeconds=5,patch=`{"objectSelector":{"matchLabels":{"app":"web"}},"namespaceSelector":{"matchExpressions":[{"key":"env","operator":"In","values":["prod","staging"]}]},"timeoutSeconds":7,"reinvocationPolicy":"IfNeeded"}`
// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1,matchPolicy=Exact,patch=`{"matchPolicy":null,"failurePolicy":null,"matchConditions":[{"name":"not-system","expression":"!request.userInfo.username.startsWith('system:')"},{"name":"b","expression":"true"},{"name":"not-system","expression":"false"}],"rules":[{"apiGroups":["batch"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["jobs"],"scope":"Namespaced"}]}`
