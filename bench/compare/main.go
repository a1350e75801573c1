// Command compare times crdgen and controller-gen side by side on real and
// synthetic API trees and prints, for each, the median wall time, CPU time
// and peak memory of both tools, their ratios, and the floor: what listing
// the packages with the go command and parsing their files alone cost.
//
// It prepares every corpus in a scratch Go module through the Go module proxy
// only (but the kubebuilder project, which comes from git), builds crdgen
// from this repository, installs controller-gen v0.23.0 with "go install",
// runs each tool once to warm up, then alternates them (A B A B ...) so
// that both see the same machine state.
//
// Usage (from the repository root):
//
//	go run ./bench/compare [-runs 5] [-corpus LIST] [-cold] [-work DIR] [-tools crdgen,controller-gen] [-baseline REV] [-budget 256KiB] [-kubebuilder-git DIR]
//	go run ./bench/compare -prepare [-corpus LIST]   (only prepare, for go test ./bench/phases -bench .)
//
// The corpora are prometheus-operator (v0.94.1: v1, v1alpha1, v1beta1; 10
// CRDs), cluster-api (v1.14.2, 17 CRDs), synthetic-N: N copies of
// prometheus-operator's monitoring/v1, each under a group of its own (7 CRDs
// per copy), and the edit loop (edit.go). The default runs them all, with
// N = 1, 10, 25, 50 and 100.
//
// The kubebuilder corpus is kubebuilder's testdata/project-v4-multigroup
// (13 CRDs, controllers and webhooks), taken with git archive from the
// kubebuilder git directory -kubebuilder-git names (default
// $KUBEBUILDER_GIT; without one the corpus is skipped). controller-gen runs
// the two controller-gen lines of the project's Makefile, make manifests
// then make generate, and its row sums their wall and CPU times and takes
// the larger peak RSS; crdgen runs "crdgen generate", which does both.
// Each tool runs in a copy of the project of its own, restored as
// extracted before each run (untimed).
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
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
	which := flag.String("corpus", "prometheus-operator,cluster-api,edit-loop,kubebuilder,synthetic-1,synthetic-10,synthetic-25,synthetic-50,synthetic-100", "comma-separated corpora (and start-up, crdgen version alone)")
	cold := flag.Bool("cold", false, "give every run an empty GOCACHE")
	tools := flag.String("tools", "crdgen,controller-gen", "tools to run")
	work := flag.String("work", filepath.Join(os.TempDir(), "crdgen-bench"), "scratch directory (kept between runs)")
	prepareOnly := flag.Bool("prepare", false, "only prepare the corpora (for go test ./bench/phases -bench .)")
	baseline := flag.String("baseline", "", "also run crdgen as built at this git revision")
	budget := flag.String("budget", "", "also run crdgen with --max-crd-bytes=SIZE (the size budget), side by side")
	kubebuilderGit := flag.String("kubebuilder-git", os.Getenv("KUBEBUILDER_GIT"), "kubebuilder's git directory, for the kubebuilder corpus (default $KUBEBUILDER_GIT)")
	flag.Parse()
	if *prepareOnly {
		for _, name := range strings.Split(*which, ",") {
			c, err := corpusByName(name, *kubebuilderGit)
			if err == nil && c.project != "" && c.git == "" {
				fmt.Fprintln(os.Stderr, skipNoGit(c))
				continue
			}
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
	b := &bench{work: *work, runs: *runs, cold: *cold, tools: strings.Split(*tools, ","), baseline: *baseline, budget: *budget, kubebuilderGit: *kubebuilderGit}
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
	// kubebuilderGit is the git directory of the kubebuilder corpus.
	kubebuilderGit string
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
		c, err := corpusByName(name, b.kubebuilderGit)
		if err != nil {
			return err
		}
		if c.project != "" && c.git == "" {
			fmt.Printf("%s\n\n", skipNoGit(c))
			continue
		}
		if err := b.corpus(c); err != nil {
			return err
		}
	}
	b.printSlope()
	return nil
}

// tool is one row: a binary and the processes one run of it starts.
type tool struct {
	name, bin string
	// steps are the arguments of the processes one run starts, one after
	// the other (controller-gen's make manifests and make generate).
	steps [][]string
	// fresh empties crdgen's cache before each run.
	fresh bool
	// cacheName names its cache when it shares its binary with another
	// row ("": the binary's name).
	cacheName string
}

// rerun reports whether the tool is a rerun of the tool before it, which
// measures with what that run left.
func (t tool) rerun() bool { return strings.HasSuffix(t.name, " rerun") }

// corpus measures one corpus and prints its rows.
func (b *bench) corpus(c corpus) error {
	dir := filepath.Join(b.work, c.name)
	var run runArgs
	if c.project != "" {
		rev, err := prepareProject(dir, c)
		if err != nil {
			return err
		}
		if run, err = b.projectArgs(dir); err != nil {
			return err
		}
		fmt.Printf("%s: %s at %.12s (%s); controller-gen runs make manifests, then make generate:\n", c.name, c.project, rev, c.git)
		for _, step := range run.cg {
			fmt.Printf("    controller-gen %s\n", strings.Join(step, " "))
		}
		fmt.Printf("    crdgen %s\n", strings.Join(run.crdgen, " "))
	} else {
		if err := prepare(dir, c); err != nil {
			return err
		}
		run = b.moduleArgs(dir, c)
	}
	tools := b.corpusTools(c, run)
	results, err := b.rounds(c, dir, tools)
	if err != nil {
		return err
	}
	crds := countFiles(run.crds)
	meds := map[string]sample{}
	for i, t := range tools {
		if len(results[i]) == 0 {
			continue // left out
		}
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
		if c.target != nil {
			printTarget(*c.target, cg, cr)
		}
	}
	if hasCR {
		if err := b.printFloor(c, run, meds); err != nil {
			return err
		}
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

// runArgs are what the tools are given on a corpus, and where crdgen's
// CRDs end up.
type runArgs struct {
	crdgen []string
	cg     [][]string
	// dir is where the floor lists the packages; crds holds crdgen's CRDs.
	dir, crds string
}

// moduleArgs are the tools' arguments on a corpus of packages in a scratch
// module: each writes its CRDs to a directory of its own under dir/out,
// which it empties first.
func (b *bench) moduleArgs(dir string, c corpus) runArgs {
	out := filepath.Join(dir, "out")
	os.RemoveAll(out)
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
	return runArgs{crdgen: crdgenArgs, cg: [][]string{cgArgs}, dir: dir, crds: filepath.Join(out, "crdgen")}
}

// projectArgs are the tools' arguments on a project corpus: controller-gen's
// command lines from the project's Makefile and "crdgen generate", both
// with this year as the Makefile's YEAR.
func (b *bench) projectArgs(dir string) (runArgs, error) {
	makefile, err := os.ReadFile(filepath.Join(dir, "project", "Makefile"))
	if err != nil {
		return runArgs{}, err
	}
	year := strconv.Itoa(time.Now().Year())
	cg, err := controllerGenSteps(string(makefile), makeTargets(), map[string]string{"YEAR": year})
	if err != nil {
		return runArgs{}, fmt.Errorf("the project's Makefile: %w", err)
	}
	tree := projectTree(dir, b.crdgen)
	return runArgs{crdgen: []string{"generate", "--year", year}, cg: cg, dir: tree, crds: filepath.Join(tree, kubebuilderCRDs)}, nil
}

// projectTree is the copy of a project corpus a binary runs in.
func projectTree(dir, bin string) string { return filepath.Join(dir, "trees", filepath.Base(bin)) }

// corpusTools returns the rows to measure on a corpus, each rerun right
// after its run.
func (b *bench) corpusTools(c corpus, run runArgs) []tool {
	var tools []tool
	if b.hasTool("crdgen") && c.edit {
		// Each run follows an edit, with the cache of the run before.
		tools = append(tools, tool{name: "crdgen", bin: b.crdgen, steps: [][]string{run.crdgen}})
	} else if b.hasTool("crdgen") {
		tools = append(tools, tool{name: "crdgen", bin: b.crdgen, steps: [][]string{run.crdgen}, fresh: true})
		if !b.cold {
			// With an empty GOCACHE every run empties crdgen's cache too:
			// there is no rerun to measure.
			tools = append(tools, tool{name: "crdgen rerun", bin: b.crdgen, steps: [][]string{run.crdgen}})
		}
	}
	if b.budget != "" && b.hasTool("crdgen") && !c.edit && c.project == "" {
		// Its own output directory and cache: the budget's CRDs differ.
		budgetArgs := slices.Clone(run.crdgen)
		budgetArgs[2] = filepath.Join(filepath.Dir(run.crds), "crdgen-budget")
		budgetArgs = slices.Insert(budgetArgs, 3, "--max-crd-bytes="+b.budget)
		tools = append(tools, tool{name: "crdgen --max-crd-bytes", bin: b.crdgen, steps: [][]string{budgetArgs}, fresh: true, cacheName: "budget"})
	}
	if b.baseBin != "" {
		at := "crdgen@" + b.baseline
		baseArgs := slices.Clone(run.crdgen)
		if c.project == "" {
			// The baseline writes its own directory: its version annotation
			// differs, and rewriting crdgen's files would make every crdgen
			// run after it find its outputs changed (no build reused, no
			// rerun). In a project corpus it has a copy of its own.
			baseArgs[2] = filepath.Join(filepath.Dir(run.crds), "crdgen-baseline")
		}
		tools = append(tools, tool{name: at, bin: b.baseBin, steps: [][]string{baseArgs}, fresh: !c.edit})
		if !b.cold && !c.edit {
			tools = append(tools, tool{name: at + " rerun", bin: b.baseBin, steps: [][]string{baseArgs}})
		}
	}
	if b.hasTool("controller-gen") {
		tools = append(tools, tool{name: "controller-gen", bin: b.cg, steps: run.cg})
	}
	return tools
}

// rounds runs the tools on a corpus, a warm-up round and then b.runs
// measured ones, alternating, and returns each tool's samples.
func (b *bench) rounds(c corpus, dir string, tools []tool) ([][]sample, error) {
	results := make([][]sample, len(tools))
	units := runUnits(tools, tool.rerun)
	// dropped are the baseline's rows when it cannot run the corpus (a
	// revision before the generators on a project corpus): the rows are
	// left out, the others measured.
	dropped := map[string]bool{}
	for round := -1; round < b.runs; round++ {
		if c.edit {
			// Once a round: every tool sees another state than on its
			// run before.
			if err := toggleEdit(dir); err != nil {
				return nil, err
			}
		}
		for _, i := range roundOrder(units, round) {
			t := tools[i]
			if dropped[t.bin] {
				continue
			}
			// Each binary has its own cache: a run replaces the remembered
			// builds of its directory and command with its own, so two
			// crdgens sharing one would each find the other's and rebuild
			// everything in the edit loop.
			cache := filepath.Join(dir, "crdgen-cache", cmp.Or(t.cacheName, filepath.Base(t.bin)))
			if t.fresh {
				os.RemoveAll(cache)
			}
			runDir := dir
			if c.project != "" {
				// Both tools rewrite the project's files: each run but a
				// rerun starts from the project as extracted.
				runDir = projectTree(dir, t.bin)
				if !t.rerun() {
					if err := restoreTree(filepath.Join(dir, "project"), runDir); err != nil {
						return nil, err
					}
				} else if err := b.settle(runDir, cache, t); err != nil {
					return nil, fmt.Errorf("%s on %s: %w", t.name, c.name, err)
				}
			}
			s, err := b.measure(runDir, cache, t.bin, t.steps...)
			if err != nil && round < 0 && t.bin == b.baseBin {
				fmt.Printf("%s cannot run on %s (%v): its rows are left out\n", t.name, c.name, err)
				dropped[t.bin] = true
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%s on %s: %w", t.name, c.name, err)
			}
			if round >= 0 {
				results[i] = append(results[i], s)
			}
		}
	}
	return results, nil
}

// settle makes a project corpus's rerun one with nothing changed since the
// run before it. The run before took over controller-gen's Go files
// (zz_generated.deepcopy.go, apply configurations), which are inputs of the
// next run, so that run misses the rerun cache and lists again: settle
// runs the tool once more, untimed, a second after those writes (crdgen's
// listing is not kept when a file it depends on was modified within a
// second of the listing, for file systems that keep whole seconds), and the
// rerun then follows a run that changed nothing.
func (b *bench) settle(dir, cache string, t tool) error {
	time.Sleep(time.Second)
	_, err := b.measure(dir, cache, t.bin, t.steps...)
	return err
}

// printTarget prints crdgen's figures against an issue's target.
func printTarget(t target, cg, cr sample) {
	speedup := ratio(cg.wall, cr.wall)
	share := float64(cr.maxRSSKB) / float64(cg.maxRSSKB)
	met := func(ok bool) string { return map[bool]string{true: "met", false: "MISSED"}[ok] }
	fmt.Printf("%-20s %5s  %-22s crdgen %.1fx as fast in wall time (at least %gx: %s), %.2f of the peak RSS (at most %.2f: %s)\n",
		"", "", "target ("+t.issue+")", speedup, t.speedup, met(speedup >= t.speedup), share, t.rssShare, met(share <= t.rssShare))
}

// printFloor measures the floor of a corpus and prints it beside crdgen's
// rows.
func (b *bench) printFloor(c corpus, run runArgs, meds map[string]sample) error {
	floor, err := b.floor(run.dir, run.crds, c)
	if err != nil {
		return err
	}
	above := func(s sample) float64 { return 100 * (s.wall.Seconds()/floor.total().Seconds() - 1) }
	judged := ""
	if floor.judge > 0 {
		judged = fmt.Sprintf(" + the server's validation %.3fs, %.3fs of CPU", floor.judge.Seconds(), floor.judgeCPU.Seconds())
	}
	fmt.Printf("%-20s %5s  %-22s %8.3fs   (go list %.3fs + parsing %.3fs + judge start-up %.3fs%s); crdgen is %.0f%% above it",
		"", "", "floor", floor.total().Seconds(), floor.list.Seconds(), floor.parse.Seconds(), floor.start.Seconds(), judged, above(meds["crdgen"]))
	if rerun, ok := meds["crdgen rerun"]; ok {
		fmt.Printf(", its rerun %.0f%%", above(rerun))
	}
	fmt.Println()
	return nil
}

// skipNoGit is the message of a project corpus without its git directory.
func skipNoGit(c corpus) string {
	return fmt.Sprintf("%s: skipped: %s is in kubebuilder's repository, not in the Go module proxy; name a kubebuilder git directory with -kubebuilder-git DIR or KUBEBUILDER_GIT", c.name, c.project)
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
