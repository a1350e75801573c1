// Package v2 is a newer version of the schedule API.
//
// +groupName=batch.example.com
package v2
