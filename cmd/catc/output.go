package main

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
)

// outputFlag is `-o FILE`.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"}
}

// writeOutput runs render into standard output or the -o file so that an
// error never leaves partial output: stdout and devices get the rendered
// bytes only on success, and a file is rendered into a temporary file
// beside it (streamed, so a large plan is never held twice in memory)
// that replaces the target only on success.
func writeOutput(c *cli.Context, render func(io.Writer) error) error {
	path := c.String("output")
	if st, err := os.Stat(path); path == "" || path == "-" || err == nil && !st.Mode().IsRegular() {
		var b chunkBuffer
		if err := render(&b); err != nil {
			return &exitError{code: exitErrors, msg: err.Error()}
		}
		if path == "" || path == "-" {
			return b.writeTo(c.App.Writer)
		}
		// A device or pipe (-o /dev/null, -o /dev/stderr) is written to,
		// never replaced.
		return outputError(path, writeSpecial(path, &b))
	}
	return outputError(path, replaceFile(path, 0o644, render))
}

// chunkBuffer holds rendered output in memory as a list of chunks. Unlike
// a bytes.Buffer it never copies what it holds to grow: a large plan
// written in small pieces would otherwise leave a trail of abandoned,
// ever larger copies and raise the peak memory by more than its size.
type chunkBuffer struct{ chunks [][]byte }

const chunkSize = 256 << 10

func (b *chunkBuffer) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		last := len(b.chunks) - 1
		if last < 0 || len(b.chunks[last]) == cap(b.chunks[last]) {
			b.chunks = append(b.chunks, make([]byte, 0, max(chunkSize, len(p))))
			last++
		}
		c := b.chunks[last]
		k := min(len(p), cap(c)-len(c))
		b.chunks[last] = append(c, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

func (b *chunkBuffer) writeTo(w io.Writer) error {
	for _, c := range b.chunks {
		if _, err := w.Write(c); err != nil {
			return err
		}
	}
	return nil
}

// replaceFile writes a temporary file beside path with write (buffered),
// gives it perm, then renames it over path: a reader sees the old bytes or
// the new, never half of them, and a failure leaves the old file as it was.
func replaceFile(path string, perm fs.FileMode, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	w := bufio.NewWriterSize(tmp, 256<<10)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	return err
}

// bytesWriter is a write function for replaceFile that writes data.
func bytesWriter(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
}

// writeSpecial writes b to an existing non-regular file such as a device
// or a named pipe.
func writeSpecial(path string, b *chunkBuffer) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = b.writeTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// outputError wraps a failure to write the -o file (nil stays nil).
func outputError(path string, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, err)}
}
