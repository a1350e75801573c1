// Types with hand-written DeepCopy methods (an empty header file): the
// missing half is written over the hand-written one, and fields, slices,
// maps and pointers of such types call them. A root type with a
// hand-written DeepCopy gets no DeepCopyObject, as in controller-gen.
// +kubebuilder:object:generate=true
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// OnlyInto has a hand-written DeepCopyInto; DeepCopy is generated.
type OnlyInto struct {
	Items []string
}

// DeepCopyInto copies by hand.
func (in *OnlyInto) DeepCopyInto(out *OnlyInto) {
	*out = *in
	out.Items = append([]string(nil), in.Items...)
}

// OnlyCopy has a hand-written DeepCopy on a pointer; DeepCopyInto wraps it.
type OnlyCopy struct {
	Items []string
}

// DeepCopy copies by hand.
func (in *OnlyCopy) DeepCopy() *OnlyCopy {
	if in == nil {
		return nil
	}
	return &OnlyCopy{Items: append([]string(nil), in.Items...)}
}

// ValueCopy has a hand-written DeepCopy on the value.
type ValueCopy struct {
	Items []string
}

// DeepCopy copies by hand.
func (in ValueCopy) DeepCopy() ValueCopy {
	return ValueCopy{Items: append([]string(nil), in.Items...)}
}

// Both has both methods by hand: nothing is generated for it.
type Both struct {
	Items []string
}

// DeepCopyInto copies by hand.
func (in *Both) DeepCopyInto(out *Both) { *out = *in }

// DeepCopy copies by hand.
func (in *Both) DeepCopy() *Both { out := new(Both); in.DeepCopyInto(out); return out }

// Labels is a named map with a hand-written DeepCopy on the value.
type Labels map[string]string

// DeepCopy copies by hand.
func (in Labels) DeepCopy() Labels {
	out := make(Labels, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// Names is a named slice with a hand-written DeepCopy on a pointer.
type Names []string

// DeepCopy copies by hand.
func (in *Names) DeepCopy() *Names {
	out := append(Names(nil), (*in)...)
	return &out
}

// Level is a named string with a hand-written DeepCopyInto: it gets
// DeepCopy although a string needs none.
type Level string

// DeepCopyInto copies by hand.
func (in *Level) DeepCopyInto(out *Level) { *out = *in }

// Promoted embeds OnlyInto: the promoted DeepCopyInto does not count.
type Promoted struct {
	OnlyInto
	Extra []int
}

// +kubebuilder:object:root=true

// RootWithCopy is a root type with a hand-written DeepCopy: it gets
// DeepCopyInto only, and no DeepCopyObject.
type RootWithCopy struct {
	metav1.TypeMeta
	Items []string
}

// DeepCopy copies by hand.
func (in *RootWithCopy) DeepCopy() *RootWithCopy {
	return &RootWithCopy{TypeMeta: in.TypeMeta, Items: append([]string(nil), in.Items...)}
}

// DeepCopyObject is written by hand too, so that it is a runtime.Object.
func (in *RootWithCopy) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Uses has fields of every type above.
type Uses struct {
	OnlyInto     OnlyInto
	OnlyIntoPtr  *OnlyInto
	OnlyIntos    []OnlyInto
	OnlyIntoMap  map[string]OnlyInto
	OnlyIntoPtrs map[string]*OnlyInto
	OnlyCopy     OnlyCopy
	OnlyCopyPtr  *OnlyCopy
	OnlyCopies   []OnlyCopy
	OnlyCopyMap  map[string]OnlyCopy
	OnlyCopyPtrs map[string]*OnlyCopy
	ValueCopy    ValueCopy
	ValueCopyPtr *ValueCopy
	ValueCopies  []ValueCopy
	ValueCopyMap map[string]ValueCopy
	Labels       Labels
	LabelsPtr    *Labels
	LabelsList   []Labels
	LabelsMap    map[string]Labels
	Names        Names
	NamesPtr     *Names
	NamesMap     map[string]Names
	Level        Level
	LevelPtr     *Level
	Levels       []Level
	LevelMap     map[string]Level
}
