package output

// This file implements which existing files crdgen may replace or remove:
// every output comes with its owner, the test of whether a file found at
// its path is one crdgen (or controller-gen, whose files crdgen takes
// over) wrote, and PlanOf replaces nothing an owner does not claim.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Owner is the test of a file found where an output goes: nil when crdgen
// may replace it, else why not (the error follows the file's path in the
// refusal). A file that holds nothing but white space is replaced without
// asking: nothing in it can be lost.
type Owner func(old []byte) error

// Put adds a file to s with the test of which file at its path it may
// replace.
func (s *Set) Put(path string, c Content, own Owner) {
	if s.Files == nil {
		s.Files = map[string]Content{}
	}
	if s.Owners == nil {
		s.Owners = map[string]Owner{}
	}
	s.Files[path] = c
	s.Owners[path] = own
}

// check says why the file at path, which holds old, is not to be replaced
// (nil: it may be).
func (s *Set) check(path string, old []byte) error {
	if len(bytes.TrimSpace(old)) == 0 {
		return nil
	}
	own := s.Owners[path]
	if own == nil {
		return errors.New("exists, and crdgen cannot tell whether it wrote it: remove it to let crdgen write there")
	}
	return own(old)
}

// OwnedIf is the owner of files that owns says are crdgen's; a refusal
// quotes the file's first line and ends with fix, what the user can do.
func OwnedIf(owns func(old []byte) bool, fix string) Owner {
	return func(old []byte) error {
		if owns(old) {
			return nil
		}
		first, _, _ := bytes.Cut(old, []byte("\n"))
		return fmt.Errorf("was not written by crdgen (it starts %q); %s", first, fix)
	}
}

// NewOnly is the owner of a file crdgen only ever creates: it replaces
// nothing.
func NewOnly(old []byte) error {
	return errors.New("exists, and crdgen never replaces it")
}

// Manifests is the owner of a manifest file of documents of the given
// kinds (the RBAC role, the webhook configurations, a CRD): the file is
// read as a YAML parser reads it, every document, and a document of
// another kind, or one that is not an object, is a person's, so the file
// is not replaced. what names the file in the refusal ("the RBAC role").
func Manifests(what string, kinds ...string) Owner {
	return func(old []byte) error {
		docs, err := Documents(old)
		if err != nil {
			return fmt.Errorf("is not YAML crdgen can read (%v), so it is not %s crdgen writes: move it away to let crdgen write there", err, what)
		}
		for _, d := range docs {
			if d.Kind == "" && d.Empty {
				continue
			}
			if !slices.Contains(kinds, d.Kind) {
				return fmt.Errorf("holds %s at line %d, which crdgen did not write: crdgen replaces only %s, a file of %s; move the %s to a file of its own",
					d.describe(), d.Line, what, kindList(kinds), d.noun())
			}
		}
		return nil
	}
}

// OwnsManifest reports whether a file holds at least one document and
// only documents of the given kinds (Manifests' test, as a yes or no).
func OwnsManifest(old []byte, kinds ...string) bool {
	docs, err := Documents(old)
	if err != nil {
		return false
	}
	found := false
	for _, d := range docs {
		if d.Empty {
			continue
		}
		if !slices.Contains(kinds, d.Kind) {
			return false
		}
		found = true
	}
	return found
}

// kindList is "A", "A and B" or "A, B and C" documents.
func kindList(kinds []string) string {
	switch len(kinds) {
	case 1:
		return kinds[0] + " documents"
	case 2:
		return kinds[0] + " and " + kinds[1] + " documents"
	}
	return strings.Join(kinds[:len(kinds)-1], ", ") + " and " + kinds[len(kinds)-1] + " documents"
}

// OwnedCRDs returns the test of which CRD files in an output directory
// crdgen may remove when a run no longer produces them: files of one
// CustomResourceDefinition named <group>_<plural>.yaml after its own group
// and plural that either carries crdgen's version annotation, or belongs
// to a group that the packages of this run declare (+groupName), so that
// a CRD of a kind the user deleted goes, and a hand-kept third-party CRD
// (cert-manager.io_certificates.yaml beside the generated ones) stays.
func OwnedCRDs(annotation string, groups map[string]bool) func(name string, data []byte) bool {
	return func(name string, data []byte) bool {
		crd, ok := crdOf(data)
		if !ok || name != crd.group+"_"+crd.plural+".yaml" {
			return false
		}
		return crd.annotated(annotation) || groups[crd.group]
	}
}

// OwnedCRDManifests is OwnedCRDs for a layout whose file names are not
// <group>_<plural>.yaml (openshift's <...>.crd.yaml): files ending in ext
// of one CustomResourceDefinition that carries the annotation or belongs
// to a group the packages declare.
func OwnedCRDManifests(ext, annotation string, groups map[string]bool) func(name string, data []byte) bool {
	return func(name string, data []byte) bool {
		crd, ok := crdOf(data)
		return ok && strings.HasSuffix(name, ext) && (crd.annotated(annotation) || groups[crd.group])
	}
}

// generatedGoHeader matches the "Code generated" line of a Go file crdgen
// or controller-gen wrote (controller-gen names its binary, which may carry
// a version: controller-gen-v0.23).
var generatedGoHeader = regexp.MustCompile(`(?m)^// Code generated by (crdgen|controller-gen[^ ]*)\. DO NOT EDIT\.$`)

// GeneratedGo reports whether a Go file is one crdgen or controller-gen
// generated: its "Code generated" line, before the package clause.
func GeneratedGo(old []byte) bool {
	head, _, _ := strings.Cut(string(old), "\npackage ")
	return generatedGoHeader.MatchString(head)
}

// OwnedBy returns the test of a Go file crdgen wrote: its "Code generated"
// line is line, before the package clause. controller-gen's files that a
// run no longer makes are left, as controller-gen leaves them.
func OwnedBy(line string) func(name string, data []byte) bool {
	return func(_ string, data []byte) bool {
		head, _, _ := strings.Cut(string(data), "\npackage ")
		return strings.Contains(head+"\n", "\n"+line+"\n") || strings.HasPrefix(head, line+"\n")
	}
}

// StaleTree is where crdgen removes the files with the extension ext it
// wrote in dir and in its directories (not hidden ones) that a run no
// longer makes: those own says are crdgen's. The directories are listed
// when the plan is made, and the rerun record watches them all.
func StaleTree(dir, ext string, own func(name string, data []byte) bool) Stale {
	return Stale{Dir: dir, Ext: ext, Tree: true, Own: own}
}

// subdirs lists the directories of dir, hidden ones left out (none when
// dir does not exist).
func subdirs(dir string) []string {
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}
