//go:build !linux && !darwin

package filestat

import "io/fs"

// changeTime says nothing here: outputs are then verified by their content.
func changeTime(fs.FileInfo) (int64, uint64) { return 0, 0 }
