// Package v1 has many rules that are each within budget but not together.
// +groupName=total.example.com
package v1
