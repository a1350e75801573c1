package pipeline

// This file implements a run per feature set: the pipeline once for each
// set (or once with no set), and what the callers ask of all the sets'
// results together.

import (
	"maps"
	"slices"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// SetResult is the CRDs of one feature set (Set nil: no feature sets).
type SetResult struct {
	Set    *featureset.Set
	Result *Result
}

// SetName names the result's set in reports ("" without sets).
func (sr SetResult) SetName() string {
	if sr.Set == nil {
		return ""
	}
	return sr.Set.Name
}

// SetResults are the results of RunSets, one per set in the sets' order.
type SetResults []SetResult

// RunSets runs the pipeline on the model once per feature set, or once
// with no set when there are none, each with the options opts gives for
// its set (Schema.Set is set here, and Schema.Views, when opts leaves it
// nil, to views of the model every set's run shares, so that each is
// built once). Each run starts from the load's
// diagnostics, by which the pipeline judges what the load reported; the
// diagnostics returned are those of every run, sorted. On an error the
// results are those of the sets before it.
func RunSets(mod *model.Model, diags markers.ErrorList, sets []*featureset.Set, opts func(*featureset.Set) Options, ph *Phases) (SetResults, markers.ErrorList, error) {
	if len(sets) == 0 {
		sets = []*featureset.Set{nil}
	}
	var out SetResults
	var all markers.ErrorList
	views := schemagen.NewViews(mod)
	for _, set := range sets {
		o := opts(set)
		o.Schema.Set = set
		if o.Schema.Views == nil {
			o.Schema.Views = views
		}
		res, d, err := Run(mod, slices.Clone(diags), o, ph)
		all = append(all, d...)
		if err != nil {
			return out, all.Sorted(), err
		}
		out = append(out, SetResult{Set: set, Result: res})
	}
	return out, all.Sorted(), nil
}

// Built reports whether every set's CRDs could be built.
func (rs SetResults) Built() bool {
	if len(rs) == 0 {
		return false
	}
	for _, sr := range rs {
		if sr.Result == nil {
			return false
		}
	}
	return true
}

// Close removes what every result spooled.
func (rs SetResults) Close() {
	for _, sr := range rs {
		sr.Result.Close()
	}
}

// VersionDirs are the directories of the packages the CRDs' versions come
// from, in every set, sorted.
func (rs SetResults) VersionDirs() []string {
	dirs := map[string]bool{}
	for _, sr := range rs {
		for _, c := range sr.Result.CRDs {
			for _, k := range c.Kinds {
				if p := k.Package(); p != nil && p.Dir != "" {
					dirs[p.Dir] = true
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(dirs))
}

// CostReports renders the cost report of every set: the one report
// without feature sets, else each under its set (celcost.RenderSets).
func (rs SetResults) CostReports(format string) ([]byte, error) {
	if len(rs) == 1 && rs[0].Set == nil {
		return celcost.Render(rs[0].Result.Cost, format)
	}
	var sets []celcost.SetReport
	for _, sr := range rs {
		sets = append(sets, celcost.SetReport{Set: sr.SetName(), Report: sr.Result.Cost})
	}
	return celcost.RenderSets(sets, format)
}

// MaxCostPercent is the largest share of its budget any rule of any set
// uses.
func (rs SetResults) MaxCostPercent() float64 {
	most := 0.0
	for _, sr := range rs {
		most = max(most, sr.Result.Cost.MaxPercent())
	}
	return most
}

// Reused counts the CRDs every set built, and how many of them were taken
// from the remembered builds (Options.Builds) rather than built again.
func (rs SetResults) Reused() (built, reused int) {
	for _, sr := range rs {
		if sr.Result != nil {
			built += len(sr.Result.Files)
			reused += sr.Result.Reused
		}
	}
	return built, reused
}
