// Package v1 is built with a budget.
// +groupName=budget.example.com
package v1
