package crtest

// This file implements the in-process cluster: a Server per CRD and
// version, and the API server's CRD validation of a case's patched CRD.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Local serves CRDs in process. It is not safe for concurrent use; run a
// Local per goroutine (Locals made by one Servers share what they build).
type Local struct {
	validator *schemagen.Validator
	built     *Servers
	seq       *sequence
}

// NewLocal returns an in-process cluster.
func NewLocal(v *schemagen.Validator) *Local {
	return NewServers(v).Local()
}

// Servers builds the servers of a run once, for every Local it makes: a
// version of a CRD (by identity), or a patched CRD a case serves (by
// content, after the API server's validation of the change), compiled once
// and cloned with each Local's own numbering. It is safe for concurrent
// use.
type Servers struct {
	validator *schemagen.Validator
	mu        sync.Mutex
	byCRD     map[serverKey]*built
	byPatch   map[string]*built
}

type serverKey struct {
	crd     *apiextv1.CustomResourceDefinition
	version string
}

// built is a server built once, or why it could not be.
type built struct {
	once sync.Once
	s    *Server
	err  error
}

// NewServers returns an empty set of servers.
func NewServers(v *schemagen.Validator) *Servers {
	return &Servers{validator: v, byCRD: map[serverKey]*built{}, byPatch: map[string]*built{}}
}

// Local is a cluster whose servers come from ss.
func (ss *Servers) Local() *Local {
	return &Local{validator: ss.validator, built: ss, seq: &sequence{}}
}

// Serve serves version of crd. A CRD that replaces another (a case's
// patched CRD) must pass the API server's validation of the change.
func (l *Local) Serve(crd, previous *apiextv1.CustomResourceDefinition, version string) (Endpoint, error) {
	b, err := l.built.get(crd, previous, version)
	if err != nil {
		return nil, err
	}
	b.once.Do(func() {
		if previous != nil {
			if b.err = l.validateUpdate(crd, previous); b.err != nil {
				return
			}
		}
		b.s, b.err = NewServer(crd, version)
	})
	if b.err != nil {
		return nil, b.err
	}
	return local{b.s.withSequence(l.seq)}, nil
}

// get is the entry of a CRD's version, or of a patched CRD.
func (ss *Servers) get(crd, previous *apiextv1.CustomResourceDefinition, version string) (*built, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if previous == nil {
		k := serverKey{crd, version}
		if ss.byCRD[k] == nil {
			ss.byCRD[k] = &built{}
		}
		return ss.byCRD[k], nil
	}
	data, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	k := fmt.Sprintf("%p\x00%s\x00%s", previous, version, data)
	if ss.byPatch[k] == nil {
		ss.byPatch[k] = &built{}
	}
	return ss.byPatch[k], nil
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
