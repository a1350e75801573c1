package config

// This file implements a run's layout: where the outputs go and what
// crdgen generate makes, before the command line. The defaults are
// crdgen's (CRDs into config/crd/bases, and conversions), or, in a
// kubebuilder project (a PROJECT file), the scaffold's "make manifests
// generate": controller-gen's five generators (not conversion, which
// kubebuilder leaves to hand-written code), in kubebuilder's directories,
// with its header file. crdgen.yaml overrides each part, and flags
// override that.

import (
	"path/filepath"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Layout is where a run's outputs go and what generate makes.
type Layout struct {
	// Kubebuilder is the kubebuilder project's directory ("" outside one).
	Kubebuilder string
	Generators  []string
	// Packages are the patterns when the command line and crdgen.yaml
	// give none.
	Packages []string
	CRDDir   string
	// HeaderFile is the boilerplate of generated Go files; RBACHeader and
	// WebhookHeader those of the manifests (kubebuilder's Makefile gives
	// the manifests none).
	HeaderFile, RBACHeader, WebhookHeader string
	Year                                  string
	RoleName, RBACDir, RBACFile           string
	WebhookDir                            string
	// External are applyConfiguration.external.
	External []string
}

// DefaultGenerators are what crdgen generate makes outside a kubebuilder
// project when nothing says: the CRDs and the conversions.
func DefaultGenerators() []string { return []string{"crd", "conversion"} }

// KubebuilderGenerators are what kubebuilder's make manifests generate
// runs controller-gen for: its crd, object, rbac, webhook and
// applyconfiguration generators (kubebuilder leaves conversion to
// hand-written code).
func KubebuilderGenerators() []string {
	return []string{"crd", "object", "rbac", "webhook", "applyconfiguration"}
}

// KubebuilderRoleName is the role kubebuilder's Makefile names.
const KubebuilderRoleName = "manager-role"

// LayoutOf is the layout of a run: cfg (nil: none) over the defaults,
// which are kubebuilder's in the project at project ("": not one); fsys
// says whether the project has a header file.
func LayoutOf(cfg *Config, project string, fsys safefile.FS) Layout {
	l := Layout{
		Generators: DefaultGenerators(),
		CRDDir:     "config/crd/bases",
		RBACDir:    "config/rbac",
		RBACFile:   "role.yaml",
		WebhookDir: "config/webhook",
	}
	if project != "" {
		l.Kubebuilder = project
		l.Generators = KubebuilderGenerators()
		l.Packages = []string{filepath.Join(project, "...")}
		l.CRDDir = filepath.Join(project, "config", "crd", "bases")
		l.RBACDir = filepath.Join(project, "config", "rbac")
		l.WebhookDir = filepath.Join(project, "config", "webhook")
		l.RoleName = KubebuilderRoleName
		if header := filepath.Join(project, "hack", "boilerplate.go.txt"); isFile(fsys, header) {
			l.HeaderFile = header
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
		l.Generators = cfg.Generators
	}
	if ps := cfg.Patterns(); len(ps) > 0 {
		l.Packages = ps
	}
	set(&l.CRDDir, cfg.OutputDir)
	set(&l.HeaderFile, cfg.HeaderFile)
	if cfg.Year != "" {
		l.Year = cfg.Year
	}
	if c := cfg.RBAC; c != nil {
		if c.RoleName != "" {
			l.RoleName = c.RoleName
		}
		if c.FileName != "" {
			l.RBACFile = c.FileName
		}
		set(&l.RBACDir, c.OutputDir)
		set(&l.RBACHeader, c.HeaderFile)
	}
	if c := cfg.Webhook; c != nil {
		set(&l.WebhookDir, c.OutputDir)
		set(&l.WebhookHeader, c.HeaderFile)
	}
	if c := cfg.ApplyConfiguration; c != nil {
		l.External = c.External
	}
	return l
}

// isFile reports whether a regular file is at path.
func isFile(fsys safefile.FS, path string) bool {
	fi, err := fsys.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
