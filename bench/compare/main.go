// Command compare times crdgen and controller-gen side by side on real and
// synthetic API trees and prints, for each, the median wall time, CPU time
// and peak memory of both tools, their ratios, and the floor: what listing
// the packages with the go command and parsing their files alone cost.
//
// It prepares every corpus in a scratch Go module through the Go module proxy
// only, builds crdgen from this repository, installs controller-gen v0.23.0
// with "go install", runs each tool once to warm up, then alternates them
// (A B A B ...) so that both see the same machine state.
//
// Usage (from the repository root):
//
//	go run ./bench/compare [-runs 5] [-corpus LIST] [-cold] [-work DIR] [-tools crdgen,controller-gen] [-baseline REV] [-budget 256KiB]
//	go run ./bench/compare -prepare [-corpus LIST]   (only prepare, for go test ./bench/phases -bench .)
//
// The corpora are prometheus-operator (v0.94.1: v1, v1alpha1, v1beta1; 10
// CRDs), cluster-api (v1.14.2, 17 CRDs) and synthetic-N: N copies of
// prometheus-operator's monitoring/v1, each under a group of its own (7 CRDs
// per copy). The default runs them all, with N = 1, 10, 25, 50 and 100.
//
// Each crdgen run starts with an empty crdgen cache, so it does all the
// work; the "crdgen rerun" row is a run with outputs and cache from the run
// before, the no-change rerun of a go generate or make manifests.
//
// -baseline REV also builds crdgen as it was at the git revision REV and
// runs it in the same rounds (A B A B ...), as "crdgen@REV", for a before
// and after measured side by side on one machine state.
//
// -cold gives every run an empty GOCACHE (and an empty crdgen cache, so no
// rerun row), as in a fresh CI container: a tool that type-checks against
// export data has the go command compile every dependency first. The floor's
// go list gets an empty GOCACHE too.
package main

import (
	"cmp"
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

const controllerGen = "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0"

// sample is one measured run.
type sample struct {
	wall, cpu time.Duration
	maxRSSKB  int64
}

func main() {
	runs := flag.Int("runs", 5, "measured runs per tool (after one warm-up run each)")
	which := flag.String("corpus", "prometheus-operator,cluster-api,edit-loop,synthetic-1,synthetic-10,synthetic-25,synthetic-50,synthetic-100", "comma-separated corpora (and start-up, crdgen version alone)")
	cold := flag.Bool("cold", false, "give every run an empty GOCACHE")
	tools := flag.String("tools", "crdgen,controller-gen", "tools to run")
	work := flag.String("work", filepath.Join(os.TempDir(), "crdgen-bench"), "scratch directory (kept between runs)")
	prepareOnly := flag.Bool("prepare", false, "only prepare the corpora (for go test ./bench/phases -bench .)")
	baseline := flag.String("baseline", "", "also run crdgen as built at this git revision")
	budget := flag.String("budget", "", "also run crdgen with --max-crd-bytes=SIZE (the size budget), side by side")
	flag.Parse()
	if *prepareOnly {
		for _, name := range strings.Split(*which, ",") {
			c, err := corpusByName(name)
			if err == nil {
				err = prepare(filepath.Join(*work, c.name), c)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "compare:", err)
				os.Exit(1)
			}
		}
		return
	}
	b := &bench{work: *work, runs: *runs, cold: *cold, tools: strings.Split(*tools, ","), baseline: *baseline, budget: *budget}
	if err := b.run(strings.Split(*which, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

// bench is one run of the benchmark.
type bench struct {
	// budget, if set, adds a crdgen run with --max-crd-bytes=budget.
	budget       string
	work         string
	runs         int
	cold         bool
	tools        []string
	crdgen, cg   string
	syntheticFit []point
	// baseline is a git revision whose crdgen runs too, built at baseBin.
	baseline, baseBin string
	// judge is the API server's validation alone (bench/compare/judge),
	// and judgeStart the median start-up of that binary.
	judge      string
	judgeStart time.Duration
}

// hasTool reports whether a tool is measured.
func (b *bench) hasTool(name string) bool { return slices.Contains(b.tools, name) }

// point is one synthetic corpus's size and crdgen's figures, for the slope.
type point struct {
	crds int
	s    sample
	cg   *sample
}

func (b *bench) run(names []string) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	bin := filepath.Join(b.work, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	b.crdgen = filepath.Join(bin, "crdgen")
	if err := sh(repo, nil, "go", "build", "-o", b.crdgen, "./cmd/crdgen"); err != nil {
		return err
	}
	b.judge = filepath.Join(bin, "judge")
	if err := sh(repo, nil, "go", "build", "-o", b.judge, "./bench/compare/judge"); err != nil {
		return err
	}
	if b.baseline != "" {
		if b.baseBin, err = buildAt(repo, b.work, b.baseline); err != nil {
			return err
		}
	}
	b.cg = filepath.Join(bin, "controller-gen")
	if _, err := os.Stat(b.cg); err != nil && slices.Contains(b.tools, "controller-gen") {
		if err := sh(repo, []string{"GOBIN=" + bin}, "go", "install", controllerGen); err != nil {
			return err
		}
	}
	fmt.Printf("machine: %d CPUs, %s; runs: %d per tool after a warm-up; GOCACHE: %s\n\n", cpuCount(), goVersion(), b.runs,
		map[bool]string{true: "empty for every run", false: "warm"}[b.cold])
	fmt.Printf("%-20s %5s  %-22s %9s %9s %10s\n", "corpus", "CRDs", "", "wall", "cpu", "peak RSS")
	if err := b.startup(); err != nil {
		return err
	}
	for _, name := range names {
		if name == "start-up" {
			continue
		}
		c, err := corpusByName(name)
		if err != nil {
			return err
		}
		if err := b.corpus(c); err != nil {
			return err
		}
	}
	b.printSlope()
	return nil
}

// corpus measures one corpus and prints its rows.
func (b *bench) corpus(c corpus) error {
	dir := filepath.Join(b.work, c.name)
	if err := prepare(dir, c); err != nil {
		return err
	}
	out := filepath.Join(dir, "out")
	os.RemoveAll(out)
	cache := filepath.Join(dir, "crdgen-cache")
	crdgenArgs := []string{"crd", "-o", filepath.Join(out, "crdgen")}
	if c.copies > 0 || c.edit {
		// The copies are local packages, whose markers crdgen checks
		// strictly; prometheus-operator's monitoring/v1 has two that
		// controller-gen drops silently (+kubebuilder:validation:OneOf and
		// "+optional."), reported as warnings here.
		crdgenArgs = append(crdgenArgs, "--unknown-markers=warn")
	}
	crdgenArgs = append(crdgenArgs, c.packages...)
	cgArgs := []string{"crd"}
	for _, p := range c.packages {
		cgArgs = append(cgArgs, "paths="+p)
	}
	cgArgs = append(cgArgs, "output:crd:dir="+filepath.Join(out, "controller-gen"))

	type tool struct {
		name, bin string
		args      []string
		// fresh empties crdgen's cache before each run.
		fresh bool
		// cacheName names its cache when it shares its binary with
		// another row ("": the binary's name).
		cacheName string
	}
	var tools []tool
	if slices.Contains(b.tools, "crdgen") && c.edit {
		// Each run follows an edit, with the cache of the run before.
		tools = append(tools, tool{name: "crdgen", bin: b.crdgen, args: crdgenArgs})
	} else if slices.Contains(b.tools, "crdgen") {
		tools = append(tools, tool{name: "crdgen", bin: b.crdgen, args: crdgenArgs, fresh: true})
		if !b.cold {
			// With an empty GOCACHE every run empties crdgen's cache too:
			// there is no rerun to measure.
			tools = append(tools, tool{name: "crdgen rerun", bin: b.crdgen, args: crdgenArgs})
		}
	}
	if b.budget != "" && slices.Contains(b.tools, "crdgen") && !c.edit {
		// Its own output directory and cache: the budget's CRDs differ.
		budgetArgs := slices.Clone(crdgenArgs)
		budgetArgs[2] = filepath.Join(out, "crdgen-budget")
		budgetArgs = slices.Insert(budgetArgs, 3, "--max-crd-bytes="+b.budget)
		tools = append(tools, tool{name: "crdgen --max-crd-bytes", bin: b.crdgen, args: budgetArgs, fresh: true, cacheName: "budget"})
	}
	if b.baseBin != "" {
		at := "crdgen@" + b.baseline
		// The baseline writes its own directory: its version annotation
		// differs, and rewriting crdgen's files would make every crdgen run
		// after it find its outputs changed (no build reused, no rerun).
		baseArgs := slices.Clone(crdgenArgs)
		baseArgs[2] = filepath.Join(out, "crdgen-baseline")
		tools = append(tools, tool{name: at, bin: b.baseBin, args: baseArgs, fresh: !c.edit})
		if !b.cold && !c.edit {
			tools = append(tools, tool{name: at + " rerun", bin: b.baseBin, args: baseArgs})
		}
	}
	if slices.Contains(b.tools, "controller-gen") {
		tools = append(tools, tool{name: "controller-gen", bin: b.cg, args: cgArgs})
	}
	results := make([][]sample, len(tools))
	units := runUnits(tools, func(t tool) bool { return strings.HasSuffix(t.name, " rerun") })
	for round := -1; round < b.runs; round++ {
		if c.edit {
			// Once a round: every tool sees another state than on its
			// run before.
			if err := toggleEdit(dir); err != nil {
				return err
			}
		}
		for _, i := range roundOrder(units, round) {
			t := tools[i]
			// Each binary has its own cache: a run replaces the remembered
			// builds of its directory and command with its own, so two
			// crdgens sharing one would each find the other's and rebuild
			// everything in the edit loop.
			cache := filepath.Join(cache, cmp.Or(t.cacheName, filepath.Base(t.bin)))
			if t.fresh {
				os.RemoveAll(cache)
			}
			s, err := b.measure(dir, cache, t.bin, t.args...)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", t.name, c.name, err)
			}
			if round >= 0 {
				results[i] = append(results[i], s)
			}
		}
	}
	crds := countFiles(filepath.Join(out, "crdgen"))
	meds := map[string]sample{}
	for i, t := range tools {
		m := median(results[i])
		meds[t.name] = m
		fmt.Printf("%-20s %5d  %-22s %8.3fs %8.3fs %7.0f MiB\n", c.name, crds, t.name, m.wall.Seconds(), m.cpu.Seconds(), mib(m.maxRSSKB))
	}
	cg, hasCG := meds["controller-gen"]
	cr, hasCR := meds["crdgen"]
	if base, ok := meds["crdgen@"+b.baseline]; ok && hasCR {
		fmt.Printf("%-20s %5s  %-22s %8.2fx %8.2fx %10.2fx\n", "", "", "crdgen / @"+b.baseline, ratio(cr.wall, base.wall), ratio(cr.cpu, base.cpu), float64(cr.maxRSSKB)/float64(base.maxRSSKB))
	}
	if hasCG && hasCR {
		fmt.Printf("%-20s %5s  %-22s %8.2fx %8.2fx %10.2fx\n", "", "", "controller-gen / crdgen", ratio(cg.wall, cr.wall), ratio(cg.cpu, cr.cpu), float64(cg.maxRSSKB)/float64(cr.maxRSSKB))
	}
	floor, err := b.floor(dir, c)
	if err != nil {
		return err
	}
	if hasCR {
		above := func(s sample) float64 { return 100 * (s.wall.Seconds()/floor.total().Seconds() - 1) }
		judged := ""
		if floor.judge > 0 {
			judged = fmt.Sprintf(" + the server's validation %.3fs, %.3fs of CPU", floor.judge.Seconds(), floor.judgeCPU.Seconds())
		}
		fmt.Printf("%-20s %5s  %-22s %8.3fs   (go list %.3fs + parsing %.3fs + judge start-up %.3fs%s); crdgen is %.0f%% above it",
			"", "", "floor", floor.total().Seconds(), floor.list.Seconds(), floor.parse.Seconds(), floor.start.Seconds(), judged, above(cr))
		if rerun, ok := meds["crdgen rerun"]; ok {
			fmt.Printf(", its rerun %.0f%%", above(rerun))
		}
		fmt.Println()
	}
	fmt.Println()
	if c.copies > 0 && hasCR {
		p := point{crds: crds, s: cr}
		if hasCG {
			p.cg = &cg
		}
		b.syntheticFit = append(b.syntheticFit, p)
	}
	return nil
}

// buildAt builds crdgen as it was at a git revision, in a detached worktree
// under work, and returns the binary.
func buildAt(repo, work, rev string) (string, error) {
	tree := filepath.Join(work, "baseline")
	sh(repo, nil, "git", "worktree", "remove", "--force", tree)
	os.RemoveAll(tree)
	if err := sh(repo, nil, "git", "worktree", "add", "--detach", tree, rev); err != nil {
		return "", err
	}
	defer sh(repo, nil, "git", "worktree", "remove", "--force", tree)
	bin := filepath.Join(work, "bin", "crdgen-baseline")
	return bin, sh(tree, nil, "go", "build", "-o", bin, "./cmd/crdgen")
}

// measure runs a command and returns its wall time, CPU time and peak RSS.
func (b *bench) measure(dir, cache, bin string, args ...string) (sample, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CRDGEN_CACHE="+cache)
	if b.cold {
		gocache, err := os.MkdirTemp("", "gocache")
		if err != nil {
			return sample{}, err
		}
		defer os.RemoveAll(gocache)
		os.RemoveAll(cache)
		cmd.Env = append(cmd.Env, "GOCACHE="+gocache)
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

// printSlope fits time and memory against the number of CRDs over the
// synthetic corpora (least squares), to show growth per CRD.
func (b *bench) printSlope() {
	if len(b.syntheticFit) < 2 {
		return
	}
	fit := func(y func(point) float64) (slope, intercept float64) {
		var sx, sy, sxx, sxy float64
		n := float64(len(b.syntheticFit))
		for _, p := range b.syntheticFit {
			x := float64(p.crds)
			sx, sy, sxx, sxy = sx+x, sy+y(p), sxx+x*x, sxy+x*y(p)
		}
		slope = (n*sxy - sx*sy) / (n*sxx - sx*sx)
		return slope, (sy - slope*sx) / n
	}
	ws, wi := fit(func(p point) float64 { return p.s.wall.Seconds() })
	ms, mi := fit(func(p point) float64 { return mib(p.s.maxRSSKB) })
	fmt.Printf("synthetic corpora, crdgen: wall %.1f ms per CRD (+ %.2fs), peak RSS %.2f MiB per CRD (+ %.0f MiB)\n", ws*1000, wi, ms, mi)
	if b.syntheticFit[0].cg != nil {
		cs, ci := fit(func(p point) float64 { return p.cg.wall.Seconds() })
		cm, cmi := fit(func(p point) float64 { return mib(p.cg.maxRSSKB) })
		fmt.Printf("synthetic corpora, controller-gen: wall %.1f ms per CRD (+ %.2fs), peak RSS %.2f MiB per CRD (+ %.0f MiB)\n", cs*1000, ci, cm, cmi)
	}
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
