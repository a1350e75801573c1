package filestat

import (
	"io/fs"
	"syscall"
)

// changeTime returns a file's change time (in nanoseconds), which no tool
// can put back, and its inode; zeros where the system does not say.
func changeTime(fi fs.FileInfo) (int64, uint64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return st.Ctimespec.Nano(), st.Ino
}
