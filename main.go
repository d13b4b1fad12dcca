// permgate lives for a few milliseconds per call, so two of the runtime's
// start-up services cost more than they give (docs/speed.md): the goroutine
// that follows changes of the CPU limit while the process runs (updatemaxprocs)
// and naming each memory mapping for /proc/PID/maps (decoratemappings).

//go:debug updatemaxprocs=0
//go:debug decoratemappings=0

// Command permgate is a permission gate for shell commands: it reads a command the
// way bash will, classifies what would run, and allows, asks or refuses.
package main

import (
	"os"

	"github.com/permgate/permgate/cmd"
)

func main() {
	os.Exit(cmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
