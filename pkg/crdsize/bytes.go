package crdsize

// This file implements sizes as people write them: 262144, 256KiB, 1.5MiB.

import (
	"fmt"
	"strconv"
	"strings"
)

// units are the suffixes ParseBytes takes, longest first: IEC's binary
// ones and SI's decimal ones.
var units = []struct {
	suffix string
	factor float64
}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"KB", 1e3}, {"MB", 1e6}, {"B", 1}}

// ParseBytes reads a size: a whole number of bytes, or a number with a
// unit (B, KB, MB, KiB, MiB; 256KiB, 1.5MiB).
func ParseBytes(s string) (int64, error) {
	text := strings.TrimSpace(s)
	factor := 1.0
	for _, u := range units {
		if num, ok := strings.CutSuffix(text, u.suffix); ok {
			text, factor = strings.TrimSpace(num), u.factor
			break
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f < 0 || f*factor > 1<<40 {
		return 0, fmt.Errorf("want a size in bytes, such as 262144 or 256KiB, got %q", s)
	}
	n := f * factor
	if n != float64(int64(n)) {
		return 0, fmt.Errorf("want a whole number of bytes, got %q (%g bytes)", s, n)
	}
	return int64(n), nil
}

// FormatBytes writes a size in bytes, with thousands separators, and in
// KiB or MiB when it is a whole number of them (262,144 bytes (256 KiB)).
func FormatBytes(n int64) string {
	out := commas(n) + " bytes"
	switch {
	case n >= 1<<20 && n%(1<<19) == 0:
		out += " (" + strconv.FormatFloat(float64(n)/(1<<20), 'f', -1, 64) + " MiB)"
	case n >= 1<<10 && n%(1<<10) == 0:
		out += " (" + strconv.FormatInt(n>>10, 10) + " KiB)"
	}
	return out
}
