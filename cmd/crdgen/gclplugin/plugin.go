package gclplugin

// This file implements the plugin: its registration, its settings, the
// one crdgen run per process and the analyzer that reports its
// diagnostics on each package.

import (
	"context"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Name is the linter's name in .golangci.yml and in //nolint:crdgen.
const Name = "crdgen"

// module is crdgen's module path, whose version the plugin stamps.
const module = "github.com/crdgen/crdgen"

// golangci-lint finds a module plugin in a registry that the plugin's
// package fills when it is linked in: golangci-lint custom writes a blank
// import of this package into the binary it builds, and nothing else
// calls the plugin. This init is the one crdgen has, because
// plugin-module-register works no other way.
func init() { register.Plugin(Name, New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Args are crdgen crd's flags and package patterns, as on its command
	// line (["--unknown-markers=warn", "./api/..."]); without patterns,
	// crdgen.yaml's packages, a kubebuilder project's, or ./....
	Args []string `json:"args"`
	// Config is crdgen.yaml's path ("" finds it as crdgen does:
	// $CRDGEN_CONFIG, else from the working directory up to the module
	// root).
	Config string `json:"config"`
}

// New is the plugin of golangci-lint's settings for it.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("crdgen's settings: %w", err)
	}
	return &Plugin{settings: s}, nil
}

// Plugin is the linter: its settings, and the one run of crdgen that
// every package's pass reads.
type Plugin struct {
	settings Settings
	once     sync.Once
	result   result
}

// result is crdgen's diagnostics of the one run, by file, or the error
// that ended it.
type result struct {
	byFile map[string][]diagnostic
	err    error
}

// BuildAnalyzers returns the plugin's one analyzer.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{{
		Name: Name,
		Doc:  "reports what crdgen crd reports of the API types: marker mistakes, CEL rules, defaults, the API server's verdict on the CRDs",
		Run:  p.analyze,
	}}, nil
}

// GetLoadMode is syntax: crdgen type-checks the packages itself.
func (p *Plugin) GetLoadMode() string { return register.LoadModeSyntax }

// analyze reports crdgen's diagnostics in the pass's files.
func (p *Plugin) analyze(pass *analysis.Pass) (any, error) {
	p.once.Do(func() { p.result = p.lint() })
	if p.result.err != nil {
		return nil, p.result.err
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil {
			continue
		}
		for _, d := range p.result.byFile[filepath.Clean(tf.Name())] {
			pass.Report(d.analysis(pass.Fset, tf))
		}
	}
	return nil, nil
}

// lint runs crdgen crd's stages, from the working directory.
func (p *Plugin) lint() result {
	dir, err := os.Getwd()
	if err != nil {
		return result{err: err}
	}
	config := p.settings.Config
	if config == "" {
		config = os.Getenv("CRDGEN_CONFIG")
	}
	env := &app.Env{Ctx: context.Background(), Dir: dir, Version: version(), CacheDir: os.Getenv("CRDGEN_CACHE"), ConfigFile: config}
	r, res := app.Prepare(env, app.LintCommand(), p.settings.Args)
	if res != nil {
		return result{err: failure(res.Diags, res.Err, res.Stderr)}
	}
	lint, err := app.Diagnostics(r)
	if err != nil {
		return result{err: failure(lint.Diags, err, "")}
	}
	return result{byFile: byFile(lint)}
}

// failure is an error for a run that ended before its diagnostics (a
// usage error, a crdgen.yaml that does not read, packages that do not
// load): golangci-lint prints it and fails, as crdgen would.
func failure(diags markers.ErrorList, err error, stderr string) error {
	switch {
	case err != nil:
		return fmt.Errorf("crdgen: %w", err)
	case diags.Err() != nil:
		return fmt.Errorf("crdgen: %w", diags.Err())
	case stderr != "":
		return fmt.Errorf("%s", stderr)
	}
	return fmt.Errorf("crdgen: the run ended before its diagnostics")
}

// version is crdgen's module version in the binary golangci-lint custom
// built, "(devel)" for a checkout (a path in .custom-gcl.yml).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	for _, m := range bi.Deps {
		if m.Path == module && m.Replace == nil && m.Version != "" {
			return m.Version
		}
	}
	return "(devel)"
}

// posOf is the position in tf of a line and column (1-based): the
// file's start when tf has no such line, the line's start when it has no
// such column (a file changed since crdgen read it).
func posOf(tf *token.File, line, column int) token.Pos {
	if line < 1 || line > tf.LineCount() {
		return tf.Pos(0)
	}
	start := tf.LineStart(line)
	if column < 1 {
		return start
	}
	offset := tf.Offset(start) + column - 1
	if offset > tf.Size() {
		return start
	}
	return tf.Pos(offset)
}
