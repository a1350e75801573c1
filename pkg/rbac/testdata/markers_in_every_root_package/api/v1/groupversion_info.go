// This case proves that +kubebuilder:rbac markers count in every root
// package, API packages and others (a controller, main), in package doc
// comments and in comments of their own, also after the last declaration;
// one in a type's doc comment is lost, with a warning, as in controller-gen.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
// +kubebuilder:rbac:groups=example.com,resources=widgets,verbs=get;list
package v1
