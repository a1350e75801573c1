// +groupName=mistakes.openshift.io
package v1
