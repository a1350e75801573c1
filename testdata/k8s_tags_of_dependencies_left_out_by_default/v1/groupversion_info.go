// Package v1 embeds a k8s.io/api type that carries +k8s: tags.
// +groupName=deps.example.com
package v1
