package main

import (
	"os"
)

func main() {
	gcFloor(gcFloorBytes)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
