// Command compare times crdgen and controller-gen side by side on real API
// trees and prints the median wall time, CPU time and peak memory of each,
// and their ratios.
//
// It prepares every corpus in a scratch Go module through the Go module proxy
// only, builds crdgen from this repository, installs controller-gen v0.23.0
// with "go install", runs each tool once to warm up, then alternates them
// (A B A B ...) so that both see the same machine state.
//
// Usage (from the repository root):
//
//	go run ./bench/compare [-runs 5] [-corpus prometheus-operator,cluster-api] [-cold] [-work DIR]
//
// -cold gives every run an empty GOCACHE, so that the go command has to
// compile the dependencies' export data (crdgen) or both tools have to load
// everything from scratch.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// corpus is an API tree to generate CRDs for.
type corpus struct {
	name     string
	module   string // module@version to add to the scratch module
	packages []string
}

func corpora() []corpus {
	po := "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring"
	return []corpus{
		{"prometheus-operator", po + "@v0.94.1", []string{po + "/v1", po + "/v1alpha1", po + "/v1beta1"}},
		{"cluster-api", "sigs.k8s.io/cluster-api/api@v1.14.2", []string{"sigs.k8s.io/cluster-api/api/..."}},
	}
}

const controllerGen = "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0"

// sample is one measured run.
type sample struct {
	wall, cpu time.Duration
	maxRSSKB  int64
}

func main() {
	runs := flag.Int("runs", 5, "measured runs per tool (after one warm-up run each)")
	which := flag.String("corpus", "prometheus-operator,cluster-api", "comma-separated corpora")
	cold := flag.Bool("cold", false, "give every run an empty GOCACHE")
	work := flag.String("work", filepath.Join(os.TempDir(), "crdgen-bench"), "scratch directory (kept between runs)")
	flag.Parse()
	if err := run(*work, *which, *runs, *cold); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

func run(work, which string, runs int, cold bool) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	bin := filepath.Join(work, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	crdgen := filepath.Join(bin, "crdgen")
	if err := sh(repo, nil, "go", "build", "-o", crdgen, "./cmd/crdgen"); err != nil {
		return err
	}
	cg := filepath.Join(bin, "controller-gen")
	if _, err := os.Stat(cg); err != nil {
		if err := sh(repo, []string{"GOBIN=" + bin}, "go", "install", controllerGen); err != nil {
			return err
		}
	}
	fmt.Printf("machine: %d CPUs; runs: %d per tool after a warm-up; GOCACHE: %s\n\n", cpuCount(), runs, map[bool]string{true: "empty for every run", false: "warm"}[cold])
	fmt.Printf("%-22s %-15s %10s %10s %12s\n", "corpus", "tool", "wall", "cpu", "peak RSS")
	for _, c := range corpora() {
		if !slices.Contains(strings.Split(which, ","), c.name) {
			continue
		}
		dir := filepath.Join(work, c.name)
		if err := prepare(dir, c); err != nil {
			return err
		}
		out := filepath.Join(dir, "out")
		crdgenArgs := append([]string{"crd", "-o", filepath.Join(out, "crdgen")}, c.packages...)
		cgArgs := []string{"crd"}
		for _, p := range c.packages {
			cgArgs = append(cgArgs, "paths="+p)
		}
		cgArgs = append(cgArgs, "output:crd:dir="+filepath.Join(out, "controller-gen"))

		tools := []struct {
			name string
			bin  string
			args []string
		}{{"crdgen", crdgen, crdgenArgs}, {"controller-gen", cg, cgArgs}}
		results := make([][]sample, len(tools))
		for round := -1; round < runs; round++ {
			for i, t := range tools {
				s, err := measure(dir, cold, t.bin, t.args...)
				if err != nil {
					return fmt.Errorf("%s on %s: %w", t.name, c.name, err)
				}
				if round >= 0 {
					results[i] = append(results[i], s)
				}
			}
		}
		meds := make([]sample, len(tools))
		for i, t := range tools {
			meds[i] = median(results[i])
			fmt.Printf("%-22s %-15s %9.2fs %9.2fs %9.0f MiB\n", c.name, t.name, meds[i].wall.Seconds(), meds[i].cpu.Seconds(), float64(meds[i].maxRSSKB)/1024)
		}
		fmt.Printf("%-22s %-15s %9.2fx %9.2fx %11.2fx\n\n", c.name, "ratio (cg/crdgen)",
			ratio(meds[1].wall, meds[0].wall), ratio(meds[1].cpu, meds[0].cpu), float64(meds[1].maxRSSKB)/float64(meds[0].maxRSSKB))
	}
	return nil
}

// prepare makes a scratch module that requires the corpus.
func prepare(dir string, c corpus) error {
	if _, err := os.Stat(filepath.Join(dir, "go.sum")); err == nil {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := sh(dir, nil, "go", "mod", "init", "bench/"+c.name); err != nil {
		return err
	}
	version := c.module[strings.IndexByte(c.module, '@'):]
	for _, p := range c.packages {
		if err := sh(dir, nil, "go", "get", p+version); err != nil {
			return err
		}
	}
	return nil
}

// measure runs a command and returns its wall time, CPU time and peak RSS.
func measure(dir string, cold bool, bin string, args ...string) (sample, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	if cold {
		cache, err := os.MkdirTemp("", "gocache")
		if err != nil {
			return sample{}, err
		}
		defer os.RemoveAll(cache)
		cmd.Env = append(cmd.Env, "GOCACHE="+cache)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return sample{}, fmt.Errorf("%v\n%s", err, stderr.String())
	}
	wall := time.Since(start)
	// wait4's usage covers the tool and the children it waited for (the go
	// command both tools run), so CPU time includes go list; peak RSS is the
	// largest of those processes.
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return sample{wall: wall, cpu: cpu, maxRSSKB: ru.Maxrss}, nil
}

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

func cpuCount() int {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	return strings.Count(string(data), "processor\t:")
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
