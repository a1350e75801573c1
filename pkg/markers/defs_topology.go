package markers

// This file defines the markers of a list's, a map's or a struct's
// topology: how server-side apply merges it (x-kubernetes-list-type,
// x-kubernetes-list-map-keys, x-kubernetes-map-type).

// ListType is +listType and +k8s:listType: map, set or atomic.
type ListType struct{ Value string }

// ListMapKey is +listMapKey and +k8s:listMapKey: a key field of a map list.
type ListMapKey struct{ Value string }

// MapType is +mapType: granular or atomic.
type MapType struct{ Value string }

// StructType is +structType: granular or atomic.
type StructType struct{ Value string }

func topologyDefs() []Definition {
	return []Definition{
		{Name: "listType", Targets: OnField | OnType, Args: ListType{}, Doc: "ListType sets how server-side apply merges a list: map, set or atomic."},
		{Name: "k8s:listType", Targets: OnField | OnType, Args: ListType{}, Doc: "listType sets how server-side apply merges a list: map, set or atomic (the +k8s: form of +listType)."},
		{Name: "listMapKey", Targets: OnField | OnType, Args: ListMapKey{}, Repeatable: true, Doc: "ListMapKey names a key field of a listType=map list; repeat it for several keys."},
		{Name: "k8s:listMapKey", Targets: OnField | OnType, Args: ListMapKey{}, Repeatable: true, Doc: "listMapKey names a key field of a listType=map list (the +k8s: form of +listMapKey)."},
		{Name: "mapType", Targets: OnField | OnType, Args: MapType{}, Doc: "MapType sets how server-side apply merges a map: granular or atomic."},
		{Name: "structType", Targets: OnField | OnType, Args: StructType{}, Doc: "StructType sets how server-side apply merges a struct: granular or atomic."},
	}
}
