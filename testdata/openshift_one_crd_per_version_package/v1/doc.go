// +groupName=layout.openshift.io
package v1
