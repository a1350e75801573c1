package validate

// This file implements judging objects: each custom resource sent to a
// crtest server of its CRD's version, as a create, or as an update of the
// object of the same kind, namespace and name among the old manifests;
// and what the server said, each problem at the YAML node it concerns.

import (
	"errors"
	"fmt"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Options configure Run.
type Options struct {
	// FieldValidation is the field validation directive of every request:
	// Strict (kubectl's default; "" is Strict), Warn or Ignore.
	FieldValidation string
	// SkipUnknownKinds skips objects whose kind no CRD serves, rather
	// than reporting them.
	SkipUnknownKinds bool
	// ShowDefaults keeps each valid object as the server would store it
	// (Report.Stored).
	ShowDefaults bool
	Limits       Limits
	// Serve, when set, serves a CRD's version in place of crtest's
	// in-process server (the e2e suite's real API server); objects are
	// then judged one at a time.
	Serve func(crd *apiextv1.CustomResourceDefinition, version string) (crtest.Endpoint, error)
}

// Verdict is what came of one object.
type Verdict struct {
	Object *Object
	// State is valid, invalid, skipped (Skip says why) or unknown (no CRD
	// serves it).
	State, Skip string
	// Stored is the object as the server would store it (ShowDefaults).
	Stored []byte
	// Update says it was judged as an update of an old object.
	Update bool
}

// Verdict states.
const (
	Valid   = "valid"
	Invalid = "invalid"
	Skipped = "skipped"
	Unknown = "unknown"
)

// Report is what Run found.
type Report struct {
	// Inputs is how many inputs were read.
	Inputs   int
	Verdicts []Verdict
	Diags    markers.ErrorList
}

// Failed reports whether an object is invalid or an input unreadable.
func (r *Report) Failed() bool { return r.Diags.HasErrors() }

// Run judges every object of inputs against the CRDs of each catalog (one
// per feature set; a problem in one set is named for it), as creates, or
// as updates of the object of old of the same kind, namespace and name.
func Run(inputs, old []Input, catalogs []*Catalog, opts Options) *Report {
	if opts.FieldValidation == "" {
		opts.FieldValidation = metav1.FieldValidationStrict
	}
	rep := &Report{Inputs: len(inputs)}
	var objs []*Object
	for _, in := range inputs {
		o, d := readObjects(in, opts.Limits)
		objs = append(objs, o...)
		rep.Diags.Append(d)
	}
	var olds []*Object
	for _, in := range old {
		o, d := readObjects(in, opts.Limits)
		olds = append(olds, o...)
		rep.Diags.Append(d)
	}
	crds := judgeCRDs(objs)
	var found []*apiextv1.CustomResourceDefinition
	for _, o := range objs {
		if c := crds[o]; c.crd != nil {
			found = append(found, c.crd)
		}
	}
	j := &judge{opts: opts, servers: crtest.NewServers(schemagen.NewValidator()), multi: len(catalogs) > 1, crds: crds}
	catalogs = slices.Clone(catalogs)
	for i, c := range catalogs {
		catalogs[i] = c.with(found)
	}
	for _, c := range catalogs {
		j.olds = append(j.olds, indexOld(c, olds))
	}
	verdicts := make([]Verdict, len(objs))
	diags := make([]markers.ErrorList, len(objs))
	if opts.Serve != nil {
		for i, o := range objs {
			verdicts[i], diags[i] = j.object(o, catalogs)
		}
	} else {
		parallel.ForEach(len(objs), func(i int) {
			verdicts[i], diags[i] = j.object(objs[i], catalogs)
		})
	}
	rep.Verdicts = verdicts
	for _, d := range diags {
		rep.Diags.Append(d)
	}
	rep.Diags = rep.Diags.Sorted()
	return rep
}

// judge judges objects; it is safe for concurrent use.
type judge struct {
	opts    Options
	servers *crtest.Servers
	// olds are the old objects by key, per catalog.
	olds  []map[objectKey]*Object
	multi bool
	// crds are the CRDs among the objects, judged.
	crds map[*Object]judgedCRD
}

// judgedCRD is a CRD among the manifests, as the server judges its
// create: crd is nil when it refuses it.
type judgedCRD struct {
	crd   *apiextv1.CustomResourceDefinition
	diags markers.ErrorList
}

// judgeCRDs judges the CRDs among the objects. A manifest tree often
// holds the CRDs of its objects (a GitOps repository, a chart's output):
// they judge the objects too, after the catalogs' own.
func judgeCRDs(objs []*Object) map[*Object]judgedCRD {
	out := map[*Object]judgedCRD{}
	var v *schemagen.Validator
	for _, o := range objs {
		if !isCRD(o) {
			continue
		}
		if v == nil {
			v = schemagen.NewValidator()
		}
		crd, diags := readCRD(v, o, markers.CodeInvalid)
		out[o] = judgedCRD{crd: crd, diags: diags}
	}
	return out
}

// objectKey pairs an object with the old one it replaces.
type objectKey struct{ group, kind, namespace, name string }

// keyOf is an object's key under a CRD: its namespace as the server sees
// it (default when it has none, none for a cluster-scoped kind).
func keyOf(o *Object, crd *apiextv1.CustomResourceDefinition) (objectKey, bool) {
	if o.Name == "" {
		return objectKey{}, false
	}
	return objectKey{crd.Spec.Group, o.Kind, namespaceOf(o, crd), o.Name}, true
}

func namespaceOf(o *Object, crd *apiextv1.CustomResourceDefinition) string {
	switch {
	case crd.Spec.Scope != apiextv1.NamespaceScoped:
		return ""
	case o.Namespace == "":
		return metav1.NamespaceDefault
	}
	return o.Namespace
}

// indexOld indexes the old objects the catalog serves.
func indexOld(c *Catalog, olds []*Object) map[objectKey]*Object {
	out := map[objectKey]*Object{}
	for _, o := range olds {
		if crd, _, _, _ := c.lookup(o.APIVersion, o.Kind); crd != nil {
			if k, ok := keyOf(o, crd); ok && out[k] == nil {
				out[k] = o
			}
		}
	}
	return out
}

// object judges an object against every catalog.
func (j *judge) object(o *Object, catalogs []*Catalog) (Verdict, markers.ErrorList) {
	v := Verdict{Object: o, State: Valid}
	if c, ok := j.crds[o]; ok {
		if c.crd == nil {
			v.State = Invalid
		}
		return v, c.diags
	}
	var diags markers.ErrorList
	for i, c := range catalogs {
		cv, d := j.inCatalog(o, c, j.olds[i])
		if j.multi {
			for k := range d {
				d[k].Msg = "[" + c.Name + "] " + d[k].Msg
			}
		}
		diags.Append(d)
		switch {
		case cv.State == Skipped:
			return cv, nil // a built-in kind is one in every set
		case cv.State != Valid && v.State == Valid:
			v.State = cv.State
		}
		v.Update = v.Update || cv.Update
		if v.Stored == nil {
			v.Stored = cv.Stored
		}
	}
	if v.State != Valid {
		v.Stored = nil
	}
	return v, diags
}

// inCatalog judges an object against one catalog's CRDs.
func (j *judge) inCatalog(o *Object, c *Catalog, olds map[objectKey]*Object) (Verdict, markers.ErrorList) {
	v := Verdict{Object: o, State: Valid}
	var diags markers.ErrorList
	crd, version, skip, problem := c.lookup(o.APIVersion, o.Kind)
	switch {
	case skip != "":
		v.State, v.Skip = Skipped, skip
		return v, nil
	case problem != "" && j.opts.SkipUnknownKinds:
		v.State, v.Skip = Skipped, "unknown kind"
		return v, nil
	case problem != "":
		v.State = Unknown
		diags.Errorf(o.Pos, markers.CodeUnknownKind, "%s: %s", o.label(), problem)
		return v, diags
	}
	ep, err := j.serve(crd, version)
	if err != nil {
		v.State = Invalid
		diags.Errorf(o.Pos, markers.CodeInvalid, "%s: the API server cannot serve %s: %v", o.label(), crd.Name, err)
		return v, diags
	}
	old := j.oldOf(o, crd, olds)
	send := func(directive string) (crtest.Response, error) {
		if old != nil {
			return j.update(ep, o, old, crd, directive)
		}
		return ep.Create(o.body, directive, namespaceOf(o, crd)), nil
	}
	v.Update = old != nil
	resp, err := send(j.opts.FieldValidation)
	if err != nil {
		v.State = Invalid
		diags.Errorf(o.Pos, markers.CodeManifest, "%s: the old object cannot be read as the server stores it (%s:%d): %v", o.label(), filepath.Base(old.Pos.Filename), old.Pos.Line, err)
		return v, diags
	}
	diags = j.problems(o, resp, crd, version)
	if resp.Err != nil && len(fieldProblems(resp)) > 0 && j.opts.FieldValidation == metav1.FieldValidationStrict {
		// The server stops at the fields it does not know; what it would
		// say once they are gone is reported too, so that one run finds
		// every problem.
		if again, err := send(metav1.FieldValidationIgnore); err == nil {
			again.Warnings = nil
			diags.Append(j.problems(o, again, crd, version))
		}
	}
	if resp.Err != nil {
		v.State = Invalid
	} else if j.opts.ShowDefaults {
		v.Stored = storedYAML(resp.Object)
	}
	return v, diags
}

// serve is an endpoint of a CRD's version.
func (j *judge) serve(crd *apiextv1.CustomResourceDefinition, version string) (crtest.Endpoint, error) {
	if j.opts.Serve != nil {
		return j.opts.Serve(crd, version)
	}
	return j.servers.Local().Serve(crd, nil, version)
}

// oldOf is the old object an object replaces (nil: none).
func (j *judge) oldOf(o *Object, crd *apiextv1.CustomResourceDefinition, olds map[objectKey]*Object) *Object {
	k, ok := keyOf(o, crd)
	if !ok {
		return nil
	}
	return olds[k]
}

// update replaces old, as the server stores it (read under the CRD as it
// is now: pruned and defaulted, never validated, since the server took it
// when it was written), with the object.
func (j *judge) update(ep crtest.Endpoint, o, old *Object, crd *apiextv1.CustomResourceDefinition, directive string) (crtest.Response, error) {
	var m map[string]any
	if err := sigsyaml.Unmarshal(old.body, &m); err != nil {
		return crtest.Response{}, err
	}
	stored := &unstructured.Unstructured{Object: m}
	ns := namespaceOf(o, crd)
	stored.SetNamespace(ns)
	stored.SetResourceVersion("1")
	stored.SetUID("00000000-0000-0000-0000-000000000001")
	stored.SetGeneration(1)
	got := ep.Get(stored)
	if got.Err != nil {
		return crtest.Response{}, got.Err
	}
	body, err := withMetadata(o.node, map[string]string{"resourceVersion": got.Object.GetResourceVersion()})
	if err != nil {
		return crtest.Response{}, err
	}
	return ep.Update(got.Object, body, directive, false), nil
}

// withMetadata is an object's node encoded with metadata keys set.
func withMetadata(n *yaml.Node, set map[string]string) ([]byte, error) {
	c := *n
	c.Content = append([]*yaml.Node(nil), n.Content...)
	var md *yaml.Node
	for i := 0; i+1 < len(c.Content); i += 2 {
		if c.Content[i].Value == "metadata" && c.Content[i+1].Kind == yaml.MappingNode {
			m := *c.Content[i+1]
			m.Content = append([]*yaml.Node(nil), m.Content...)
			c.Content[i+1], md = &m, &m
		}
	}
	if md == nil {
		md = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		c.Content = append(c.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "metadata"}, md)
	}
	for _, key := range []string{"resourceVersion"} {
		val := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: set[key], Style: yaml.DoubleQuotedStyle}
		if k, _ := entry(md, key); k != nil {
			for i := 0; i+1 < len(md.Content); i += 2 {
				if md.Content[i] == k {
					md.Content[i+1] = val
				}
			}
			continue
		}
		md.Content = append(md.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, val)
	}
	return yaml.Marshal(&c)
}

// The texts of field validation's problems.
var (
	unknownField  = regexp.MustCompile(`^unknown field "(.*)"$`)
	jsonDuplicate = regexp.MustCompile(`duplicate field "(.*)"$`)
	yamlDuplicate = regexp.MustCompile(`^line [0-9]+: (key "(.*)" already set in map)$`)
)

// problems are what a response says of an object, each at its node.
func (j *judge) problems(o *Object, resp crtest.Response, crd *apiextv1.CustomResourceDefinition, version string) markers.ErrorList {
	var diags markers.ErrorList
	dups := duplicateKeys(o.node)
	found := fieldProblems(resp)
	strictFailed := j.opts.FieldValidation == metav1.FieldValidationStrict && len(found) > 0 && resp.Err != nil
	if strictFailed {
		for _, e := range found {
			for _, line := range problemLines(e) {
				pos, msg := j.fieldProblem(o, line, dups, crd, version)
				diags.Errorf(pos, markers.CodeFieldValidation, "%s: %s (strict field validation: the API server refuses the object)", o.label(), msg)
			}
		}
	}
	for _, w := range resp.Warnings {
		if unknownField.MatchString(w) || yamlDuplicate.MatchString(w) || jsonDuplicate.MatchString(w) {
			pos, msg := j.fieldProblem(o, w, dups, crd, version)
			diags.Warnf(pos, markers.CodeFieldValidation, "%s: %s (the API server drops it, and warns)", o.label(), msg)
			continue
		}
		pos := o.Pos
		if field, _, ok := strings.Cut(w, ": "); ok {
			if p, exact := o.locate(field); exact {
				pos = p
			}
		}
		diags.Warnf(pos, markers.CodeInvalid, "%s: the API server warns: %s", o.label(), w)
	}
	if resp.Err == nil || strictFailed {
		return diags
	}
	var status apierrors.APIStatus
	if errors.As(resp.Err, &status) && status.Status().Reason == metav1.StatusReasonInvalid && status.Status().Details != nil && len(status.Status().Details.Causes) > 0 {
		for _, c := range status.Status().Details.Causes {
			pos, _ := o.locate(c.Field)
			msg := c.Message
			if c.Field != "" && c.Field != "<nil>" {
				msg = c.Field + ": " + msg
			}
			diags.Errorf(pos, markers.CodeInvalid, "%s: %s", o.label(), msg)
		}
		return diags
	}
	diags.Errorf(o.Pos, markers.CodeInvalid, "%s: %v", o.label(), resp.Err)
	return diags
}

// strictProblem finds the problems in the text of a server's strict
// decoding error.
var strictProblem = regexp.MustCompile(`unknown field "[^"]*"|line [0-9]+: key "[^"]*" already set in map|duplicate field "[^"]*"`)

// fieldProblems are the problems field validation found: crtest's server
// gives them one by one; another server's are read from its error's text
// ("... strict decoding error: unknown field "spec.x", ...").
func fieldProblems(resp crtest.Response) []error {
	if resp.FieldProblems != nil || resp.Err == nil {
		return resp.FieldProblems
	}
	_, rest, ok := strings.Cut(resp.Err.Error(), "strict decoding error: ")
	if !ok {
		return nil
	}
	var out []error
	for _, m := range strictProblem.FindAllString(rest, -1) {
		out = append(out, errors.New(m))
	}
	return out
}

// problemLines are the problems one error of field validation holds (the
// YAML decoder lists several in one).
func problemLines(e error) []string {
	s := e.Error()
	for _, prefix := range []string{"yaml: unmarshal errors:\n", "error converting YAML to JSON: yaml: unmarshal errors:\n"} {
		if rest, ok := strings.CutPrefix(s, prefix); ok {
			var out []string
			for _, l := range strings.Split(rest, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					out = append(out, l)
				}
			}
			return out
		}
	}
	return []string{s}
}

// fieldProblem is where one problem of field validation is, and what to
// say of it: an unknown field at its key (with the schema's fields as a
// did-you-mean), a duplicate key at its second occurrence.
func (j *judge) fieldProblem(o *Object, text string, dups map[string][]*yaml.Node, crd *apiextv1.CustomResourceDefinition, version string) (pos token.Position, msg string) {
	if m := unknownField.FindStringSubmatch(text); m != nil {
		p, _ := o.locate(m[1])
		return p, text + suggestField(crd, version, m[1])
	}
	name := ""
	if m := yamlDuplicate.FindStringSubmatch(text); m != nil {
		// The line is the request body's, not the file's.
		text, name = m[1], m[2]
	} else if m := jsonDuplicate.FindStringSubmatch(text); m != nil {
		name = m[1]
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
	}
	if ns := dups[name]; len(ns) > 0 {
		dups[name] = ns[1:]
		return o.at(ns[0]), fmt.Sprintf("duplicate key %q: %s", name, text)
	}
	return o.Pos, text
}

// storedYAML is a stored object as YAML, without the metadata the server
// makes up (uid, creationTimestamp, resourceVersion), which differ on
// every run.
func storedYAML(u *unstructured.Unstructured) []byte {
	c := u.DeepCopy()
	for _, k := range []string{"uid", "creationTimestamp", "resourceVersion", "managedFields"} {
		unstructured.RemoveNestedField(c.Object, "metadata", k)
	}
	data, err := sigsyaml.Marshal(c.Object)
	if err != nil {
		return nil
	}
	return data
}
