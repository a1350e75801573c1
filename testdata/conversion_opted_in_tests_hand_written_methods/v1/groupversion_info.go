// Package v1 is the storage version of the schedule API, as in kubebuilder's
// multiversion tutorial.
//
// +groupName=batch.example.com
package v1
