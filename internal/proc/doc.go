// Package proc is about processes: this one's collector, which starts
// only once the process holds a few MiB (GCFloor), and other crdgen runs,
// whether the run that left a file behind (a staged output, a spool
// directory) is still running, so that only a dead run's files are
// removed.
package proc
