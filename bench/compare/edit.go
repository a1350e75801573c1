package main

// This file implements the edit loop corpus and the start-up row: the
// prometheus-operator monitoring module as a main module, where each run
// follows a one-line change to one kind's types file (a field added to
// monitoring/v1 ServiceMonitorSpec, or removed again), crdgen with the
// cache the run before left, as a developer's edit-regenerate loop runs it;
// and "crdgen version", what every command pays before its work.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// editLoop is the edit loop corpus's name.
const editLoop = "edit-loop"

// editFile, editAnchor and editLine are the change each edit-loop run
// makes or undoes.
const (
	editFile   = "v1/servicemonitor_types.go"
	editAnchor = "type ServiceMonitorSpec struct {\n"
	editLine   = "\t// BenchEdit is a field the benchmark adds and removes.\n\t// +optional\n\tBenchEdit string `json:\"benchEdit,omitempty\"`\n"
)

// prepareMainModule copies the module of a corpus into dir, writable, as
// a main module with its dependencies resolved.
func prepareMainModule(dir string, c corpus) error {
	if _, err := os.Stat(filepath.Join(dir, "go.sum")); err == nil {
		return nil
	}
	tmp, err := os.MkdirTemp("", "crdgen-bench-dl")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	out, err := output(tmp, "go", "mod", "download", "-json", c.module)
	if err != nil {
		return err
	}
	var dl struct{ Dir string }
	if err := json.Unmarshal([]byte(out), &dl); err != nil || dl.Dir == "" {
		return fmt.Errorf("go mod download %s: %v", c.module, err)
	}
	err = filepath.WalkDir(dl.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dl.Dir, path)
		target := filepath.Join(dir, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		return err
	}
	return sh(dir, nil, "go", "mod", "tidy")
}

// toggleEdit adds the edit line to the types file, or removes it.
func toggleEdit(dir string) error {
	path := filepath.Join(dir, editFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(data)
	switch {
	case strings.Contains(text, editAnchor+editLine):
		text = strings.Replace(text, editAnchor+editLine, editAnchor, 1)
	case strings.Contains(text, editAnchor):
		text = strings.Replace(text, editAnchor, editAnchor+editLine, 1)
	default:
		return fmt.Errorf("%s has no %q", path, strings.TrimSpace(editAnchor))
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// startup prints the start-up rows: crdgen version (and controller-gen's)
// run alone.
func (b *bench) startup() error {
	type tool struct {
		name string
		args []string
	}
	// The judge alone, started with nothing to do, is the floor of any
	// binary that links the API server's validation.
	tools := []tool{{"crdgen version", []string{b.crdgen, "version"}}, {"judge alone (floor)", []string{b.judge}}}
	if b.hasTool("controller-gen") {
		tools = append(tools, tool{"controller-gen --version", []string{b.cg, "--version"}})
	}
	results := make([][]sample, len(tools))
	for round := -1; round < max(b.runs, 9); round++ {
		for i, t := range tools {
			s, err := b.measure(b.work, filepath.Join(b.work, "startup-cache"), t.args[0], t.args[1:])
			if err != nil {
				return err
			}
			if round >= 0 {
				results[i] = append(results[i], s)
			}
		}
	}
	for i, t := range tools {
		m := median(results[i])
		fmt.Printf("%-20s %5s  %-22s %7.3fs %7.3fs %7.0f MiB\n", "start-up", "", t.name, m.wall.Seconds(), m.cpu.Seconds(), mib(m.maxRSSKB))
		if t.args[0] == b.judge {
			b.judgeStart = m.wall
		}
	}
	fmt.Println()
	return nil
}
