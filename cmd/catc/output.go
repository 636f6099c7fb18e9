package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/atomicfile"
	"github.com/catc-dev/catc/internal/hclpaths"
)

// tempFiles are the temporary files and directories this process has
// created and not yet renamed into place or removed; runMain removes them
// on a signal.
var tempFiles = atomicfile.NewRegistry()

// outputFlag is `-o FILE`.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"}
}

// overwriteFlag is --overwrite, beside every -o.
func overwriteFlag() cli.Flag {
	return &cli.BoolFlag{Name: "overwrite", Usage: "let -o replace a file catc did not write (never one of the inputs)"}
}

// writeOutput runs render into standard output or the -o file so that an
// error never leaves partial output: stdout gets the rendered bytes only
// on success, and a file is replaced only on success (atomicfile). It
// refuses to replace one of the command's inputs, or a file catc did not
// write unless --overwrite (guardOf).
func writeOutput(c *cmdRun, render func(io.Writer) error) error {
	return writeOutputAs(c, false, render)
}

// writeOutputAs is writeOutput, for a private output (a file holding
// secrets in clear, made 0600 also when it existed with another mode)
// when private is set.
func writeOutputAs(c *cmdRun, private bool, render func(io.Writer) error) error {
	sayNotes(c)
	path := c.common.output
	if c.common.toStdout() {
		var b atomicfile.Buffer
		if err := render(&b); err != nil {
			return fail(err.Error())
		}
		return b.CopyTo(c.stdout)
	}
	if err := tempFiles.WriteFile(path, private, guardOf(c), render); err != nil {
		return fail(err.Error())
	}
	return nil
}

// stageDir prepares writing the directory output dir (compile --nodes -o
// DIR, doc -o DIR, import -o DIR), which gets every file or none
// (atomicfile.Staging).
func stageDir(dir string, guard *atomicfile.Guard) (*atomicfile.Staging, error) {
	s, err := tempFiles.StageDir(dir, guard)
	return s, failOn(err)
}

// bytesWriter is a write function for an output file that writes data.
func bytesWriter(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
}

// guardOf collects the command's inputs from its arguments and the flags
// that name files: the same expansion Load makes of PATH arguments (and
// diff's --old and --new), the var files, facts, the digest key file and
// the --nodes facts. It does so only when an output is about to replace
// an existing file (atomicfile.NewGuard).
func guardOf(c *cmdRun) *atomicfile.Guard {
	f := c.common
	return atomicfile.NewGuard(func() []string {
		paths := append(append([]string(nil), f.args...), f.old...)
		names, _ := hclpaths.Expand(append(paths, f.new...), nil)
		names = append(names, f.varFiles...)
		for _, p := range []string{f.facts, f.digestKeyFile, f.nodes} {
			if p == "" {
				continue
			}
			names = append(names, p)
			if entries, err := os.ReadDir(p); err == nil { // --nodes DIR
				for _, e := range entries {
					names = append(names, filepath.Join(p, e.Name()))
				}
			}
		}
		return names
	}, f.overwrite)
}
