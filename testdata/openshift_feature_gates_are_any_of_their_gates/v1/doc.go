// +groupName=example.openshift.io
package v1
