package generators

// This file implements the table of generators: one row per output of
// crdgen generate, each with its name, what it writes, what it needs of
// the load and the build, its settings and flags, and its run function.
// --generators, crdgen.yaml's generators key, the help and the readers of
// every flag come from it.

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// Generator is one row of the table.
type Generator struct {
	// Name is what --generators and crdgen.yaml's generators call it.
	Name string
	// Doc says what it writes, for the help.
	Doc string
	// Needs is what it needs of the load and the build.
	Needs Needs
	// Section is the section of crdgen.yaml its settings are in ("": none).
	Section string
	// On, when set, turns the generator on by default from crdgen.yaml
	// (a jsonSchema section, docs.outputDir).
	On func(cfg *config.Config) bool
	// Keeps, when set, runs the generator in every run whose command line
	// does not name the generators, asked for or not: not asked for, it
	// keeps current only the outputs the project already has of it
	// (Input.Asked reports false for it), so that a file crdgen wrote
	// never goes stale because the layout's defaults leave it out.
	Keeps bool
	// Reads are the flags of generate it reads: a flag is an error when
	// no generator asked for reads it.
	Reads []string
	// flags registers its own flags of generate over the defaults; check
	// refuses settings it cannot run with.
	flags func(fs *cli.FlagSet, d Defaults)
	check func() error
	// run makes its files of the input.
	run func(in *Input) (*output.Set, markers.ErrorList, error)
}

// Needs is what a generator needs of the load and the build.
type Needs struct {
	// CRDs: the pipeline's CRDs (the build runs).
	CRDs bool
	// AllFields: every field of every type (parser.Options.AllFields).
	AllFields bool
	// Comments: gengo's comment blocks (parser.Options.Comments).
	Comments bool
}

// Defaults are what the flags default to: crdgen.yaml over the layout.
type Defaults struct {
	Config *config.Config
	Layout config.Layout
}

// Input is what the generators of a run make their files of.
type Input struct {
	Model *model.Model
	// Results are the pipeline's, one per feature set (empty when no
	// generator asked for needs the CRDs).
	Results pipeline.SetResults
	// FS reads what a generator reads besides the packages (header files,
	// existing outputs it asks about), recorded for the rerun record.
	FS     safefile.FS
	Config *config.Config
	Layout config.Layout
	// Sets are crdgen.yaml's feature sets; OpenShift its openshift section.
	Sets      []*featureset.Set
	OpenShift *config.OpenShift
	// SuiteDirs are where crdgen test reads suites: the CRDs may not go
	// there.
	SuiteDirs []string
	// Abs resolves a path against the working directory; Rel shortens one
	// for messages; Inside says whether a path lies in the project or a
	// directory the user named (outputs a marker places).
	Abs, Rel func(string) string
	Inside   func(string) bool
	// Asked reports whether a generator is asked for in this run.
	Asked func(name string) bool
	// HeaderFile is the boilerplate of generated Go files ("": none), and
	// Year the year of every header (--header-file, --year).
	HeaderFile, Year string
}

// All are the generators, in the order they run and --generators lists
// them.
func All() []*Generator {
	return []*Generator{crdRow(), conversionRow(), objectRow(), rbacRow(), webhookRow(), applyConfigRow(), jsonSchemaRow(), docsRow()}
}

// Names are the generators' names, in order.
func Names() []string {
	var out []string
	for _, g := range All() {
		out = append(out, g.Name)
	}
	return out
}

// Help is the list of generators for generate's help: each name and what
// it writes, wrapped at 80 columns.
func Help() string {
	var b strings.Builder
	for _, g := range All() {
		line := fmt.Sprintf("  %-19s", g.Name)
		for _, word := range strings.Fields(g.Doc) {
			if len(line)+1+len(word) > 80 {
				b.WriteString(line + "\n")
				line = strings.Repeat(" ", 21)
			}
			line += " " + word
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// Table is the generators of one run of generate, with their settings.
type Table struct {
	rows  []*Generator
	which cli.StringList
	// keep is set (by Check) when the command line does not name the
	// generators: the rows that keep their outputs current run then.
	keep bool
	// shared are the flags several generators read: the Go header and
	// the year of every header.
	headerFile, year string
}

// New returns the table of a run.
func New() *Table { return &Table{rows: All()} }

// Register registers --generators, the shared flags and every
// generator's own on fs. The default of --generators is the layout's
// generators and those crdgen.yaml turns on.
func (t *Table) Register(fs *cli.FlagSet, d Defaults) {
	t.which = slices.Clone(d.Layout.Generators)
	for _, g := range t.rows {
		if g.On != nil && d.Config != nil && g.On(d.Config) && !slices.Contains(t.which, g.Name) {
			t.which = append(t.which, g.Name)
		}
	}
	fs.Var(&cli.CommaList{List: &t.which, Allowed: Names(), Noun: "generator"}, "generators", "LIST",
		"what to generate, comma-separated: "+strings.Join(Names(), ", ")+"; by default "+strings.Join(config.DefaultGenerators(), ",")+", in a kubebuilder project "+strings.Join(config.KubebuilderGenerators(), ",")+" (what its make manifests generate runs), or "+config.Name+"'s generators, with jsonschema and docs when "+config.Name+" configures them")
	for _, g := range t.rows {
		if g.flags != nil {
			g.flags(fs, d)
		}
	}
	fs.StringVar(&t.headerFile, "header-file", "FILE", d.Layout.HeaderFile, "the boilerplate at the top of generated Go files (YEAR becomes --year)")
	fs.StringVar(&t.year, "year", "YEAR", d.Layout.Year, "the year in headers (default: the current year; an existing file keeps its own)")
}

// Asked reports whether a generator is asked for.
func (t *Table) Asked(name string) bool { return slices.Contains(t.which, name) }

// Which are the generators asked for, as given.
func (t *Table) Which() []string { return t.which }

// Needs is what the generators that run need, together.
func (t *Table) Needs() Needs {
	var n Needs
	for _, g := range t.runs() {
		n.CRDs = n.CRDs || g.Needs.CRDs
		n.AllFields = n.AllFields || g.Needs.AllFields
		n.Comments = n.Comments || g.Needs.Comments
	}
	return n
}

func (t *Table) asked() []*Generator {
	return slices.DeleteFunc(slices.Clone(t.rows), func(g *Generator) bool { return !t.Asked(g.Name) })
}

// runs are the generators that run: those asked for, and those that keep
// their outputs current when the command line does not name the
// generators (Generator.Keeps).
func (t *Table) runs() []*Generator {
	return slices.DeleteFunc(slices.Clone(t.rows), func(g *Generator) bool { return !t.Asked(g.Name) && !(t.keep && g.Keeps) })
}

// Check refuses settings a generator asked for cannot run with, and a
// flag given on the command line that no generator asked for reads: it
// would change nothing (--role-name without rbac used to be ignored, and
// no role written).
func (t *Table) Check(fs *cli.FlagSet, now time.Time) error {
	t.keep = !fs.IsSet("generators")
	if t.year == "" {
		t.year = strconv.Itoa(now.Year())
	}
	if !yearRE.MatchString(t.year) {
		return fmt.Errorf("--year %q is not a year of four digits", t.year)
	}
	for _, g := range t.asked() {
		if g.check != nil {
			if err := g.check(); err != nil {
				return err
			}
		}
	}
	readers := FlagReaders()
	for _, name := range slices.Sorted(maps.Keys(readers)) {
		gens := readers[name]
		if !fs.IsSet(name) || slices.ContainsFunc(gens, t.Asked) {
			continue
		}
		what := "the " + gens[0] + " generator reads it"
		if len(gens) > 1 {
			what = "the " + strings.Join(gens[:len(gens)-1], ", ") + " and " + gens[len(gens)-1] + " generators read it"
		}
		return fmt.Errorf("--%s changes nothing with --generators %s: %s; add %s to --generators, or leave the flag out", name, strings.Join(t.which, ","), what, strings.Join(gens, " or "))
	}
	return nil
}

// yearRE is a year as YEAR is replaced with.
var yearRE = regexp.MustCompile(`^[0-9]{4}$`)

// FlagReaders are generate's flags that only some generators read, and
// which, from the rows' Reads.
func FlagReaders() map[string][]string {
	out := map[string][]string{}
	for _, g := range All() {
		for _, f := range g.Reads {
			out[f] = append(out[f], g.Name)
		}
	}
	return out
}

// Run runs the generators (those asked for, and those that keep their
// outputs current), in the table's order, and returns
// their outputs and diagnostics; it stops at one that fails, with the
// diagnostics so far.
func (t *Table) Run(in *Input) (*output.Set, markers.ErrorList, error) {
	in.Asked, in.Year = t.Asked, t.year
	if t.headerFile != "" {
		// Relative to where crdgen runs, as controller-gen's headerFile.
		in.HeaderFile = in.Abs(t.headerFile)
	}
	out := &output.Set{}
	var diags markers.ErrorList
	for _, g := range t.runs() {
		set, d, err := g.run(in)
		diags.Append(d)
		if err != nil {
			return nil, diags, err
		}
		if set != nil {
			out.Add(set)
		}
	}
	return out, diags, nil
}
