package gclplugin

// This file keeps golangci-lint's build of the plugin possible.
//
// golangci-lint v2's own dependencies reach google.golang.org/genproto of
// 2022, when that module still held googleapis/api and googleapis/rpc;
// crdgen's (gRPC, through k8s.io/apiserver and etcd) reach the modules
// those packages moved to, google.golang.org/genproto/googleapis/api and
// .../rpc. Built together, by golangci-lint custom, each of those packages
// is in two modules and go mod tidy fails ("ambiguous import"). A later
// genproto, which no longer holds them, resolves it; crdgen's go.mod
// requires one, and this import of one of its packages (an alias of
// protobuf's fieldmaskpb, which crdgen links anyway) keeps go mod tidy
// from dropping the requirement.
import _ "google.golang.org/genproto/protobuf/field_mask"
