package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/catc-dev/catc/internal/inputfile"
)

// newFile, given as a file's permissions, means the file is new: it is
// created 0666 less the umask, as every Unix tool creates files. (It is
// not a permission bit, so no existing file's mode is mistaken for it.)
const newFile = fs.ModeIrregular

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

// WriteFile writes the output file path (as the user named it) with
// render so that an error never leaves partial output: a file is rendered
// into a temporary file beside it (streamed, so a large plan is never
// held twice in memory) that replaces the target only on success, and a
// device or pipe gets the rendered bytes only on success. A symbolic link
// is written through (the link stays, its target gets the bytes) when
// checkLinks allows it, and an existing file keeps its permissions, or
// gets privateFilePerm when private (see outputPerm). It refuses to
// replace what guard protects.
// Errors name path, render's own too ("cannot write PATH: …"), except
// for a device or pipe, where render's error comes as it is (nothing was
// written).
func (r *Registry) WriteFile(path string, private bool, guard *Guard, render func(io.Writer) error) error {
	if err := checkLinks(path); err != nil {
		return outputError(path, err)
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
		var b Buffer
		if err := render(&b); err != nil {
			return err
		}
		return outputError(path, writeSpecial(target, &b))
	case err == nil:
		if err := guard.checkReplace(path, target); err != nil {
			return guardError(path, err)
		}
		return outputError(path, r.ReplaceFile(target, outputPerm(st.Mode().Perm(), private), render))
	case errors.Is(err, fs.ErrNotExist):
		return outputError(path, r.ReplaceFile(target, outputPerm(newFile, private), render))
	default:
		return outputError(path, err)
	}
}

// maxLinks bounds the symbolic links followed for one output path, as
// the kernel's ELOOP does.
const maxLinks = 40

// resolveLinks follows path while it is a symbolic link and returns the
// file to write (checkLinks has refused a dangling link in the working
// directory's tree; one elsewhere has its target created).
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

// Buffer holds rendered output in memory as a list of chunks, until it is
// known to be whole. Unlike a bytes.Buffer it never copies what it holds
// to grow: a large plan written in small pieces would otherwise leave a
// trail of abandoned, ever larger copies and raise the peak memory by
// more than its size.
type Buffer struct{ chunks [][]byte }

const chunkSize = 256 << 10

func (b *Buffer) Write(p []byte) (int, error) {
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

// CopyTo writes what b holds to w.
func (b *Buffer) CopyTo(w io.Writer) error {
	for _, c := range b.chunks {
		if _, err := w.Write(c); err != nil {
			return err
		}
	}
	return nil
}

// ReplaceFile writes a temporary file beside path with write (buffered),
// gives it perm, then renames it over path: a reader sees the old bytes or
// the new, never half of them, and a failure (or a signal, see
// CleanupOnSignal) leaves the old file as it was and no temporary file.
// Errors name path, not the temporary file the user never asked for (or,
// like Cause, no file: the caller names it).
func (r *Registry) ReplaceFile(path string, perm fs.FileMode, write func(io.Writer) error) error {
	tmp, err := r.stageTemp(path, perm, write)
	if err != nil {
		return err
	}
	defer r.Remove(tmp) // a no-op once renamed
	return inputfile.Cause(r.commit(tmp, path))
}

// createTemp creates the temporary file for path, beside it so that the
// final rename stays within one file system, and registers it for removal
// on a signal. Its name is short (tempName), so that an output name close
// to the file system's limit still has a temporary name. A new file is
// created with the mode it will keep (0666 less the umask); a replacement
// is created 0600 and given the old file's mode when written, so that it
// is never readable by more people than the file it replaces.
func (r *Registry) createTemp(path string, perm fs.FileMode) (*os.File, error) {
	mode := fs.FileMode(0o600)
	if perm == newFile {
		mode = 0o666
	}
	r.lock()
	defer r.unlock()
	for range 100 {
		name := filepath.Join(filepath.Dir(path), tempName())
		tmp, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, inputfile.Cause(err)
		}
		r.addLocked(name)
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
func (r *Registry) writeTemp(tmp *os.File, perm fs.FileMode, write func(io.Writer) error) error {
	w := bufio.NewWriterSize(tmp, 256<<10)
	err := write(w)
	if err == nil {
		err = w.Flush()
	}
	if r.Written != nil && err == nil {
		err = r.Written(tmp.Name())
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && perm != newFile {
		err = os.Chmod(tmp.Name(), perm)
	}
	return inputfile.Cause(err)
}

// writeSpecial writes b to an existing non-regular file such as a device
// or a named pipe.
func writeSpecial(path string, b *Buffer) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return inputfile.Cause(err)
	}
	err = b.CopyTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return inputfile.Cause(err)
}

// outputError wraps a failure to write the output file (nil stays nil).
// path is what the user gave; the error names no other file.
func outputError(path string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("cannot write %s: %w", path, inputfile.Cause(err))
}
