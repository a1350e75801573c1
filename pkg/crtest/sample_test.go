package crtest

import (
	"regexp"
	"testing"
)

// TestMatching checks that the strings built for patterns match them, at
// the length asked for where the pattern allows it.
func TestMatching(t *testing.T) {
	for _, c := range []struct {
		pattern string
		min     int
	}{
		{`^[a-z][a-z0-9-]*$`, 1},
		{`^[a-z][a-z0-9-]*$`, 5},
		{`^(Always|Never|IfNotPresent)$`, 1},
		{`^\d{3}-\d{2}$`, 6},
		{`^[^/]+/[^/]+$`, 1},
		{`^https?://`, 1},
		{`^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$`, 1},
		{`^[A-Z_]{2,}$`, 4},
		{`\S+`, 1},
	} {
		got, ok := matching(c.pattern, c.min)
		if !ok {
			t.Errorf("matching(%q) found nothing", c.pattern)
			continue
		}
		if !regexp.MustCompile(c.pattern).MatchString(got) {
			t.Errorf("matching(%q, %d) = %q, which the pattern does not match", c.pattern, c.min, got)
		}
		if len(got) < c.min {
			t.Errorf("matching(%q, %d) = %q, shorter than asked", c.pattern, c.min, got)
		}
	}
	if got, ok := matching(`[`, 1); ok {
		t.Errorf("matching of a pattern that does not compile = %q, want none", got)
	}
}
