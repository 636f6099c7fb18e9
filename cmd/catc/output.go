package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
)

// outputFlag is `-o FILE`.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"}
}

// newFile, given as a file's permissions, means the file is new: it is
// created 0666 less the umask, as every Unix tool creates files. (It is
// not a permission bit, so no existing file's mode is mistaken for it.)
const newFile = fs.ModeIrregular

// writeOutput runs render into standard output or the -o file so that an
// error never leaves partial output: stdout and devices get the rendered
// bytes only on success, and a file is rendered into a temporary file
// beside it (streamed, so a large plan is never held twice in memory)
// that replaces the target only on success. A symbolic link is written
// through (the link stays, its target gets the bytes) and an existing
// file keeps its permissions. It refuses to replace one of the
// command's inputs, or a file catc did not write unless --overwrite
// (outputGuard).
func writeOutput(c *cli.Context, render func(io.Writer) error) error {
	return writeOutputAs(c, false, render)
}

// privateFilePerm is the mode of an output file holding secrets.
const privateFilePerm fs.FileMode = 0o600

// outputPerm is perm, or privateFilePerm for a private output: a file
// holding secrets in clear gets it also when it existed with another
// mode, so that no one else can read it.
func outputPerm(perm fs.FileMode, private bool) fs.FileMode {
	if private {
		return privateFilePerm
	}
	return perm
}

// writeOutputAs is writeOutput, for a private output (see outputPerm)
// when private is set.
func writeOutputAs(c *cli.Context, private bool, render func(io.Writer) error) error {
	path := c.String("output")
	if path == "" || path == "-" {
		var b chunkBuffer
		if err := render(&b); err != nil {
			return &exitError{code: exitErrors, msg: err.Error()}
		}
		return b.writeTo(c.App.Writer)
	}
	target, err := resolveLinks(path)
	if err != nil {
		return outputError(path, err)
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && !st.Mode().IsRegular():
		// A device or pipe (-o /dev/null, -o /dev/stderr) is written to,
		// never replaced.
		var b chunkBuffer
		if err := render(&b); err != nil {
			return &exitError{code: exitErrors, msg: err.Error()}
		}
		return outputError(path, writeSpecial(target, &b))
	case err == nil:
		if err := guardOf(c).checkReplace(path, target); err != nil {
			return guardError(path, err)
		}
		return outputError(path, replaceFile(target, outputPerm(st.Mode().Perm(), private), render))
	case errors.Is(err, fs.ErrNotExist):
		return outputError(path, replaceFile(target, outputPerm(newFile, private), render))
	default:
		return outputError(path, err)
	}
}

// maxLinks bounds the symbolic links followed for one output path, as
// the kernel's ELOOP does.
const maxLinks = 40

// resolveLinks follows path while it is a symbolic link, also a dangling
// one (whose target is then created), and returns the file to write.
func resolveLinks(path string) (string, error) {
	for range maxLinks {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
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
// the new, never half of them, and a failure (or a signal, see
// cleanupOnSignal) leaves the old file as it was and no temporary file.
// Errors name path, not the temporary file the user never asked for.
func replaceFile(path string, perm fs.FileMode, write func(io.Writer) error) error {
	tmp, err := stageTemp(path, perm, write)
	if err != nil {
		return err
	}
	defer tempFiles.remove(tmp) // a no-op once renamed
	return pathErrorCause(tempFiles.commit(tmp, path))
}

// createTemp creates the temporary file for path, beside it so that the
// final rename stays within one file system, and registers it for removal
// on a signal. Its name is short (tempName), so that an output name close
// to the file system's limit still has a temporary name. A new file is
// created with the mode it will keep (0666 less the umask); a replacement
// is created 0600 and given the old file's mode when written, so that it
// is never readable by more people than the file it replaces.
func createTemp(path string, perm fs.FileMode) (*os.File, error) {
	mode := fs.FileMode(0o600)
	if perm == newFile {
		mode = 0o666
	}
	tempFiles.lock()
	defer tempFiles.unlock()
	for range 100 {
		name := filepath.Join(filepath.Dir(path), tempName())
		tmp, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, pathErrorCause(err)
		}
		tempFiles.addLocked(name)
		return tmp, nil
	}
	return nil, errors.New("no free temporary file name")
}

// tempName is a fresh name for a temporary file or directory: hidden, 12
// bytes, whatever the length of the name it stands in for.
func tempName() string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte(".catc-xxxxxx")
	for i := len(".catc-"); i < len(b); i++ {
		b[i] = letters[rand.IntN(len(letters))]
	}
	return string(b)
}

// writeTemp fills tmp with write, closes it and gives it perm (unless
// newFile: it was created with its mode).
func writeTemp(tmp *os.File, perm fs.FileMode, write func(io.Writer) error) error {
	w := bufio.NewWriterSize(tmp, 256<<10)
	err := write(w)
	if err == nil {
		err = w.Flush()
	}
	if testHookWritten != nil && err == nil {
		err = testHookWritten(tmp.Name())
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && perm != newFile {
		err = os.Chmod(tmp.Name(), perm)
	}
	return pathErrorCause(err)
}

// testHookWritten, when set (by tests only), runs after a temporary
// output file is written and before it is renamed, so that a test can
// signal the process at that moment, or fail the write (its error).
var testHookWritten func(tmp string) error

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
		return pathErrorCause(err)
	}
	err = b.writeTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return pathErrorCause(err)
}

// outputError wraps a failure to write the -o file (nil stays nil). path
// is what the user gave; the error names no other file.
func outputError(path string, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, pathErrorCause(err))}
}
