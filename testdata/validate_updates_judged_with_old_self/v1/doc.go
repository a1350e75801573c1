// Package v1 is the API whose objects crdgen validate --old judges as updates.
// +groupName=shop.example.com
package v1
