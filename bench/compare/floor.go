package main

// This file implements the floor: the cost of what any generator must do,
// list the packages with the go command and parse their Go files.

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// floorTimes are the two parts of the floor, each the median of the runs.
type floorTimes struct {
	list, parse time.Duration
}

func (f floorTimes) total() time.Duration { return f.list + f.parse }

// floor measures "go list -find" of the corpus's packages and parsing their
// non-test Go files with comments, as many times as the tools run; with
// -cold, go list too gets an empty GOCACHE (the go command fills it with
// what it knows of the standard library, most of a cold go list's time).
func (b *bench) floor(dir string, c corpus) (floorTimes, error) {
	var lists, parses []time.Duration
	for range max(b.runs, 1) {
		var env []string
		if b.cold {
			gocache, err := os.MkdirTemp("", "gocache")
			if err != nil {
				return floorTimes{}, err
			}
			defer os.RemoveAll(gocache)
			env = []string{"GOCACHE=" + gocache}
		}
		start := time.Now()
		out, err := outputEnv(dir, env, "go", append([]string{"list", "-find", "-f", `{{.Dir}}{{range .GoFiles}} {{.}}{{end}}`}, c.packages...)...)
		if err != nil {
			return floorTimes{}, err
		}
		lists = append(lists, time.Since(start))
		start = time.Now()
		fset := token.NewFileSet()
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			fields := strings.Fields(line)
			for _, f := range fields[1:] {
				if _, err := parser.ParseFile(fset, filepath.Join(fields[0], f), nil, parser.ParseComments|parser.SkipObjectResolution); err != nil {
					return floorTimes{}, err
				}
			}
		}
		parses = append(parses, time.Since(start))
	}
	return floorTimes{list: medianDuration(lists), parse: medianDuration(parses)}, nil
}

func medianDuration(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
