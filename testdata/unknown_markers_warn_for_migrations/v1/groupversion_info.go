// Package v1 has markers crdgen does not know, generated with --unknown-markers=warn.
// +groupName=migrate.example.com
package v1
