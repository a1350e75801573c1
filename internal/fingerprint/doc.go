// Package fingerprint hashes Go values by content, by reflection: every
// field of a struct, every element of a slice or array, every entry of a
// map (in key order), what a pointer or an interface holds. A cache keyed
// by such a hash sees every field a type has, including one added after
// the cache was written, so that it cannot miss a change by forgetting a
// field. Values that cannot be hashed (functions, channels, unsafe
// pointers) are a panic: a fingerprint that silently skipped them would
// not be one.
package fingerprint
