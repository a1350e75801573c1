package markers

// This file implements writing a diagnostic as a GitHub Actions workflow
// command, which puts it on the pull request's diff.

import (
	"fmt"
	"strings"
)

// GitHub formats the diagnostic as a workflow command:
// ::error file=F,line=L,col=C,title=crdgen CODE::message. Related places
// go on the message's following lines.
func (d Diagnostic) GitHub() string {
	var props []string
	if d.Pos.Filename != "" {
		props = append(props, "file="+escapeProperty(d.Pos.Filename))
		if d.Pos.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", d.Pos.Line))
		}
		if d.Pos.Column > 0 {
			props = append(props, fmt.Sprintf("col=%d", d.Pos.Column))
		}
	}
	title := "crdgen"
	if d.Code != "" {
		title += " " + string(d.Code)
	}
	props = append(props, "title="+escapeProperty(title))
	msg := d.Msg
	for _, r := range d.Related {
		msg += "\n" + r.Pos.String() + ": " + r.Msg
	}
	return "::" + d.Severity.String() + " " + strings.Join(props, ",") + "::" + escapeData(msg)
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
