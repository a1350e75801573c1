// Package v1 contains the example API of crdgen's README: a CronJob kind in
// the batch.tutorial.example.com group, written the way a kubebuilder
// project writes it.
// +kubebuilder:object:generate=true
// +groupName=batch.tutorial.example.com
package v1
