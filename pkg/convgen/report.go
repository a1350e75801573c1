package convgen

// This file implements the lossiness report: for every kind, spoke and
// direction, what happens to each field on the way.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/crdgen/crdgen/pkg/model"
)

// Report is the lossiness report of a model's conversions.
type Report struct {
	Kinds []KindReport `json:"kinds"`
}

// KindReport is one kind's conversions.
type KindReport struct {
	Group string `json:"group"`
	Kind  string `json:"kind"`
	// Hub is the storage version every other version converts through.
	Hub    string        `json:"hub"`
	Spokes []SpokeReport `json:"spokes"`
}

// SpokeReport is the conversion of one spoke version, both ways.
type SpokeReport struct {
	Version string        `json:"version"`
	ToHub   []FieldReport `json:"toHub"`
	FromHub []FieldReport `json:"fromHub"`
}

// FieldReport is what one direction does with one field. From is the field's
// path in the input version and To in the output version ("" when the field
// exists on one side only). Paths are JSON paths from the object's root;
// "[]" steps into list items and "[*]" into map values.
type FieldReport struct {
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Class  Class  `json:"class"`
	Detail string `json:"detail,omitempty"`
}

func buildReport(pps []*pkgPair) *Report {
	r := &Report{Kinds: []KindReport{}}
	index := map[*kindConv]int{}
	for _, pp := range pps {
		for _, kp := range pp.kinds {
			i, ok := index[kp.kc]
			if !ok {
				i = len(r.Kinds)
				index[kp.kc] = i
				r.Kinds = append(r.Kinds, KindReport{Group: kp.kc.group, Kind: kp.kc.name, Hub: kp.hub.Version.Name})
			}
			r.Kinds[i].Spokes = append(r.Kinds[i].Spokes, SpokeReport{
				Version: kp.spoke.Version.Name,
				ToHub:   reportDirection(kp.root.toHub),
				FromHub: reportDirection(kp.root.fromHub),
			})
		}
	}
	return r
}

// reportDirection lists the fields of a direction, descending into the
// type pairs it converts through.
func reportDirection(root *direction) []FieldReport {
	out := []FieldReport{}
	onPath := map[*direction]bool{}
	var walk func(d *direction, from, to string)
	walk = func(d *direction, from, to string) {
		if onPath[d] {
			return
		}
		onPath[d] = true
		defer delete(onPath, d)
		for _, fc := range d.fields {
			if fc.class == ClassRenamed && fc.plan == nil {
				continue // the end of a move, listed with the move
			}
			fr := FieldReport{Class: fc.class, Detail: fc.why}
			if fc.in != nil {
				fr.From = join(from, pathStep(fc.in))
			}
			if fc.out != nil {
				fr.To = join(to, pathStep(fc.out))
			}
			if fc.class == ClassHandWritten {
				fr.Detail = handDetail(d, fc)
			}
			if fc.from != nil {
				fr.Detail = fc.from.Text
			}
			if fc.plan == nil || !(fc.in != nil && fc.in.Inline) {
				out = append(out, fr)
			}
			for _, sub := range plannedPairs(fc.plan) {
				next := sub.toHub
				if !d.toHub {
					next = sub.fromHub
				}
				suffix := listSuffix(fc.plan)
				walk(next, fr.From+suffix, fr.To+suffix)
			}
		}
		for _, mv := range d.moves {
			spoke, hub := strings.Join(wirePath(mv.spoke), "."), strings.Join(wirePath(mv.hub), ".")
			fr := FieldReport{Class: ClassRenamed, Detail: mv.marker.Text}
			if d.toHub {
				fr.From, fr.To = join(from, spoke), join(to, hub)
			} else {
				fr.From, fr.To = join(from, hub), join(to, spoke)
			}
			out = append(out, fr)
		}
	}
	walk(root, "", "")
	return out
}

func handDetail(d *direction, fc *fieldConv) string {
	why := fc.why
	if d.hand != nil {
		return fmt.Sprintf("%s (%s)", d.name(), why)
	}
	return fmt.Sprintf("missing %s (%s)", d.name(), why)
}

// pathStep is a field's step in a report path; inlined fields add none.
func pathStep(f *model.Field) string {
	if f.Inline {
		return ""
	}
	return wireName(f)
}

func join(prefix, step string) string {
	switch {
	case step == "":
		return prefix
	case prefix == "":
		return step
	}
	return prefix + "." + step
}

// Render renders the report: as WriteText's table (text), or indented
// JSON (json).
func (r *Report) Render(format string) ([]byte, error) {
	if format == "text" {
		var b bytes.Buffer
		err := r.WriteText(&b)
		return b.Bytes(), err
	}
	data, err := json.MarshalIndent(r, "", "  ")
	return append(data, '\n'), err
}

// WriteText prints the report as a table, one line per field and direction.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, k := range r.Kinds {
		fmt.Fprintf(&b, "%s %s (hub %s)\n", k.Group, k.Kind, k.Hub)
		for _, s := range k.Spokes {
			for _, dir := range []struct {
				name   string
				fields []FieldReport
			}{{s.Version + " -> " + k.Hub, s.ToHub}, {k.Hub + " -> " + s.Version, s.FromHub}} {
				fmt.Fprintf(&b, "  %s\n", dir.name)
				for _, f := range dir.fields {
					line := fmt.Sprintf("    %-24s %s", f.Class, describePaths(f))
					if f.Detail != "" {
						line += "  " + f.Detail
					}
					b.WriteString(strings.TrimRight(line, " ") + "\n")
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func describePaths(f FieldReport) string {
	switch {
	case f.From == f.To:
		return f.From
	case f.From == "":
		return "(none) -> " + f.To
	case f.To == "":
		return f.From + " -> (none)"
	}
	return f.From + " -> " + f.To
}
