package main

// This file implements a run's layout: where the outputs go and what
// crdgen generate makes, before the command line. The defaults are
// crdgen's (CRDs into config/crd/bases, and conversions), or, in a
// kubebuilder project (a PROJECT file), the scaffold's "make manifests
// generate": controller-gen's five generators (not conversion, which
// kubebuilder leaves to hand-written code), in kubebuilder's directories,
// with its header file. crdgen.yaml overrides each part, and flags override that.

import (
	"path/filepath"
	"slices"

	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
)

// layout is where a run's outputs go and what generate makes.
type layout struct {
	// kubebuilder is the kubebuilder project's directory ("" outside one).
	kubebuilder string
	generators  []string
	// packages are the patterns when the command line and crdgen.yaml
	// give none.
	packages []string
	crdDir   string
	// headerFile is the boilerplate of generated Go files; rbacHeader and
	// webhookHeader those of the manifests (kubebuilder's Makefile gives
	// the manifests none).
	headerFile, rbacHeader, webhookHeader string
	year                                  string
	roleName, rbacDir, rbacFile           string
	webhookDir                            string
	external                              []string
}

// kubebuilderRoleName is the role kubebuilder's Makefile names.
const kubebuilderRoleName = "manager-role"

// layoutOf is the layout of a run in dir: cfg (nil: none) over the
// defaults, which are kubebuilder's in the project at project ("": not
// one).
func layoutOf(cfg *config.Config, project string, fsys safefile.FS) layout {
	l := layout{
		generators: []string{"crd", "conversion"},
		crdDir:     "config/crd/bases",
		rbacDir:    "config/rbac",
		rbacFile:   "role.yaml",
		webhookDir: "config/webhook",
	}
	if project != "" {
		l.kubebuilder = project
		l.generators = slices.DeleteFunc(config.Generators(), func(g string) bool { return g == "conversion" })
		l.packages = []string{filepath.Join(project, "...")}
		l.crdDir = filepath.Join(project, "config", "crd", "bases")
		l.rbacDir = filepath.Join(project, "config", "rbac")
		l.webhookDir = filepath.Join(project, "config", "webhook")
		l.roleName = kubebuilderRoleName
		if header := filepath.Join(project, "hack", "boilerplate.go.txt"); exists(fsys, header) {
			l.headerFile = header
		}
	}
	if cfg == nil {
		return l
	}
	set := func(p *string, v string) {
		if v != "" {
			*p = cfg.Resolve(v)
		}
	}
	if len(cfg.Generators) > 0 {
		l.generators = cfg.Generators
	}
	if ps := cfg.Patterns(); len(ps) > 0 {
		l.packages = ps
	}
	set(&l.crdDir, cfg.OutputDir)
	set(&l.headerFile, cfg.HeaderFile)
	if cfg.Year != "" {
		l.year = cfg.Year
	}
	if c := cfg.RBAC; c != nil {
		if c.RoleName != "" {
			l.roleName = c.RoleName
		}
		if c.FileName != "" {
			l.rbacFile = c.FileName
		}
		set(&l.rbacDir, c.OutputDir)
		set(&l.rbacHeader, c.HeaderFile)
	}
	if c := cfg.Webhook; c != nil {
		set(&l.webhookDir, c.OutputDir)
		set(&l.webhookHeader, c.HeaderFile)
	}
	if c := cfg.ApplyConfiguration; c != nil {
		l.external = c.External
	}
	return l
}

// exists reports whether a regular file is at path.
func exists(fsys safefile.FS, path string) bool {
	fi, err := fsys.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
