/*
Copyright 2026 The Store Authors.

Licensed under the Apache License, Version 2.0 (the "License").
*/

package v2

import (
	"log"

	"sigs.k8s.io/controller-runtime/pkg/conversion"

	storev1 "github.com/crdgen/crdgen/testdata/conversion_kubebuilder_stubs_are_named/v1"
)

// ConvertTo converts this Parcel (v2) to the Hub version (v1).
func (src *Parcel) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*storev1.Parcel)
	log.Printf("ConvertTo: Converting Parcel from Spoke version v2 to Hub version v1;"+
		"source: %s/%s, target: %s/%s", src.Namespace, src.Name, dst.Namespace, dst.Name)

	// TODO(user): Implement conversion logic from v2 to v1
	// Example: Copying Spec fields
	// dst.Spec.Size = src.Spec.Replicas

	// Copy ObjectMeta to preserve name, namespace, labels, etc.
	dst.ObjectMeta = src.ObjectMeta

	return nil
}

// ConvertFrom converts the Hub version (v1) to this Parcel (v2).
func (dst *Parcel) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*storev1.Parcel)
	log.Printf("ConvertFrom: Converting Parcel from Hub version v1 to Spoke version v2;"+
		"source: %s/%s, target: %s/%s", src.Namespace, src.Name, dst.Namespace, dst.Name)

	// TODO(user): Implement conversion logic from v1 to v2
	// Example: Copying Spec fields
	// dst.Spec.Replicas = src.Spec.Size

	// Copy ObjectMeta to preserve name, namespace, labels, etc.
	dst.ObjectMeta = src.ObjectMeta

	return nil
}
