package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = ""

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version",
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return failf("version takes no arguments (got %q)", c.Args().First())
			}
			printVersion(c)
			return nil
		},
	}
}

// printVersion is `catc version`, and `catc --version` (urfave.go).
func printVersion(c *cli.Context) {
	fmt.Fprintf(c.App.Writer, "catc %s (%s %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// versionString prefers the linker-set version, then the module version
// recorded by `go install`, then "dev".
func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
