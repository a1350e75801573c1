// Package v1beta1 is an older version of the machine API, converted with
// conversion-gen until now (cluster-api's layout): its hand-written
// Convert_ functions take conversion-gen's conversion.Scope.
//
// +groupName=cluster.example.com
// +crdgen:conversion:style=functions
// +k8s:conversion-gen=github.com/crdgen/crdgen/testdata/conversion_gen_scope_functions_are_called/v1beta2
// +crdgen:conversion:generate
// +crdgen:conversion:fuzzer=machineFuzzerFuncs
package v1beta1
