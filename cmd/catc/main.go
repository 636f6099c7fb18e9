// Command catc compiles catalogs of infrastructure resources offline.
package main

import "os"

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}
