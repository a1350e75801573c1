// Package v1alpha1 is one version of the Database kind.
// +groupName=db.example.com
package v1alpha1
