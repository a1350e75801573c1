package crddiff

// This file implements the size findings: a CRD that grew past a limit it
// was under (kubectl apply's annotations, etcd's request). They are lint
// findings: they do not fail the check, since the CRD may be applied
// server-side or the cluster's etcd may take more, but a reviewer sees
// them before an install does.

import (
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crdsize"
)

// compareSize adds a finding for each limit the CRD passed since o.
func (c *comparer) compareSize(o, n *apiextv1.CustomResourceDefinition) {
	was, err1 := crdsize.Measure(o)
	is, err2 := crdsize.Measure(n)
	if err1 != nil || err2 != nil {
		return
	}
	grew := func(limit, before, after int64, what, breaks string) {
		if before <= limit && after > limit {
			c.add(Change{CRD: n.Name, Check: "size-over-limit", Severity: Finding, FieldPath: "spec",
				Message: fmt.Sprintf("%s grew from %s to %s, past %s: %s (see crdgen size)",
					what, crdsize.FormatBytes(before), crdsize.FormatBytes(after), crdsize.FormatBytes(limit), breaks)})
		}
	}
	grew(crdsize.AnnotationsLimit, was.Annotations, is.Annotations, "its annotations with kubectl apply's last-applied one",
		"kubectl apply (client-side) now fails with metadata.annotations: Too long")
	grew(crdsize.EtcdLimit, was.JSON, is.JSON, "the CRD as JSON",
		"a cluster with etcd's default request limit cannot store it")
}
