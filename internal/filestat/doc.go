// Package filestat says what the file system says of a file without
// reading it: size, modification time, and where the system tells, change
// time and inode, which no tool can put back (cp -p, rsync and tar restore
// a modification time). The caches compare stats to skip reading files
// that did not change.
package filestat
