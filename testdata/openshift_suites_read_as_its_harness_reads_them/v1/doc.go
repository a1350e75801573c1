// +groupName=harness.openshift.io
package v1
