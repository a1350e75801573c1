// Every shape a field can have that DeepCopy copies, in a package with no
// header: pointers, slices and maps of every element kind, named slices
// and maps, nested pointers to named types, embedded types, unexported
// fields, anonymous structs.
// +kubebuilder:object:generate=true
package shapes

// Plain holds only values: a shallow copy is a deep one.
type Plain struct {
	Name    string
	Count   int32
	Ratio   float64
	On      bool
	Raw     byte
	private string
}

// Deep holds references.
type Deep struct {
	Items []string
}

// StrSlice is a named slice.
type StrSlice []string

// StrMap is a named map.
type StrMap map[string]string

// DeepSlice is a named slice of structs that need DeepCopyInto.
type DeepSlice []Deep

// DeepMap is a named map of structs that need DeepCopyInto.
type DeepMap map[string]Deep

// PtrMap is a named map of pointers.
type PtrMap map[string]*Deep

// Nested is a named slice of slices.
type Nested [][]string

// Kind is a named string.
type Kind string

// Fields has a field of every shape.
type Fields struct {
	// values
	Name  string
	Kind  Kind
	Plain Plain
	Deep  Deep

	// pointers
	IntPtr      *int
	KindPtr     *Kind
	PlainPtr    *Plain
	DeepPtr     *Deep
	PtrPtr      **int
	StrSlicePtr *StrSlice
	StrMapPtr   *StrMap
	SlicePtr    *[]string
	MapPtr      *map[string]int
	NestedPtr   *Nested

	// slices
	Bytes       []byte
	Strings     []string
	Kinds       []Kind
	Plains      []Plain
	Deeps       []Deep
	IntPtrs     []*int
	PlainPtrs   []*Plain
	DeepPtrs    []*Deep
	SliceSlice  [][]string
	MapSlice    []map[string]string
	StrSlices   []StrSlice
	NamedSlice  StrSlice
	DeepSlice   DeepSlice
	NestedSlice Nested

	// maps
	StringMap     map[string]string
	KindKeys      map[Kind]int
	PlainMap      map[string]Plain
	DeepMapField  map[string]Deep
	PtrValues     map[string]*Plain
	DeepPtrValues map[string]*Deep
	SliceValues   map[string][]string
	MapValues     map[string]map[string]int
	NamedValues   map[string]StrSlice
	NamedMap      StrMap
	NamedDeepMap  DeepMap
	NamedPtrMap   PtrMap
	PlainKeys     map[Plain]string

	// anonymous structs
	Anon struct {
		A int
		B string
	}

	unexported []string
	unexpPtr   *Deep
}

// Embeds embeds a value, a pointer and a named slice.
type Embeds struct {
	Plain
	*Deep
	StrSlice
	Name string
}
