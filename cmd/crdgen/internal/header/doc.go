// Package header is the header of the files crdgen generates beside the
// CRDs: the boilerplate file with its YEAR replaced as controller-gen's
// generators replace it (Read), and an existing file's year kept when
// only the year would change (KeepYear), so that a drift check does not
// fail on every project each January.
//
// Inputs: the boilerplate file (read through a safefile.FS), the year,
// and a generated file with what is on disk at its path. Outputs: the
// header's bytes, and the bytes to write.
package header
