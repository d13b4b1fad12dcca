package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X github.com/permgate/permgate/cmd.version=…".
var version = ""

// versionString says which permgate this is: the version set at build time,
// else the module version go install recorded, else "devel" with the commit
// the binary was built from (and "modified" when the tree had changes).
func versionString() string {
	info, _ := debug.ReadBuildInfo()
	return formatVersion(version, info)
}

func formatVersion(set string, info *debug.BuildInfo) string {
	v := set
	if v == "" {
		v = "devel"
		if info != nil && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		} else if info != nil {
			v += vcsSuffix(info.Settings)
		}
	}
	return fmt.Sprintf("permgate %s (%s %s/%s)", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// vcsSuffix names the commit a development build came from.
func vcsSuffix(settings []debug.BuildSetting) string {
	rev, modified := "", false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified {
		return " " + rev + "+modified"
	}
	return " " + rev
}

func newVersionCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print permgate's version",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			fmt.Fprintln(io.out, versionString())
			return nil
		},
	}
}
