// Package v1beta1 is one version of the Database kind.
// +groupName=db.example.com
package v1beta1
