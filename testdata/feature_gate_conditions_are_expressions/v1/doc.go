// +groupName=cond.example.com
package v1
