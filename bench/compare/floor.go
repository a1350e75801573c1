package main

// This file implements the floor: the cost of what any generator must do,
// list the packages with the go command and parse their Go files, and of
// what any generator pays that has the API server judge every CRD: start a
// binary that links the server's validation, and run that validation on
// the CRDs crdgen wrote (bench/compare/judge).

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// floorTimes are the parts of the floor, each the median of the runs:
// judge is the wall time of the server's validation on every core, judgeCPU
// its CPU time, start the judge binary's start-up.
type floorTimes struct {
	list, parse, start, judge, judgeCPU time.Duration
}

func (f floorTimes) total() time.Duration { return f.list + f.parse + f.start + f.judge }

// floor measures "go list -find" of the corpus's packages in dir and
// parsing their non-test Go files with comments, and the judge's validation
// of the CRDs in crds, as many times as the tools run; with -cold, go list
// too gets an empty GOCACHE (the go command fills it with what it knows of
// the standard library, most of a cold go list's time).
func (b *bench) floor(dir, crds string, c corpus) (floorTimes, error) {
	var lists, parses, judges, judgeCPUs []time.Duration
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
		// The edit loop's CRDs were judged before the edit; only the
		// changed one is judged again, which is not the floor's to say.
		if b.judge != "" && !c.edit {
			wall, cpu, err := b.judgeRun(crds)
			if err != nil {
				return floorTimes{}, err
			}
			judges, judgeCPUs = append(judges, wall), append(judgeCPUs, cpu)
		}
	}
	f := floorTimes{list: medianDuration(lists), parse: medianDuration(parses), start: b.judgeStart}
	if len(judges) > 0 {
		f.judge, f.judgeCPU = medianDuration(judges), medianDuration(judgeCPUs)
	}
	return f, nil
}

// judgeRun runs the judge on the CRDs of dir, in a process of its own, and
// returns the wall and CPU time of the validation it reports.
func (b *bench) judgeRun(dir string) (wall, cpu time.Duration, err error) {
	out, err := output(dir, b.judge, dir)
	if err != nil {
		return 0, 0, err
	}
	var n int
	var wallNS, cpuNS int64
	if _, err := fmt.Sscanf(out, "validated %d CRDs in %d ns, %d ns of CPU", &n, &wallNS, &cpuNS); err != nil {
		return 0, 0, fmt.Errorf("judge: %q: %v", out, err)
	}
	return time.Duration(wallNS), time.Duration(cpuNS), nil
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
