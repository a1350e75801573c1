// This case proves the strategic merge directives a patch may hold:
// $deleteFromPrimitiveList, $patch: replace, $setElementOrder and
// $retainKeys.
package webhook

// +kubebuilder:webhook:path=/a,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=a.example.com,admissionReviewVersions=v1;v1beta1,patch=`{"$deleteFromPrimitiveList/admissionReviewVersions":["v1beta1"]}`
// +kubebuilder:webhook:path=/b,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=b.example.com,admissionReviewVersions=v1,patch=`{"clientConfig":{"$patch":"replace","url":"https://b.example.com"}}`
// +kubebuilder:webhook:path=/c,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=c.example.com,admissionReviewVersions=v1,patch=`{"matchConditions":[{"name":"y","expression":"true"},{"name":"x","expression":"true"}],"$setElementOrder/matchConditions":[{"name":"y"},{"name":"x"}]}`
// +kubebuilder:webhook:path=/d,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=d.example.com,admissionReviewVersions=v1,patch=`{"objectSelector":{"matchLabels":{"a":"b"}},"$retainKeys":["objectSelector","name","admissionReviewVersions","sideEffects","clientConfig","rules"]}`
