// Package proc answers one question about other processes: whether the
// crdgen run that left a file behind (a staged output, a spool directory)
// is still running, so that only a dead run's files are removed.
package proc
