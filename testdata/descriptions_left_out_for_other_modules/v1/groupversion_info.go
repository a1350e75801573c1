// Package v1 embeds types of other modules, whose sources cannot carry markers.
// +groupName=upstream.example.com
package v1
