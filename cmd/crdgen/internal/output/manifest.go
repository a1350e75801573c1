package output

// This file implements reading a manifest file as a YAML parser reads it,
// for the owners: every document of the stream, wherever it starts
// (with or without a "---" line, a "--- # comment" line), a header of
// comments before the first one being no document.

import (
	"bytes"
	"errors"
	"io"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Document is one YAML document of a file.
type Document struct {
	// Line is the 1-based line its content starts on.
	Line int
	// Kind is its kind ("" when it is not an object or has none).
	Kind string
	// Object is set when it is a mapping; Empty when it holds nothing (a
	// "---" followed by another, or comments only).
	Object, Empty bool
	// root is the document's content, for crdOf.
	root *yaml.Node
}

// Documents reads every YAML document of data, in order. A file a merge
// left conflict markers in is read as the side of the branch it is on
// (the lines above each "=======", without the markers): a run that
// regenerates the file resolves the conflict, and a person's document on
// that side is still seen.
func Documents(data []byte) ([]Document, error) {
	dec := yaml.NewDecoder(bytes.NewReader(ourSide(data)))
	var out []Document
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		d := Document{Line: n.Line}
		if len(n.Content) == 0 {
			d.Empty = true
			out = append(out, d)
			continue
		}
		root := n.Content[0]
		d.Line, d.root = root.Line, root
		switch {
		case root.Kind == yaml.MappingNode:
			d.Object = true
			d.Kind = scalarAt(root, "kind")
		case root.Kind == yaml.ScalarNode && root.Tag == "!!null":
			d.Empty = true
		}
		out = append(out, d)
	}
}

// scalarAt is the value of a mapping's key when it is a scalar ("" when
// there is none).
func scalarAt(m *yaml.Node, key string) string {
	if v := valueAt(m, key); v != nil && v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return ""
}

// valueAt is a mapping's value of key (nil when m is not a mapping or has
// no such key).
func valueAt(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// describe names the document in a refusal: "a RoleBinding", "a document
// with no kind", "a document that is not an object".
func (d Document) describe() string {
	switch {
	case !d.Object:
		return "a document that is not an object"
	case d.Kind == "":
		return "a document with no kind"
	}
	article := "a"
	if strings.ContainsRune("AEIOU", rune(d.Kind[0])) {
		article = "an"
	}
	return article + " " + d.Kind
}

// noun is what the document is called after it has been described.
func (d Document) noun() string {
	if d.Object && d.Kind != "" {
		return d.Kind
	}
	return "document"
}

// crd is what the owners read of a CRD file.
type crd struct {
	group, plural string
	annotations   map[string]string
}

// crdOf reads a file that holds one CustomResourceDefinition and nothing
// else (ok is false otherwise).
func crdOf(data []byte) (crd, bool) {
	docs, err := Documents(data)
	if err != nil {
		return crd{}, false
	}
	var found *Document
	for i := range docs {
		if docs[i].Empty {
			continue
		}
		if found != nil || docs[i].Kind != "CustomResourceDefinition" {
			return crd{}, false
		}
		found = &docs[i]
	}
	if found == nil {
		return crd{}, false
	}
	spec := valueAt(found.root, "spec")
	c := crd{group: scalarAt(spec, "group"), plural: scalarAt(valueAt(spec, "names"), "plural"), annotations: map[string]string{}}
	if a := valueAt(valueAt(found.root, "metadata"), "annotations"); a != nil && a.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(a.Content); i += 2 {
			c.annotations[a.Content[i].Value] = a.Content[i+1].Value
		}
	}
	return c, true
}

// annotated reports whether the CRD carries the annotation.
func (c crd) annotated(annotation string) bool {
	_, ok := c.annotations[annotation]
	return ok
}

// ourSide is a merge-conflicted file's text as the branch it is on had
// it: the lines between "<<<<<<< " and "=======" kept, those between
// "=======" and ">>>>>>> " and the markers blank, so that every line
// keeps its number. A file without markers is returned as it is.
func ourSide(data []byte) []byte {
	if !bytes.Contains(data, []byte("\n=======")) && !bytes.HasPrefix(data, []byte("<<<<<<< ")) {
		return data
	}
	var out []byte
	theirs, inConflict := false, false
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		text := bytes.TrimRight(line, "\r\n")
		switch {
		case bytes.HasPrefix(text, []byte("<<<<<<< ")) || string(text) == "<<<<<<<":
			inConflict, theirs = true, false
		case inConflict && string(text) == "=======":
			theirs = true
		case inConflict && (bytes.HasPrefix(text, []byte(">>>>>>> ")) || string(text) == ">>>>>>>"):
			inConflict, theirs = false, false
		case !theirs:
			out = append(out, line...)
			continue
		}
		if bytes.HasSuffix(line, []byte("\n")) {
			out = append(out, '\n')
		}
	}
	return out
}
