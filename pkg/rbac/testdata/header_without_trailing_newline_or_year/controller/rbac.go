// This case proves a header without a final newline (the first "---" runs
// into its last line) and without a year (" YEAR" becomes " ", leaving two
// spaces), as controller-gen writes them.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
