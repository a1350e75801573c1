package pipeline

// This file implements the timings of a run, by phase, for -v and for the
// benchmarks.

import (
	"fmt"
	"strings"
	"time"
)

// Phases records how long each phase of a run took. Phases that run on
// every core at once (the steps of each CRD) are summed over the cores and
// shown within the phase that ends next.
type Phases struct {
	names []string
	times []time.Duration
	last  time.Time
}

// NewPhases starts the clock of the first phase.
func NewPhases() *Phases { return &Phases{last: time.Now()} }

// Add records time spent in a phase that ran on several cores, summed.
func (p *Phases) Add(name string, d time.Duration) {
	for i, n := range p.names {
		if n == name+"*" {
			p.times[i] += d
			return
		}
	}
	p.names = append(p.names, name+"*")
	p.times = append(p.times, d)
}

// Done ends the current phase, which started when the one before ended.
func (p *Phases) Done(name string) {
	now := time.Now()
	p.names = append(p.names, name)
	p.times = append(p.times, now.Sub(p.last))
	p.last = now
}

// Of returns the time of a phase (false if it did not run); a
// phase summed over the cores is asked for by its name.
func (p *Phases) Of(name string) (time.Duration, bool) {
	for i, n := range p.names {
		if strings.TrimSuffix(n, "*") == name {
			return p.times[i], true
		}
	}
	return 0, false
}

func (p *Phases) String() string {
	var parts, busy []string
	var total time.Duration
	for i, n := range p.names {
		if name, ok := strings.CutSuffix(n, "*"); ok {
			busy = append(busy, fmt.Sprintf("%s %s", name, p.times[i].Round(time.Millisecond)))
			continue
		}
		part := fmt.Sprintf("%s %s", n, p.times[i].Round(time.Millisecond))
		if len(busy) > 0 {
			part += " (" + strings.Join(busy, ", ") + " across the cores)"
			busy = nil
		}
		parts = append(parts, part)
		total += p.times[i]
	}
	return fmt.Sprintf("%s (total %s)", strings.Join(parts, ", "), total.Round(time.Millisecond))
}
