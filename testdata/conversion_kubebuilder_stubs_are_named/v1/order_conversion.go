/*
Copyright 2026 The Store Authors.

Licensed under the Apache License, Version 2.0 (the "License").
*/

package v1

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Hub marks this type as a conversion hub.
func (*Order) Hub() {}
