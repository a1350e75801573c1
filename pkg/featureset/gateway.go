package featureset

// This file reads Gateway API's tags in doc comments, the dialect its own
// generator reads, so that a gateway-api checkout generates its channels
// with crdgen and no edits: the experimental channel is the set with the
// gate "experimental" on, the standard channel the set with it off.

import (
	"fmt"
	"regexp"
	"strings"
)

// GatewayChannel is the gate Gateway API's tags are about.
const GatewayChannel = "experimental"

// GatewayTags are the tags of a doc comment that decide what exists in a
// channel (<gateway:validateIPAddress> is read from the description, as
// Gateway API's generator reads it: schemagen's describeSet).
type GatewayTags struct {
	// Experimental is <gateway:experimental>: the field or type exists in
	// the experimental channel only.
	Experimental bool
	// Validations exist in one channel only.
	Validations []GatewayValidation
	// Problems are tags of a channel's validations that do not parse.
	Problems []string
}

// GatewayValidation is a validation of one channel: an enum or a pattern
// (replacing the node's own in that channel; Gateway API's generator
// refuses a channel pattern on a node that has one), or a CEL rule
// (added).
type GatewayValidation struct {
	// When is the condition: "experimental" or "!experimental".
	When string
	// Enum, Pattern or Rule (with Message) is the validation.
	Enum          []string
	Pattern       string
	Rule, Message string
}

var (
	gatewayEnum    = regexp.MustCompile(`<gateway:(standard|experimental):validation:Enum=([A-Za-z;]*)>`)
	gatewayRule    = regexp.MustCompile(`<gateway:(standard|experimental):validation:XValidation:message="([^"]*)",rule="([^"]*)">`)
	gatewayPattern = regexp.MustCompile("<gateway:(standard|experimental):validation:Pattern=`([^`]*)`")
)

// ReadGatewayTags reads the tags of a doc comment.
func ReadGatewayTags(doc string) GatewayTags {
	var t GatewayTags
	if !strings.Contains(doc, "<gateway:") {
		return t
	}
	t.Experimental = strings.Contains(doc, "<gateway:experimental>")
	when := func(channel string) string {
		if channel == "standard" {
			return "!" + GatewayChannel
		}
		return GatewayChannel
	}
	for _, channel := range []string{"standard", "experimental"} {
		found := 0
		for _, m := range gatewayEnum.FindAllStringSubmatch(doc, -1) {
			if m[1] == channel {
				t.Validations = append(t.Validations, GatewayValidation{When: when(channel), Enum: strings.Split(m[2], ";")})
				found++
			}
		}
		for _, m := range gatewayRule.FindAllStringSubmatch(doc, -1) {
			if m[1] == channel {
				t.Validations = append(t.Validations, GatewayValidation{When: when(channel), Message: m[2], Rule: m[3]})
				found++
			}
		}
		var patterns []string
		for _, m := range gatewayPattern.FindAllStringSubmatch(doc, -1) {
			if m[1] == channel {
				patterns = append(patterns, m[2])
			}
		}
		if len(patterns) == 1 {
			t.Validations = append(t.Validations, GatewayValidation{When: when(channel), Pattern: patterns[0]})
			found++
		}
		if n := strings.Count(doc, "<gateway:"+channel+":validation:"); found < n {
			t.Problems = append(t.Problems, fmt.Sprintf("%d of the %d <gateway:%s:validation:...> tags do not parse (Enum=A;B>, Pattern=`...`>, or XValidation:message=\"...\",rule=\"...\">, one Pattern at most)",
				n-found, n, channel))
		}
	}
	return t
}
