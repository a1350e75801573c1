package crtest

// This file implements the in-process cluster: a Server per CRD and
// version, and the API server's CRD validation of a case's patched CRD.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Local serves CRDs in process. It is not safe for concurrent use; run a
// Local per goroutine.
type Local struct {
	validator *schemagen.Validator
	servers   map[serverKey]*Server
	seq       *sequence
}

type serverKey struct {
	crd     *apiextv1.CustomResourceDefinition
	version string
}

// NewLocal returns an in-process cluster.
func NewLocal(v *schemagen.Validator) *Local {
	return &Local{validator: v, servers: map[serverKey]*Server{}, seq: &sequence{}}
}

// Serve serves version of crd. A CRD that replaces another (a case's
// patched CRD) must pass the API server's validation of the change.
func (l *Local) Serve(crd, previous *apiextv1.CustomResourceDefinition, version string) (Endpoint, error) {
	if s, ok := l.servers[serverKey{crd, version}]; ok {
		return local{s}, nil
	}
	if previous != nil {
		if err := l.validateUpdate(crd, previous); err != nil {
			return nil, err
		}
	}
	s, err := NewServer(crd, version)
	if err != nil {
		return nil, err
	}
	s.seq = l.seq
	if previous == nil {
		l.servers[serverKey{crd, version}] = s
	}
	return local{s}, nil
}

// validateUpdate runs the API server's validation of a CRD update.
func (l *Local) validateUpdate(crd, previous *apiextv1.CustomResourceDefinition) error {
	n, err := l.validator.InternalOf(crd)
	if err != nil {
		return err
	}
	o, err := l.validator.InternalOf(previous)
	if err != nil {
		return err
	}
	n.ResourceVersion = "1"
	o.ResourceVersion = "1"
	if errs := validation.ValidateCustomResourceDefinitionUpdate(context.Background(), n, o); len(errs) > 0 {
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		return fmt.Errorf("the API server rejects the patched CRD: %s", strings.Join(msgs, "; "))
	}
	return nil
}

// local is a Server as an Endpoint.
type local struct{ s *Server }

func (l local) Create(body []byte, fieldValidation, namespace string) Response {
	return l.s.Create(body, fieldValidation, namespace)
}

func (l local) Update(stored *unstructured.Unstructured, body []byte, fieldValidation string, status bool) Response {
	return l.s.Update(stored, body, fieldValidation, status)
}

func (l local) Scale(stored *unstructured.Unstructured, replicas int64) Response {
	return l.s.Scale(stored, replicas)
}

func (l local) Get(stored *unstructured.Unstructured) Response {
	data, err := json.Marshal(stored.Object)
	if err != nil {
		return Response{Err: apierrors.NewInternalError(err)}
	}
	obj, err := l.s.Read(data)
	if err == nil {
		obj.SetResourceVersion(stored.GetResourceVersion())
	}
	return Response{Object: obj, Err: err}
}
