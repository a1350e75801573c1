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
	// costWarn lets a patched CRD over the cost budget through
	// (Options.CostWarn).
	costWarn bool
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
	// CostWarn lets a patched CRD whose CEL rules the API server estimates
	// over budget through (Options.CostWarn).
	CostWarn bool
	mu       sync.Mutex
	byCRD    map[serverKey]*built
	// patched are the patched CRDs, by CRD and patch.
	patched map[string]*patched
}

// patched is a CRD patched once, or why it could not be.
type patched struct {
	once sync.Once
	crd  *apiextv1.CustomResourceDefinition
	err  error
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
	return &Servers{validator: v, byCRD: map[serverKey]*built{}, patched: map[string]*patched{}}
}

// Local is a cluster whose servers come from ss.
func (ss *Servers) Local() *Local {
	return &Local{validator: ss.validator, built: ss, seq: &sequence{}, costWarn: ss.CostWarn}
}

// localAt is a cluster for the case at ordinal (from 1) of its suite: the
// names it generates are numbered from the ordinal (test-00003 for the
// third case), whatever ran before it, so that results are the same
// however the cases are scheduled and whichever --run selects.
func (ss *Servers) localAt(ordinal int) *Local {
	l := ss.Local()
	l.seq.names = ordinal - 1
	return l
}

// Serve serves version of crd. A CRD that replaces another (a case's
// patched CRD) must pass the API server's validation of the change.
func (l *Local) Serve(crd, previous *apiextv1.CustomResourceDefinition, version string) (Endpoint, error) {
	b := l.built.get(crd, version)
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

// get is the entry of a CRD's version. A patched CRD is only ever served
// in place of the CRD it was patched from, so its entry need not say
// which.
func (ss *Servers) get(crd *apiextv1.CustomResourceDefinition, version string) *built {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	k := serverKey{crd, version}
	if ss.byCRD[k] == nil {
		ss.byCRD[k] = &built{}
	}
	return ss.byCRD[k]
}

// Patch patches crd, once for every patch of the same operations.
func (l *Local) Patch(crd *apiextv1.CustomResourceDefinition, patches []Patch) (*apiextv1.CustomResourceDefinition, error) {
	return l.built.patch(crd, patches)
}

func (ss *Servers) patch(crd *apiextv1.CustomResourceDefinition, patches []Patch) (*apiextv1.CustomResourceDefinition, error) {
	ops, err := json.Marshal(patches)
	if err != nil {
		return nil, err
	}
	k := fmt.Sprintf("%p\x00%s", crd, ops)
	ss.mu.Lock()
	p := ss.patched[k]
	if p == nil {
		p = &patched{}
		ss.patched[k] = p
	}
	ss.mu.Unlock()
	p.once.Do(func() { p.crd, p.err = patchCRD(crd, patches) })
	return p.crd, p.err
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
	var msgs []string
	for _, e := range validation.ValidateCustomResourceDefinitionUpdate(context.Background(), n, o) {
		if l.costWarn && strings.Contains(e.Error(), "estimated rule cost") {
			continue
		}
		msgs = append(msgs, e.Error())
	}
	if len(msgs) > 0 {
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
