// +groupName=override.openshift.io
package v1
