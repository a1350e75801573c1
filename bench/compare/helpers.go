package main

// This file holds the small pieces the rest shares: medians and ratios, the
// order the tools run in from round to round, the machine's facts, and
// running a command.

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func median(s []sample) sample {
	walls, cpus, rss := make([]time.Duration, len(s)), make([]time.Duration, len(s)), make([]int64, len(s))
	for i, x := range s {
		walls[i], cpus[i], rss[i] = x.wall, x.cpu, x.maxRSSKB
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	slices.Sort(rss)
	m := len(s) / 2
	return sample{wall: walls[m], cpu: cpus[m], maxRSSKB: rss[m]}
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / b.Seconds() }

func mib(kb int64) float64 { return float64(kb) / 1024 }

func countFiles(dir string) int {
	entries, _ := os.ReadDir(dir)
	return len(entries)
}

func cpuCount() int {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	return strings.Count(string(data), "processor\t:")
}

func goVersion() string {
	out, err := output(".", "go", "env", "GOVERSION")
	if err != nil {
		return "go ?"
	}
	return strings.TrimSpace(out)
}

func sh(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func output(dir string, name string, args ...string) (string, error) {
	return outputEnv(dir, nil, name, args...)
}

func outputEnv(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out), nil
}

// runUnits groups tools into what runs together, in order: a tool with its
// reruns (which measure the run before them).
func runUnits[T any](tools []T, isRerun func(T) bool) [][]int {
	var units [][]int
	for i, t := range tools {
		if isRerun(t) && len(units) > 0 {
			units[len(units)-1] = append(units[len(units)-1], i)
			continue
		}
		units = append(units, []int{i})
	}
	return units
}

// roundOrder is the order of the tools in a round (-1 is the warm-up): the
// units rotate by one each round, so that no tool always runs first after
// the edit, or right after controller-gen, whose 200 MiB leave the caches
// cold for whatever follows (run always first, crdgen measured 7% slower
// than the same binary run second).
func roundOrder(units [][]int, round int) []int {
	var order []int
	n := len(units)
	for k := range n {
		order = append(order, units[((k+round)%n+n)%n]...)
	}
	return order
}
