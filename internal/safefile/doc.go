// Package safefile reads files crdgen did not create in this run without
// ever blocking or reading without bound, and writes files all at once.
//
// Look tells what a path holds (a regular file's bytes, up to a cap; a
// FIFO, a device, a directory, a link's target) without opening anything
// that could block. Read reads a regular file up to a cap and refuses
// anything else. WriteAtomic writes a file through a temporary file and a
// rename, so a reader sees the old bytes or the new ones.
//
// Every other package reads outputs, cache records, configuration and
// suites through it; it imports nothing of crdgen's.
package safefile
