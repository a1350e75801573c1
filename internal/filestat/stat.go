package filestat

import "os"

// Stat is a regular file's state; Size is -1 when there is no regular
// file at the path.
type Stat struct {
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime"`
	Change  int64  `json:"ctime,omitempty"`
	Inode   uint64 `json:"ino,omitempty"`
}

// Of stats a file.
func Of(path string) Stat {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return Stat{Size: -1}
	}
	ctime, ino := changeTime(fi)
	return Stat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Change: ctime, Inode: ino}
}

// OfAny stats a file of any kind, a directory included (whose times change
// when an entry is added or removed); Size is -1 when nothing is there.
func OfAny(path string) Stat {
	fi, err := os.Stat(path)
	if err != nil {
		return Stat{Size: -1}
	}
	ctime, ino := changeTime(fi)
	return Stat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Change: ctime, Inode: ino}
}
