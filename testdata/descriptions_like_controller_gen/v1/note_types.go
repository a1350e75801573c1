// This case proves that descriptions come from doc comments formatted as controller-gen formats them.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// NoteSpec is the spec.
//
// It has several paragraphs.
// TODO: this line is dropped.
//
//	An indented line is kept as it is.
//
// ```
// TODO: inside a code block this line stays
// ---
// and so does this one
// ```
// Everything after a line starting with three dashes is cut:
// ---
// This is not in the description.
type NoteSpec struct {
	// Title is the note's title.
	//nolint:lll // a linter directive is not part of the description
	Title string `json:"title"`

	// Body uses "quotes", a colon: and a #hash.
	// +optional
	Body string `json:"body,omitempty"`

	// +optional
	NoDoc string `json:"noDoc,omitempty"`

	/*
	   Block is documented in a block comment,
	   whose lines are trimmed.
	*/
	// +optional
	Block string `json:"block,omitempty"`

	// Ref's own doc replaces its type's doc.
	// +optional
	Ref *Reference `json:"ref,omitempty"`

	// +optional
	TypeDoc *Reference `json:"typeDoc,omitempty"`
}

// Reference points at another note. Without a field doc, the field takes this.
type Reference struct {
	// Name of the note.
	Name string `json:"name"`
}

// Note is a kind.
type Note struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NoteSpec `json:"spec"`
}
