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
