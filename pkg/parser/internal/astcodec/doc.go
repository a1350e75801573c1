// Package astcodec writes a parsed Go file's syntax tree as bytes and
// reads it back as the same tree: every node, position, name, literal and
// comment, and the doc and line comments as the very groups of the file's
// comment list, so that marker association (which compares groups by
// identity) reads a decoded file as it reads the parsed one.
//
// It is the format of crdgen's syntax cache: the declarations of a
// dependency package in the module cache or GOROOT, whose files never
// change under a version, parsed once (function bodies blanked) and read
// back on the next run instead of read, stripped and parsed again. It
// holds declarations only: a file with statements other than empty blocks,
// a bad node, a //line directive, or object resolution is not encoded
// (ErrUnsupported), and the caller parses it every run.
//
// Decode checks every length and offset against the data; a truncated or
// damaged record is an error, never a different tree. The tests hold the
// codec to go/parser: decoding what Encode wrote gives a tree equal to the
// parsed one, field by field, positions included, over GOROOT's sources.
package astcodec
