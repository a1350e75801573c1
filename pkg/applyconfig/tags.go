package applyconfig

// This file implements reading code-generator's +genclient tags from a
// type's comment lines: controller-gen adds "+genclient" (and
// "+genclient:nonNamespaced" for a cluster-scoped resource) to every type
// it enables, and a +genclient written in the source counts too.

import (
	"fmt"
	"slices"
	"strings"
)

// clientTags are a type's +genclient tags.
type clientTags struct {
	generate      bool
	nonNamespaced bool
	noStatus      bool
	// skipVerbs are the verbs the client leaves out; empty means none.
	skipVerbs []string
	// subresources are those of +genclient:method tags.
	subresources []string
}

// hasVerb reports whether the client has a verb.
func (c clientTags) hasVerb(v string) bool { return !slices.Contains(c.skipVerbs, v) }

// root reports whether the type is a root of apply configurations: a
// client with the apply or applyStatus verb.
func (c clientTags) root() bool {
	return c.generate && (c.hasVerb("apply") || c.hasVerb("applyStatus"))
}

// clientVerbs are the verbs a generated client may have.
func clientVerbs() []string {
	return []string{"create", "update", "updateStatus", "delete", "deleteCollection", "get", "list", "watch", "patch", "apply", "applyStatus"}
}

// commentTags collects "+key=value" lines (value "" for "+key"), as gengo's
// ExtractCommentTags does: lines are trimmed of spaces only.
func commentTags(lines []string) map[string][]string {
	out := map[string][]string{}
	for _, line := range lines {
		line = strings.Trim(line, " ")
		if !strings.HasPrefix(line, "+") {
			continue
		}
		key, value, _ := strings.Cut(line[1:], "=")
		out[key] = append(out[key], value)
	}
	return out
}

// parseClientTags reads the +genclient tags of comment lines. The errors
// are those code-generator stops on.
func parseClientTags(lines []string) (clientTags, error) {
	var c clientTags
	tags := commentTags(lines)
	v, ok := tags["genclient"]
	c.generate = ok
	if ok && v[0] != "" {
		return c, fmt.Errorf("+genclient=%s is invalid: write +genclient alone", v[0])
	}
	_, c.nonNamespaced = tags["genclient:nonNamespaced"]
	_, c.noStatus = tags["genclient:noStatus"]
	var only []string
	if _, ok := tags["genclient:readonly"]; ok {
		only = []string{"get", "list", "watch"}
	}
	if v, ok := tags["genclient:skipVerbs"]; ok {
		c.skipVerbs = strings.Split(v[0], ",")
	}
	if v, ok := tags["genclient:onlyVerbs"]; ok || len(only) > 0 {
		if ok {
			only = append(only, strings.Split(v[0], ",")...)
		}
		c.skipVerbs = nil
		for _, verb := range clientVerbs() {
			if !slices.Contains(only, verb) {
				c.skipVerbs = append(c.skipVerbs, verb)
			}
		}
	}
	for _, v := range tags["genclient:method"] {
		for _, kv := range strings.Split(v, ",")[1:] {
			if k, val, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == "subresource" && strings.TrimSpace(val) != "" {
				c.subresources = append(c.subresources, strings.TrimSpace(val))
			}
		}
	}
	for key := range tags {
		if strings.HasPrefix(key, "genclient") && !knownClientTag(key) {
			return c, fmt.Errorf("unknown tag +%s", key)
		}
	}
	return c, nil
}

func knownClientTag(key string) bool {
	switch key {
	case "genclient", "genclient:nonNamespaced", "genclient:noVerbs", "genclient:onlyVerbs",
		"genclient:skipVerbs", "genclient:noStatus", "genclient:readonly", "genclient:method":
		return true
	}
	return false
}
