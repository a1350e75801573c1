// Package v1 has a kind too large for kubectl apply and one too large for etcd.
// +groupName=big.example.com
package v1
