package objyaml

import (
	"bytes"
	"encoding/json"
	"fmt"

	"sigs.k8s.io/yaml"
)

// Write returns header followed by one "---\n"-prefixed YAML document per
// object. A header without a final newline runs into the first "---", as
// it does in controller-gen.
func Write(header []byte, objs ...any) ([]byte, error) {
	var out bytes.Buffer
	out.Write(header)
	for _, obj := range objs {
		doc, err := marshal(obj)
		if err != nil {
			return nil, err
		}
		out.WriteString("---\n")
		out.Write(doc)
	}
	return out.Bytes(), nil
}

// marshal is controller-gen's yamlMarshal with its
// TransformRemoveCreationTimestamp.
func marshal(obj any) ([]byte, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("marshal %T to JSON: %w", obj, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree map[string]any
	if err := dec.Decode(&tree); err != nil {
		return nil, fmt.Errorf("decode %T's JSON: %w", obj, err)
	}
	if meta, ok := tree["metadata"].(map[string]any); ok {
		delete(meta, "creationTimestamp")
	}
	return yaml.Marshal(tree)
}
