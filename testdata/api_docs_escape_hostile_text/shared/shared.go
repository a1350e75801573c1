// Package shared holds types with no API group that the kinds use.
package shared

// Config is a type whose name a type of the API group has too.
type Config struct {
	// Path is <b>where</b> the config is & what it holds.
	// +optional
	Path string `json:"path,omitempty"`
}
