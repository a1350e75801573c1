package validate

// This file implements finding the manifests a command line names: a
// file as it is, a directory's .yaml, .yml and .json files at any depth
// (directories whose names start with a dot, .git and .github, left out),
// and "-" for standard input.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Find lists the files paths name, each directory's sorted, in the order
// the paths come; "-" stays "-". A path that does not exist is an error.
func Find(paths []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		if p == "-" {
			out = append(out, p)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		files, err := walk(p, seen)
		if err != nil {
			return nil, err
		}
		out = append(out, files...)
	}
	return out, nil
}

// walk lists the manifests under a directory, following links, each
// directory once.
func walk(dir string, seen map[string]bool) ([]string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	if seen[real] {
		return nil, nil
	}
	seen[real] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			info, err := os.Stat(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, err)
			}
			isDir = info.IsDir()
		}
		switch {
		case isDir && strings.HasPrefix(e.Name(), "."):
		case isDir:
			files, err := walk(p, seen)
			if err != nil {
				return nil, err
			}
			out = append(out, files...)
		case slices.Contains([]string{".yaml", ".yml", ".json"}, filepath.Ext(p)):
			out = append(out, p)
		}
	}
	return out, nil
}

// Open opens the inputs of files (from Find): stdin for "-", named
// stdinName. The caller closes them with the returned function.
func Open(files []string, stdin io.Reader, stdinName string, name func(string) string) ([]Input, func(), error) {
	var inputs []Input
	var closers []io.Closer
	closeAll := func() {
		for _, c := range closers {
			c.Close()
		}
	}
	for _, f := range files {
		if f == "-" {
			if stdin == nil {
				closeAll()
				return nil, nil, errors.New("-: no standard input")
			}
			inputs = append(inputs, Input{Name: stdinName, R: stdin})
			continue
		}
		r, err := os.Open(f)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		closers = append(closers, r)
		inputs = append(inputs, Input{Name: name(f), R: r})
	}
	return inputs, closeAll, nil
}
