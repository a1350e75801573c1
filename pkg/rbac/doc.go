// Package rbac is crdgen's rbac generator: controller-gen's, byte for byte,
// but for the rules controller-gen loses (see merge.go).
//
// Input: the model's root packages (API packages and comment-only ones:
// controllers, webhooks, main) and their +kubebuilder:rbac markers, in
// package and source order; the default role name and the header text
// (Options).
//
// Output: the content of role.yaml (Generate): the header, then one
// "---"-prefixed document per role, ClusterRoles (no namespace) first, then
// Roles by namespace and role name; nil when no root package has an RBAC
// marker. And diagnostics: rules the API server would reject, at the
// marker's argument.
//
// The package is pure: it reads no files and writes none.
package rbac
