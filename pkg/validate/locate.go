package validate

// This file implements putting the API server's field paths back on the
// YAML: spec.ports[0].name, metadata.labels[app], .spec.replicas (a scale
// path), a key with dots in it (metadata.annotations[example.com/x], or
// an unknown field "spec.example.com/x") found by the keys the mapping has.

import (
	"go/token"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// locate is the position, in o's file, of the node a field path names: a
// mapping entry's key, a list item; or, when the path goes further than
// the object (a required field that is missing), the deepest node on it
// that exists (exact is then false).
func (o *Object) locate(path string) (pos token.Position, exact bool) {
	path = strings.TrimPrefix(path, ".")
	n, at := o.node, o.node
	if path == "<nil>" {
		path = ""
	}
	for path != "" {
		var next, mark *yaml.Node
		if strings.HasPrefix(path, "[") {
			end := strings.Index(path, "]")
			if end < 0 {
				return o.at(at), false
			}
			sub := path[1:end]
			path = strings.TrimPrefix(path[end+1:], ".")
			switch n.Kind {
			case yaml.SequenceNode:
				if i, err := strconv.Atoi(sub); err == nil && i >= 0 && i < len(n.Content) {
					next = n.Content[i]
					mark = next
				}
			case yaml.MappingNode:
				mark, next = entry(n, sub)
			}
		} else {
			var key string
			mark, next, key = longestKey(n, path)
			path = strings.TrimPrefix(path[len(key):], ".")
		}
		if next == nil {
			return o.at(at), false
		}
		n, at = deref(next), mark
	}
	return o.at(at), true
}

// entry is the key node and the value of key in a mapping.
func entry(n *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}

// longestKey is the entry of a mapping whose key begins path, the
// longest if several do (a key may hold dots).
func longestKey(n *yaml.Node, path string) (keyNode, value *yaml.Node, key string) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil, ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		if len(k) <= len(key) || !strings.HasPrefix(path, k) {
			continue
		}
		if rest := path[len(k):]; rest == "" || rest[0] == '.' || rest[0] == '[' {
			keyNode, value, key = n.Content[i], n.Content[i+1], k
		}
	}
	return keyNode, value, key
}

// duplicateKeys are the keys of an object's mappings that repeat an
// earlier key of the same mapping, by key, in the order they come.
func duplicateKeys(n *yaml.Node) map[string][]*yaml.Node {
	out := map[string][]*yaml.Node{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode {
			seen := map[string]bool{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i].Value
				if seen[k] {
					out[k] = append(out[k], n.Content[i])
				}
				seen[k] = true
			}
		}
		for _, c := range n.Content {
			walk(c) // aliases are not followed: each node once
		}
	}
	walk(n)
	return out
}
