// Package v1beta2 is the storage version of the machine API.
//
// +groupName=cluster.example.com
// +crdgen:conversion:style=functions
package v1beta2
