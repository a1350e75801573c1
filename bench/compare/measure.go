package main

// This file implements running the tools: building crdgen at a revision, and
// measuring a run's wall time, CPU time and peak RSS.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

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

// measure runs bin once per step, one after the other, each with that
// step's arguments, and returns their summed wall and CPU time and the
// largest peak RSS. With -cold the steps share one empty GOCACHE, as the
// commands of one make run in a fresh container would.
func (b *bench) measure(dir, cache, bin string, steps ...[]string) (sample, error) {
	env := append(os.Environ(), "CRDGEN_CACHE="+cache)
	if b.cold {
		gocache, err := os.MkdirTemp("", "gocache")
		if err != nil {
			return sample{}, err
		}
		defer os.RemoveAll(gocache)
		os.RemoveAll(cache)
		env = append(env, "GOCACHE="+gocache)
	}
	var total sample
	for _, args := range steps {
		s, err := measureOnce(dir, env, bin, args)
		if err != nil {
			return sample{}, err
		}
		total.wall += s.wall
		total.cpu += s.cpu
		total.maxRSSKB = max(total.maxRSSKB, s.maxRSSKB)
	}
	return total, nil
}

// measureOnce runs a command and returns its wall time, CPU time and peak
// RSS.
func measureOnce(dir string, env []string, bin string, args []string) (sample, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = env
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
