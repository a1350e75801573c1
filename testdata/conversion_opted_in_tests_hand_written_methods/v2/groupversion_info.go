// Package v2 is a newer version of the schedule API.
//
// +groupName=batch.example.com
// +crdgen:conversion:fuzzer=widgetFuzzerFuncs
package v2
