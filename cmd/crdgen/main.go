package main

import (
	"os"

	"github.com/crdgen/crdgen/internal/proc"
)

func main() {
	proc.GCFloor(proc.GCFloorBytes)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
