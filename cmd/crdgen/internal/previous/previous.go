package previous

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Read reads the previous CRDs: against is a directory ("" for the
// output directory as it is), read through fsys, or "git:REF", the output
// directory at a git revision. Relative paths are against workDir, where
// git runs.
func Read(ctx context.Context, workDir, outputDir, against string, fsys safefile.FS) ([]*apiextv1.CustomResourceDefinition, error) {
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(workDir, p)
	}
	if ref, ok := strings.CutPrefix(against, "git:"); ok {
		return gitCRDs(ctx, workDir, abs(outputDir), ref)
	}
	dir := outputDir
	if against != "" {
		dir = against
	}
	dir = abs(dir)
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the previous CRDs: %w", err)
	}
	var out []*apiextv1.CustomResourceDefinition
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") && !strings.HasSuffix(e.Name(), ".yml") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := fsys.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if crd := decodeCRD(data); crd != nil {
			out = append(out, crd)
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

// File is a file as a git revision has it.
type File struct {
	// Path is its path in the repository, from its root.
	Path string
	Data []byte
}

// Manifests are the manifests paths (files or directories, relative to
// workDir or absolute) hold at a git revision: every .yaml, .yml and
// .json file under a directory, at any depth, but in directories whose
// names start with a dot (as crdgen validate walks a directory). A path
// the revision does not have holds none.
func Manifests(ctx context.Context, workDir, ref string, paths []string) ([]File, error) {
	top, err := git(ctx, workDir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	root := strings.TrimSpace(string(top))
	var out []File
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			p = filepath.Join(workDir, p)
		}
		rel, err := filepath.Rel(root, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("%s is not in the git repository of %s", p, workDir)
		}
		list, err := git(ctx, root, "ls-tree", "-r", "--name-only", "--full-tree", ref, "--", filepath.ToSlash(rel))
		if err != nil {
			return nil, err
		}
		for _, path := range strings.Split(strings.TrimSpace(string(list)), "\n") {
			if path == "" || !isManifest(path) {
				continue
			}
			data, err := git(ctx, root, "show", ref+":"+path)
			if err != nil {
				return nil, err
			}
			out = append(out, File{Path: path, Data: data})
		}
	}
	return out, nil
}

// isManifest reports whether a repository path is a manifest crdgen
// validate reads in a directory.
func isManifest(path string) bool {
	switch filepath.Ext(path) {
	case ".yaml", ".yml", ".json":
	default:
		return false
	}
	for _, dir := range strings.Split(filepath.Dir(path), "/") {
		if strings.HasPrefix(dir, ".") && dir != "." {
			return false
		}
	}
	return true
}
