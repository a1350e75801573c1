package migrate

// This file implements kubebuilder's way of installing a tool, for
// crdgen: a variable with the binary's path in $(LOCALBIN), overridable on
// make's command line (make CRDGEN=/path/to/crdgen ...); its version in
// CRDGEN_VERSION; and a crdgen target that installs that version through
// the Makefile's go-install-tool (or go install, in a Makefile without
// it), which the targets that ran controller-gen now depend on instead.
// Each goes next to controller-gen's, which stay as they were.

import (
	"slices"
	"strings"
)

// install are the Makefile's edits besides the rewritten lines: the
// convention's lines, the prerequisites, and CRDGEN given to the scripts
// that run crdgen; and the lines it adds.
func (mf *makefile) install(sites []*site, scripts map[string]*source, version string) ([]edit, []string) {
	var rules []*rule
	cgVar := ""
	for _, s := range sites {
		if s.kind != inMakefile {
			continue
		}
		if !slices.Contains(rules, s.target) {
			rules = append(rules, s.target)
		}
		if cgVar == "" {
			cgVar = s.cmdVar
		}
	}
	var edits []edit
	for _, run := range mf.scripts {
		src := scripts[run.name()]
		if src == nil || !slices.ContainsFunc(sites, func(s *site) bool { return s.src == src }) {
			continue
		}
		edits = append(edits, edit{run.at, run.at, `CRDGEN="$(CRDGEN)" `})
		if !slices.Contains(rules, run.rule) {
			rules = append(rules, run.rule)
		}
	}
	if len(rules) == 0 {
		return edits, nil
	}
	if cgVar == "" {
		cgVar = "CONTROLLER_GEN"
	}
	for _, r := range rules {
		edits = append(edits, mf.prerequisites(r, cgVar)...)
	}
	if _, done := mf.vars["CRDGEN"]; done {
		return edits, nil
	}
	var added []string
	_, localbin := mf.vars["LOCALBIN"]
	binLine := "CRDGEN ?= $(CURDIR)/bin/crdgen"
	if v, ok := mf.vars[cgVar]; ok && strings.HasSuffix(v.raw, "/controller-gen") {
		binLine = "CRDGEN ?= " + strings.TrimSuffix(v.raw, "controller-gen") + "crdgen"
	} else if localbin {
		binLine = "CRDGEN ?= $(LOCALBIN)/crdgen"
	}
	versionLine := "CRDGEN_VERSION ?= " + version
	// Beside controller-gen's variable, else before the first rule, as a
	// paragraph of its own.
	at, sep := mf.firstRule, "\n"
	if v, ok := mf.vars[cgVar]; ok && v.lineEnd >= 0 {
		at, sep = lineAfter(mf.src.Data, v.lineEnd), ""
	} else if at < 0 {
		at = len(mf.src.Data)
	}
	if v, ok := mf.vars["CONTROLLER_TOOLS_VERSION"]; ok && v.lineEnd >= 0 {
		edits = append(edits, edit{at, at, binLine + "\n" + sep})
		vat := lineAfter(mf.src.Data, v.lineEnd)
		edits = append(edits, edit{vat, vat, versionLine + "\n"})
	} else {
		edits = append(edits, edit{at, at, binLine + "\n" + versionLine + "\n" + sep})
	}
	added = append(added, binLine, versionLine)

	recipe := "GOBIN=\"$(abspath $(dir $(CRDGEN)))\" go install " + Package + "@$(CRDGEN_VERSION)"
	if mf.defines["go-install-tool"] && localbin {
		recipe = "$(call go-install-tool,$(CRDGEN)," + Package + ",$(CRDGEN_VERSION))"
	}
	prereq := ""
	if localbin && slices.ContainsFunc(mf.rules, func(r *rule) bool { return slices.Contains(r.Targets, "$(LOCALBIN)") }) {
		prereq = " $(LOCALBIN)"
	}
	target := []string{".PHONY: crdgen", "crdgen: $(CRDGEN) ## Download crdgen locally if necessary.", "$(CRDGEN):" + prereq, "\t" + recipe}
	text := "\n" + strings.Join(target, "\n") + "\n"
	tat := len(mf.src.Data)
	if i := slices.IndexFunc(mf.rules, func(r *rule) bool { return slices.Contains(r.Targets, "$("+cgVar+")") && r.recipeEnd > 0 }); i >= 0 {
		tat = lineAfter(mf.src.Data, mf.rules[i].recipeEnd)
	} else if !strings.HasSuffix(mf.src.Data, "\n") {
		text = "\n" + text
	}
	edits = append(edits, edit{tat, tat, text})
	return edits, append(added, target...)
}

// prerequisites replace controller-gen's install target among a rule's
// prerequisites with crdgen's, or, when it has none, add crdgen's first:
// a target that runs crdgen installs it, as kubebuilder's manifests
// target installs controller-gen.
func (mf *makefile) prerequisites(r *rule, cgVar string) []edit {
	var edits []edit
	has := false
	for _, w := range lex(mf.src.Data[r.PrereqStart:r.PrereqEnd], r.PrereqStart) {
		switch w.Value {
		case "controller-gen":
			edits = append(edits, edit{w.Start, w.End, "crdgen"})
		case "$(" + cgVar + ")", "${" + cgVar + "}":
			edits = append(edits, edit{w.Start, w.End, "$(CRDGEN)"})
		case "crdgen", "$(CRDGEN)", "${CRDGEN}":
			has = true
		}
	}
	if len(edits) == 0 && !has {
		edits = append(edits, edit{r.PrereqStart, r.PrereqStart, " crdgen"})
	}
	return edits
}

// lineAfter is the offset of the line after the one ending at end.
func lineAfter(data string, end int) int {
	if end < len(data) {
		return end + 1
	}
	return end
}
