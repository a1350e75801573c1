// An API package with no object marker and no root object: no file.
// +groupName=none.example.com
package none

// A gets nothing.
type A struct{ Items []string }
