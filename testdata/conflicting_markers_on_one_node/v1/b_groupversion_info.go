// +groupName=conflicts.example.com
package v1
