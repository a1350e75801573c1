package validate

// This file implements the objects of a document: the document parsed
// with its positions (go.yaml.in/yaml/v3 nodes, moved to the lines of the
// file), its aliases bounded, its apiVersion, kind and metadata read, and
// a List unrolled into its items, each with the request body that creates
// it.

import (
	"bytes"
	"fmt"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Object is one API object of a manifest.
type Object struct {
	// Pos is where the object starts (its first key).
	Pos              token.Position
	APIVersion, Kind string
	// Namespace, Name and GenerateName are its metadata's, as written.
	Namespace, Name, GenerateName string
	node                          *yaml.Node
	// body is the request body that creates it: the document as written,
	// or an item of a List encoded again.
	body []byte
}

// label names an object in messages: Widget default/foo, Widget foo, or
// Widget test-* for a generated name.
func (o *Object) label() string {
	name := o.Name
	if name == "" && o.GenerateName != "" {
		name = o.GenerateName + "*"
	}
	if o.Namespace != "" {
		name = o.Namespace + "/" + name
	}
	if name == "" {
		return o.Kind
	}
	return o.Kind + " " + name
}

// at is a position in the object's file.
func (o *Object) at(n *yaml.Node) token.Position {
	return token.Position{Filename: o.Pos.Filename, Line: n.Line, Column: n.Column}
}

// yamlLine finds the line of a YAML parser's error.
var yamlLine = regexp.MustCompile(`^yaml: line ([0-9]+): `)

// objectsOf parses a document into its objects; an empty document has
// none.
func objectsOf(doc document, lim Limits) ([]*Object, markers.ErrorList) {
	var diags markers.ErrorList
	start := token.Position{Filename: doc.file, Line: doc.line, Column: 1}
	if doc.tooLarge {
		diags.Errorf(start, markers.CodeManifest, "the document is over %s (%d bytes): the API server takes at most 3 MiB in a request", sizeString(lim.Document), doc.size)
		return nil, diags
	}
	if len(bytes.TrimSpace(doc.text)) == 0 {
		return nil, nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(doc.text, &root); err != nil {
		msg := err.Error()
		pos := start
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			pos.Line = doc.line + n - 1
			msg = "yaml: " + strings.TrimPrefix(msg, m[0])
		}
		diags.Errorf(pos, markers.CodeManifest, "not YAML: %s", msg)
		return nil, diags
	}
	if len(root.Content) == 0 {
		return nil, nil // comments only
	}
	shiftLines(&root, doc.line-1)
	n := root.Content[0]
	if size, ok := expanded(&root, lim.Nodes); !ok {
		diags.Errorf(token.Position{Filename: doc.file, Line: n.Line, Column: n.Column}, markers.CodeManifest,
			"the document's aliases expand to more than %d nodes (%d before expansion): a YAML bomb? The API server refuses it too", lim.Nodes, size)
		return nil, diags
	}
	o, d := objectOf(doc.file, n)
	if d != nil {
		return nil, append(diags, *d)
	}
	o.body = doc.text
	items := child(n, "items")
	if !strings.HasSuffix(o.Kind, "List") || items == nil || items.Kind != yaml.SequenceNode {
		return []*Object{o}, nil
	}
	// A List (v1 List, or a kind's list) is its items, as kubectl reads it.
	var out []*Object
	for _, item := range items.Content {
		io, d := objectOf(doc.file, deref(item))
		if d != nil {
			diags.Add(*d)
			continue
		}
		var b bytes.Buffer
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(deref(item)); err != nil {
			diags.Errorf(io.Pos, markers.CodeManifest, "encoding the List's item: %v", err)
			continue
		}
		enc.Close()
		io.body = b.Bytes()
		out = append(out, io)
	}
	return out, diags
}

// objectOf reads an object's apiVersion, kind and metadata.
func objectOf(file string, n *yaml.Node) (*Object, *markers.Diagnostic) {
	o := &Object{Pos: token.Position{Filename: file, Line: n.Line, Column: n.Column}, node: n}
	fail := func(format string, args ...any) (*Object, *markers.Diagnostic) {
		return nil, &markers.Diagnostic{Pos: o.Pos, Code: markers.CodeManifest, Msg: fmt.Sprintf(format, args...)}
	}
	if n.Kind != yaml.MappingNode {
		return fail("not an API object: a manifest is a YAML mapping with apiVersion and kind, this is a %s", kindName(n))
	}
	var missing []string
	for _, f := range []struct {
		key string
		to  *string
	}{{"apiVersion", &o.APIVersion}, {"kind", &o.Kind}} {
		v := child(n, f.key)
		switch {
		case v == nil || v.Kind == yaml.ScalarNode && v.Value == "":
			missing = append(missing, f.key)
		case v.Kind != yaml.ScalarNode:
			return nil, &markers.Diagnostic{Pos: o.at(v), Code: markers.CodeManifest, Msg: fmt.Sprintf("%s is a %s, not a string", f.key, kindName(v))}
		default:
			*f.to = v.Value
		}
	}
	if len(missing) > 0 {
		return fail("not an API object: no %s", strings.Join(missing, " and no "))
	}
	if md := child(n, "metadata"); md != nil && md.Kind == yaml.MappingNode {
		for key, to := range map[string]*string{"namespace": &o.Namespace, "name": &o.Name, "generateName": &o.GenerateName} {
			if v := child(md, key); v != nil && v.Kind == yaml.ScalarNode {
				*to = v.Value
			}
		}
	}
	return o, nil
}

// child is the value of key in a mapping node (the first, if twice), nil
// when it has none.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return deref(n.Content[i+1])
		}
	}
	return nil
}

// deref is an alias's node, or the node.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "null"
		}
		return "scalar"
	case yaml.MappingNode:
		return "mapping"
	}
	return "node"
}

// shiftLines moves every node of a document by lines: the parser numbers
// from the document's first line, positions name the file's.
func shiftLines(n *yaml.Node, lines int) {
	n.Line += lines
	for _, c := range n.Content {
		shiftLines(c, lines) // an alias's target is in the tree itself
	}
}

// expanded counts a document's nodes with its aliases expanded, up to
// limit (each node's count is kept, so that the count costs one visit per
// node whatever the aliases); ok is false past it.
func expanded(n *yaml.Node, limit int) (int, bool) {
	memo := map[*yaml.Node]int{}
	var count func(n *yaml.Node, depth int) int
	count = func(n *yaml.Node, depth int) int {
		if v, ok := memo[n]; ok {
			return v
		}
		if depth > 1000 {
			return limit + 1
		}
		memo[n] = limit + 1 // an alias cycle counts as over
		total := 1
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			total = count(n.Alias, depth+1)
		}
		for _, c := range n.Content {
			total += count(c, depth+1)
			if total > limit {
				break
			}
		}
		memo[n] = min(total, limit+1)
		return memo[n]
	}
	total := count(n, 0)
	return len(memo), total <= limit
}
