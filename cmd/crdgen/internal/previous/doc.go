// Package previous reads the CRDs crdgen diff compares with: the YAML files
// of a directory, or of the output directory as it was at a git revision.
//
// Input: the working directory, the output directory and the --against
// value. Output: the CRDs. A directory is read through a safefile.FS, so
// that the rerun cache records what was read; a file that is not a CRD is
// skipped.
package previous
