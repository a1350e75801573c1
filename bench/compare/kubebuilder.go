package main

// This file implements the kubebuilder corpus: kubebuilder's
// testdata/project-v4-multigroup, a whole scaffolded project (APIs,
// controllers, webhooks, main), where controller-gen runs the two command
// lines of the project's Makefile (make manifests, then make generate) and
// crdgen runs "crdgen generate" alone. The project is a module of its own
// inside kubebuilder's repository, so not in the Go module proxy's zips: it
// is taken from a kubebuilder git directory with git archive.

import (
	"archive/tar"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// kubebuilderCorpus is the kubebuilder corpus's name.
const kubebuilderCorpus = "kubebuilder"

// kubebuilderProject is the project's path in kubebuilder's repository.
const kubebuilderProject = "testdata/project-v4-multigroup"

// kubebuilderCRDs is where both tools write the project's CRDs: the
// Makefile's output:crd:artifacts:config, which crdgen's kubebuilder layout
// follows.
const kubebuilderCRDs = "config/crd/bases"

// makeTargets are the Makefile targets whose controller-gen lines
// controller-gen runs, in order: the scaffold's "make manifests generate".
func makeTargets() []string { return []string{"manifests", "generate"} }

// prepareProject extracts a project corpus from its git directory's HEAD
// into dir/project and runs go mod tidy there (the testdata projects
// commit no go.sum); it is kept between runs and extracted again when HEAD
// moves. It returns the revision extracted.
func prepareProject(dir string, c corpus) (string, error) {
	out, err := output(".", "git", "--git-dir="+c.git, "rev-parse", "HEAD")
	if err != nil {
		return "", err
	}
	rev := strings.TrimSpace(out)
	project := filepath.Join(dir, "project")
	stamp := filepath.Join(dir, "revision")
	if kept, err := os.ReadFile(stamp); err == nil && string(kept) == rev {
		if _, err := os.Stat(filepath.Join(project, "go.sum")); err == nil {
			return rev, nil
		}
	}
	os.Remove(stamp)
	if err := os.RemoveAll(project); err != nil {
		return "", err
	}
	if err := extractProject(c.git, rev, c.project, project); err != nil {
		return "", err
	}
	if err := sh(project, nil, "go", "mod", "tidy"); err != nil {
		return "", err
	}
	return rev, os.WriteFile(stamp, []byte(rev), 0o644)
}

// extractProject writes the tree at dir in git's rev (git archive) to dst,
// dir's own path stripped.
func extractProject(gitDir, rev, dir, dst string) error {
	cmd := exec.Command("git", "--git-dir="+gitDir, "archive", "--format=tar", rev, dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	n, untarErr := untar(stdout, dir, dst)
	io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive %s %s in %s: %v\n%s", rev, dir, gitDir, err, stderr.String())
	}
	if untarErr != nil {
		return untarErr
	}
	if n == 0 {
		return fmt.Errorf("git archive %s %s in %s: no files", rev, dir, gitDir)
	}
	return nil
}

// untar writes the files of a tar stream under prefix to dst, prefix
// stripped, and returns how many it wrote.
func untar(r io.Reader, prefix, dst string) (int, error) {
	tr := tar.NewReader(r)
	n := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		rel, ok := strings.CutPrefix(path.Clean(h.Name), prefix+"/")
		if !ok || !fs.ValidPath(rel) {
			continue
		}
		target := filepath.Join(dst, filepath.FromSlash(rel))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(target, 0o755)
		case tar.TypeReg:
			err = writeFile(target, tr, h.FileInfo().Mode().Perm())
			n++
		case tar.TypeSymlink:
			if err = os.MkdirAll(filepath.Dir(target), 0o755); err == nil {
				err = os.Symlink(h.Linkname, target)
			}
		}
		if err != nil {
			return n, err
		}
	}
}

func writeFile(path string, r io.Reader, perm fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// restoreTree makes dst a copy of src as it is, modes and modification
// times kept: a project as extracted, before a tool rewrites its files.
func restoreTree(src, dst string) error {
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		err = writeFile(target, f, info.Mode().Perm())
		f.Close()
		if err != nil {
			return err
		}
		return os.Chtimes(target, info.ModTime(), info.ModTime())
	})
}

// controllerGenSteps returns the arguments of the controller-gen command
// lines of a Makefile's targets, in order, as the shell would pass them
// ("$(CONTROLLER_GEN)" left out), with $(NAME) replaced from vars. Every
// target must have at least one such line, and no other variable may be
// left in one.
func controllerGenSteps(makefile string, targets []string, vars map[string]string) ([][]string, error) {
	recipes := makeRecipes(makefile)
	var steps [][]string
	for _, target := range targets {
		found := false
		for _, line := range recipes[target] {
			words, err := shellWords(strings.TrimLeft(line, "@-+ \t"))
			if err != nil {
				return nil, fmt.Errorf("make %s: %q: %v", target, line, err)
			}
			if len(words) == 0 || words[0] != "$(CONTROLLER_GEN)" {
				continue
			}
			args := words[1:]
			for i, a := range args {
				for name, value := range vars {
					a = strings.ReplaceAll(a, "$("+name+")", value)
				}
				if strings.Contains(a, "$(") || strings.Contains(a, "${") {
					return nil, fmt.Errorf("make %s: %q: a variable this benchmark does not know", target, a)
				}
				args[i] = a
			}
			steps = append(steps, args)
			found = true
		}
		if !found {
			return nil, fmt.Errorf("make %s: no $(CONTROLLER_GEN) command line", target)
		}
	}
	return steps, nil
}

// makeRecipes returns each rule's recipe lines (those that start with a
// tab), by target. It knows only what a scaffolded Makefile needs: rules
// "target: prerequisites" with tab-indented recipes, and no continuation
// lines.
func makeRecipes(makefile string) map[string][]string {
	recipes := map[string][]string{}
	var current []string
	for _, line := range strings.Split(makefile, "\n") {
		if cmd, ok := strings.CutPrefix(line, "\t"); ok {
			for _, target := range current {
				recipes[target] = append(recipes[target], cmd)
			}
			continue
		}
		current = nil
		head, _, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line[len(head):], ":=") || strings.ContainsAny(head, "=#?") {
			continue
		}
		current = strings.Fields(head)
	}
	return recipes
}

// shellWords splits a command line into words as sh does, for what a
// Makefile's recipe holds: blanks between words, single and double quotes,
// and backslashes outside single quotes.
func shellWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case quote == '\'' && ch == '\'', quote == '"' && ch == '"':
			quote = 0
		case quote == '\'':
			word.WriteByte(ch)
		case ch == '\\' && i+1 < len(line) && (quote == 0 || strings.IndexByte(`"\$`+"`", line[i+1]) >= 0):
			i++
			word.WriteByte(line[i])
			inWord = true
		case quote == '"':
			word.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote = ch
			inWord = true
		case ch == ' ' || ch == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}
