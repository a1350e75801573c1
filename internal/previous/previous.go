// Package previous reads the CRDs crdgen diff compares with: the YAML files
// of a directory, or of the output directory as it was at a git revision.
//
// Input: the working directory, the output directory and the --against
// value. Output: the CRDs, and the files and directories read from the
// disk (the rerun cache checks them). Every file is read through
// internal/safefile; a file that is not a CRD is skipped.
package previous

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/safefile"
)

// CRDs are the previous CRDs and what reading them read from the disk.
type CRDs struct {
	CRDs []*apiextv1.CustomResourceDefinition
	// Files and Dirs were read from the disk (none for a git revision).
	Files, Dirs []string
}

// Read reads the previous CRDs: against is a directory ("" for the
// output directory as it is) or "git:REF", the output directory at a git
// revision. Relative paths are against workDir, where git runs.
func Read(ctx context.Context, workDir, outputDir, against string) (CRDs, error) {
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(workDir, p)
	}
	if ref, ok := strings.CutPrefix(against, "git:"); ok {
		crds, err := gitCRDs(ctx, workDir, abs(outputDir), ref)
		return CRDs{CRDs: crds}, err
	}
	dir := outputDir
	if against != "" {
		dir = against
	}
	dir = abs(dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return CRDs{}, fmt.Errorf("reading the previous CRDs: %w", err)
	}
	out := CRDs{Dirs: []string{dir}}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") && !strings.HasSuffix(e.Name(), ".yml") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := safefile.Read(path)
		if err != nil {
			return CRDs{}, err
		}
		out.Files = append(out.Files, path)
		if crd := decodeCRD(data); crd != nil {
			out.CRDs = append(out.CRDs, crd)
		}
	}
	return out, nil
}

// Commit is the commit a git revision names, from workDir.
func Commit(ctx context.Context, workDir, ref string) (string, error) {
	commit, err := git(ctx, workDir, "rev-parse", "--verify", ref+"^{commit}")
	return strings.TrimSpace(string(commit)), err
}

// git runs git in dir.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// gitCRDs reads the CRD files of dir as they were at a git revision.
func gitCRDs(ctx context.Context, workDir, dir, ref string) ([]*apiextv1.CustomResourceDefinition, error) {
	top, err := git(ctx, workDir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(strings.TrimSpace(string(top)), dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("%s is not in the git repository of %s", dir, workDir)
	}
	list, err := git(ctx, workDir, "ls-tree", "--name-only", ref, "--", filepath.ToSlash(rel)+"/")
	if err != nil {
		return nil, err
	}
	var out []*apiextv1.CustomResourceDefinition
	for _, path := range strings.Fields(string(list)) {
		if !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
			continue
		}
		data, err := git(ctx, workDir, "show", ref+":"+path)
		if err != nil {
			return nil, err
		}
		if crd := decodeCRD(data); crd != nil {
			out = append(out, crd)
		}
	}
	return out, nil
}

// decodeCRD decodes a CRD file, or returns nil for any other file.
func decodeCRD(data []byte) *apiextv1.CustomResourceDefinition {
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.Unmarshal(data, crd); err != nil || crd.Kind != "CustomResourceDefinition" {
		return nil
	}
	return crd
}
