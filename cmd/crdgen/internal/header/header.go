package header

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Syntax is what a header must be: comments of the files it heads, so
// that it holds nothing that would become code or an object.
type Syntax int

const (
	// GoComments: Go comments only (the header of generated Go files).
	GoComments Syntax = iota
	// YAMLComments: YAML comments only (# lines; the manifests' header).
	YAMLComments
)

// Read reads a boilerplate file through fsys ("" for none) with YEAR
// replaced: every " YEAR" (with its leading space) for the object, rbac
// and webhook generators (all false), every "YEAR" for the
// applyconfiguration one (all true), as controller-gen's generators do.
// A header that is not comments of syntax only is a diagnostic at the
// header file, where the first thing that is not a comment starts (the
// header is then nil).
func Read(fsys safefile.FS, file, year string, all bool, syntax Syntax) ([]byte, markers.ErrorList, error) {
	if file == "" {
		return nil, nil, nil
	}
	data, err := fsys.ReadFile(file)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the header file: %w", err)
	}
	if diags := check(file, data, syntax); diags != nil {
		return nil, diags, nil
	}
	if all {
		return []byte(strings.ReplaceAll(string(data), "YEAR", year)), nil, nil
	}
	return []byte(strings.ReplaceAll(string(data), " YEAR", " "+year)), nil, nil
}

// check reports the first thing in a header that is not a comment.
func check(file string, data []byte, syntax Syntax) markers.ErrorList {
	var diags markers.ErrorList
	if syntax == YAMLComments {
		for i, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
				col := strings.Index(line, t) + 1
				diags.Errorf(token.Position{Filename: file, Line: i + 1, Column: col}, markers.CodeOutput,
					"a header of manifests must be YAML comments only (# lines), or it becomes part of the file's objects; this line is not a comment")
				return diags
			}
		}
		return nil
	}
	fset := token.NewFileSet()
	var sc scanner.Scanner
	var bad *token.Position
	f := fset.AddFile(file, -1, len(data))
	sc.Init(f, data, func(pos token.Position, _ string) {
		if bad == nil {
			bad = &pos
		}
	}, scanner.ScanComments)
	for bad == nil {
		pos, tok, _ := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.COMMENT {
			p := fset.Position(pos)
			bad = &p
		}
	}
	if bad == nil {
		return nil
	}
	diags.Errorf(*bad, markers.CodeOutput,
		"the header of generated Go files must be Go comments only (// or /* */), or the files do not compile; this is not a comment")
	return diags
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
