package output

// Content is what an output file holds, in memory or spooled to disk
// (pipeline.File is one).
type Content interface {
	// Bytes returns the content.
	Bytes() ([]byte, error)
	// Same reports whether data is the content, without reading a spooled
	// content into memory when it can tell otherwise.
	Same(data []byte) bool
	// HoldsAt reports whether the file at path is where this run read the
	// content from, unchanged since.
	HoldsAt(path string) bool
	// MoveTo moves spooled content to path; an error means the caller
	// writes Bytes there instead.
	MoveTo(path string) error
	// SHA256 is the hex SHA-256 of the content.
	SHA256() string
}

// Bytes is Content held in memory.
type Bytes []byte

// Bytes returns the content.
func (b Bytes) Bytes() ([]byte, error) { return b, nil }

// Same reports whether data is the content.
func (b Bytes) Same(data []byte) bool { return string(b) == string(data) }

// HoldsAt is false: the content was never read from a file.
func (Bytes) HoldsAt(string) bool { return false }

// MoveTo refuses: the caller writes the bytes.
func (Bytes) MoveTo(string) error { return errNotSpooled }

// SHA256 is the hex SHA-256 of the content.
func (b Bytes) SHA256() string { return sha256Hex(b) }
