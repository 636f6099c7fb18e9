package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
)

// outputFlag is `-o FILE`.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"}
}

// writeOutput renders into memory first, so that an error never leaves a
// partial file, then writes stdout or the -o file (atomically, by rename).
func writeOutput(c *cli.Context, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return &exitError{code: exitErrors, msg: err.Error()}
	}
	path := c.String("output")
	if path == "" || path == "-" {
		_, err := c.App.Writer.Write(b.Bytes())
		return err
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		// A device or pipe (-o /dev/null, -o /dev/stderr) is written to,
		// never replaced.
		return writeSpecial(path, b.Bytes())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b.Bytes()); err != nil {
		tmp.Close()
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	if err := tmp.Close(); err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	return nil
}

// writeSpecial writes data to an existing non-regular file such as a
// device or a named pipe.
func writeSpecial(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
	}
	return nil
}
