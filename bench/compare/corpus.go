package main

// This file implements the corpora: real API trees fetched through the Go
// module proxy into a scratch module, the synthetic scale corpus of N
// copies of prometheus-operator's monitoring/v1, each under its own group,
// and (kubebuilder.go) a whole project taken from a git directory.

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// corpus is an API tree to generate CRDs for.
type corpus struct {
	name string
	// module is the module@version the scratch module requires.
	module string
	// packages are the package patterns, as the tools are given them.
	packages []string
	// copies is N for a synthetic corpus, 0 otherwise.
	copies int
	// edit makes it the edit loop: the module as the main module, each
	// run after a one-line change (edit.go).
	edit bool
	// project is a project's path in the repository of the git directory
	// git (kubebuilder.go): the project is the main module, each tool runs
	// in a copy of its own, restored before each run, and does what the
	// project's Makefile does.
	project, git string
	// target is what the corpus's issue asks of crdgen against
	// controller-gen, printed beside the ratios (nil: nothing).
	target *target
}

// target is a speed and memory target set by an issue.
type target struct {
	issue string
	// speedup is how many times faster than controller-gen crdgen must
	// be, in wall time.
	speedup float64
	// rssShare is the largest share of controller-gen's peak RSS crdgen
	// may take.
	rssShare float64
}

const (
	poModule = "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring"
	poVer    = "v0.94.1"
)

// corpusByName returns a corpus: prometheus-operator, cluster-api,
// edit-loop, kubebuilder (from the git directory kubebuilderGit; "" skips
// it) or synthetic-N.
func corpusByName(name, kubebuilderGit string) (corpus, error) {
	switch name {
	case kubebuilderCorpus:
		return corpus{name: name, packages: []string{"./..."}, project: kubebuilderProject, git: kubebuilderGit,
			target: &target{issue: "issue 28", speedup: 10, rssShare: 0.25}}, nil
	case "prometheus-operator":
		return corpus{name: name, module: poModule + "@" + poVer, packages: []string{poModule + "/v1", poModule + "/v1alpha1", poModule + "/v1beta1"}}, nil
	case editLoop:
		return corpus{name: name, module: poModule + "@" + poVer, packages: []string{"./..."}, edit: true}, nil
	case "cluster-api":
		return corpus{name: name, module: "sigs.k8s.io/cluster-api/api@v1.14.2", packages: []string{"sigs.k8s.io/cluster-api/api/..."}}, nil
	}
	if n, ok := strings.CutPrefix(name, "synthetic-"); ok {
		copies, err := strconv.Atoi(n)
		if err == nil && copies > 0 {
			return corpus{name: name, module: poModule + "@" + poVer, packages: []string{"./apis/..."}, copies: copies}, nil
		}
	}
	return corpus{}, fmt.Errorf("unknown corpus %q (prometheus-operator, cluster-api, edit-loop, kubebuilder, synthetic-N)", name)
}

// prepare makes the scratch module of a corpus (once; it is kept in the
// work directory between runs).
func prepare(dir string, c corpus) error {
	if c.project != "" {
		_, err := prepareProject(dir, c)
		return err
	}
	if c.edit {
		return prepareMainModule(dir, c)
	}
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
	module := strings.TrimSuffix(c.module, version)
	if c.copies > 0 {
		if err := sh(dir, nil, "go", "get", module+"/v1"+version); err != nil {
			return err
		}
		if err := copyMonitoring(dir, c.copies); err != nil {
			return err
		}
		return sh(dir, nil, "go", "mod", "tidy")
	}
	// Getting the package patterns (not just the module) records every
	// go.sum entry a build of those packages needs.
	for _, p := range c.packages {
		if err := sh(dir, nil, "go", "get", p+version); err != nil {
			return err
		}
	}
	return nil
}

// copyMonitoring writes n copies of monitoring/v1 into apis/gNNN/v1, each
// with +groupName=gNNN.monitoring.example.com, so that every copy is a group
// of 7 CRDs of its own.
func copyMonitoring(dir string, n int) error {
	src, err := output(dir, "go", "list", "-f", "{{.Dir}}", poModule+"/v1")
	if err != nil {
		return err
	}
	src = strings.TrimSpace(src)
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for i := 1; i <= n; i++ {
		group := fmt.Sprintf("g%03d", i)
		dst := filepath.Join(dir, "apis", group, "v1")
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(src, name))
			if err != nil {
				return err
			}
			text := strings.ReplaceAll(string(data), "+groupName=monitoring.coreos.com", "+groupName="+group+".monitoring.example.com")
			if err := os.WriteFile(filepath.Join(dst, name), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
