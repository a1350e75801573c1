package applyconfig

// This file holds what crdgen knows of metav1.ObjectMeta. crdgen's loader
// does not walk into it (its CRD schema is fixed), but apply configurations
// need its fields: an embedded ObjectMeta gives a kind's apply
// configuration its WithName, WithLabels... functions, and the internal
// schema describes it field by field, as controller-gen derives it from
// the apimachinery source. The fields are those of k8s.io/apimachinery
// since v0.25 (the release that removed ClusterName).

import (
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

const (
	metav1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"
	uidPath    = "k8s.io/apimachinery/pkg/types"
)

// metaTypes returns ObjectMeta and the types only it reaches, as model
// types. Types the model has (OwnerReference, when an API field uses it)
// are taken from lookup.
func metaTypes(lookup func(model.GoIdent) *model.Type) map[model.GoIdent]*model.Type {
	out := map[model.GoIdent]*model.Type{}
	get := func(path model.GoImportPath, name string, shape model.TypeExpr, ms ...markers.Marker) *model.Type {
		id := model.GoIdent{ImportPath: path, Name: name}
		if t := lookup(id); t != nil && t.Underlying != nil {
			return t
		}
		t := &model.Type{Ident: id, Underlying: shape, Markers: ms, WellKnown: shape == nil}
		out[id] = t
		return t
	}
	named := func(t *model.Type) model.TypeExpr { return &model.Named{Type: t} }
	str := &model.Basic{Name: "string"}
	uid := get(uidPath, "UID", str)
	tm := get(metav1Path, "Time", nil)
	owner := get(metav1Path, "OwnerReference", fields(
		field("APIVersion", "apiVersion", str),
		field("Kind", "kind", str),
		field("Name", "name", str),
		field("UID", "uid", named(uid)),
		field("Controller", "controller,omitempty", &model.Pointer{Elem: &model.Basic{Name: "bool"}}),
		field("BlockOwnerDeletion", "blockOwnerDeletion,omitempty", &model.Pointer{Elem: &model.Basic{Name: "bool"}}),
	), marker("structType", markers.StructType{Value: "atomic"}))
	op := get(metav1Path, "ManagedFieldsOperationType", str)
	fieldsV1 := get(metav1Path, "FieldsV1", fields())
	entry := get(metav1Path, "ManagedFieldsEntry", fields(
		field("Manager", "manager,omitempty", str),
		field("Operation", "operation,omitempty", named(op)),
		field("APIVersion", "apiVersion,omitempty", str),
		field("Time", "time,omitempty", &model.Pointer{Elem: named(tm)}),
		field("FieldsType", "fieldsType,omitempty", str),
		field("FieldsV1", "fieldsV1,omitempty", &model.Pointer{Elem: named(fieldsV1)}),
		field("Subresource", "subresource,omitempty", str),
	))
	strMap := &model.Map{Key: str, Elem: str}
	owners := field("OwnerReferences", "ownerReferences,omitempty", &model.Slice{Elem: named(owner)})
	owners.Markers = []markers.Marker{marker("listType", markers.ListType{Value: "map"}), marker("listMapKey", markers.ListMapKey{Value: "uid"})}
	finalizers := field("Finalizers", "finalizers,omitempty", &model.Slice{Elem: str})
	finalizers.Markers = []markers.Marker{marker("listType", markers.ListType{Value: "set"})}
	managed := field("ManagedFields", "managedFields,omitempty", &model.Slice{Elem: named(entry)})
	managed.Markers = []markers.Marker{marker("listType", markers.ListType{Value: "atomic"})}
	get(metav1Path, "ObjectMeta", fields(
		field("Name", "name,omitempty", str),
		field("GenerateName", "generateName,omitempty", str),
		field("Namespace", "namespace,omitempty", str),
		field("SelfLink", "selfLink,omitempty", str),
		field("UID", "uid,omitempty", named(uid)),
		field("ResourceVersion", "resourceVersion,omitempty", str),
		field("Generation", "generation,omitempty", &model.Basic{Name: "int64"}),
		field("CreationTimestamp", "creationTimestamp,omitempty,omitzero", named(tm)),
		field("DeletionTimestamp", "deletionTimestamp,omitempty", &model.Pointer{Elem: named(tm)}),
		field("DeletionGracePeriodSeconds", "deletionGracePeriodSeconds,omitempty", &model.Pointer{Elem: &model.Basic{Name: "int64"}}),
		field("Labels", "labels,omitempty", strMap),
		field("Annotations", "annotations,omitempty", strMap),
		owners,
		finalizers,
		managed,
	))
	return out
}

func fields(fs ...*model.Field) *model.Struct { return &model.Struct{Fields: fs} }

// field is an exported field with a json tag "name[,options]".
func field(goName, tag string, t model.TypeExpr) *model.Field {
	f := &model.Field{GoName: goName, Type: t, HasJSONTag: true, Exported: true}
	name, opts, _ := strings.Cut(tag, ",")
	f.JSONName = name
	for opt := range strings.SplitSeq(opts, ",") {
		f.OmitEmpty = f.OmitEmpty || opt == "omitempty"
		f.OmitZero = f.OmitZero || opt == "omitzero"
	}
	return f
}

func marker(name string, v any) markers.Marker { return markers.Marker{Name: name, Value: v} }
