package header

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Read reads a boilerplate file through fsys ("" for none) with YEAR
// replaced: every " YEAR" (with its leading space) for the object, rbac
// and webhook generators (all false), every "YEAR" for the
// applyconfiguration one (all true), as controller-gen's generators do.
func Read(fsys safefile.FS, file, year string, all bool) ([]byte, error) {
	if file == "" {
		return nil, nil
	}
	data, err := fsys.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the header file: %w", err)
	}
	if all {
		return []byte(strings.ReplaceAll(string(data), "YEAR", year)), nil
	}
	return []byte(strings.ReplaceAll(string(data), " YEAR", " "+year)), nil
}

// KeepYear returns old, what is on disk, instead of content when the two
// differ only where content has year and old has another year, in the
// part before content's "Code generated" line or its first YAML document
// (the header): an existing file keeps its year.
func KeepYear(old, content []byte, year string) []byte {
	if len(old) != len(content) || bytes.Equal(old, content) || len(year) != 4 {
		return content
	}
	end := headerEnd(content)
	if !bytes.Equal(old[end:], content[end:]) {
		return content
	}
	for i := 0; i < end; i++ {
		if old[i] == content[i] {
			continue
		}
		// A difference must be inside an occurrence of year in content,
		// with digits in the old file at the same place.
		start := max(0, i-3)
		at := bytes.Index(content[start:min(end, i+4)], []byte(year))
		if at < 0 {
			return content
		}
		at += start
		if !isDigits(old[at : at+4]) {
			return content
		}
		i = at + 3
	}
	return old
}

// headerEnd is where a generated file's header ends: at its "Code
// generated" line, or its first YAML document marker.
func headerEnd(content []byte) int {
	for _, mark := range []string{"// Code generated ", "\n---\n"} {
		if i := bytes.Index(content, []byte(mark)); i >= 0 {
			return i
		}
	}
	if bytes.HasPrefix(content, []byte("---\n")) {
		return 0
	}
	return len(content)
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
