package inputfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"unsafe"
)

// MaxSize is the largest input file catc reads, 256 MiB: far above any
// real catalog, facts or catalog JSON (a 100,000-resource catalog is
// about 60 MB), and low enough that a file no one meant to give cannot
// exhaust the machine's memory. It is the one limit for every input.
const MaxSize = 256 << 20

// Read returns the content of the regular file name, a file named on the
// command line (or in one the user gave): its symbolic links must stay in
// the working directory's tree and lead below the directory holding it,
// never into /proc, /sys or /dev (links.go). Anything else (a device,
// named pipe, socket or directory, also behind a symbolic link), or a
// file larger than MaxSize, is an *fs.PathError naming the file whose
// Err says why.
func Read(name string) ([]byte, error) {
	if err := checkNamedFile(name); err != nil {
		return nil, err
	}
	return read(name)
}

// ReadIn is Read of a file found below roots, the directories named on
// the command line it was listed from (absolute, links resolved: see
// RealDir): the file, through its links, must lie below one of them.
func ReadIn(name string, roots []string) ([]byte, error) {
	if err := Within(name, roots); err != nil {
		return nil, err
	}
	return read(name)
}

// ReadResolved is Read of a file whose path the caller has resolved and
// checked: hclpaths' walk, for a file that is no link in a directory it
// reached through links it checked (inputfile.Within); hiera, for a data
// file whose real path it found under the site. The caller found a
// regular file there (a directory's listing says so), so the file is not
// checked before it is opened, only once open (its kind and size), and
// it is opened without following a link: one swapped in after the
// caller's check is refused, not followed.
func ReadResolved(name string) ([]byte, error) { return readOpen(name, noFollow) }

// read reads the regular file name, checked as Read says but for links:
// before it is opened (a device is never opened) and once open.
func read(name string) ([]byte, error) {
	if err := check(name, os.Stat); err != nil {
		return nil, err
	}
	return readOpen(name, 0)
}

// ReadString is Read with the content as a string, without the copy
// string(data) makes: a large catalog is read as one string whose
// pieces are its strings.
func ReadString(name string) (string, error) {
	data, err := Read(name)
	if err != nil || len(data) == 0 {
		return "", err
	}
	// The buffer is Read's own and no one else holds it: it is never
	// written again, which is what unsafe.String asks.
	return unsafe.String(&data[0], len(data)), nil
}

// open opens name for reading after checking, before and after the open,
// that it is a regular file of at most MaxSize bytes. The open does not
// block: a named pipe swapped in after the first check is opened without
// waiting for a writer, then refused.
func open(name string) (*os.File, int64, error) {
	if err := check(name, os.Stat); err != nil {
		return nil, 0, err
	}
	return openChecked(name, 0)
}

// openChecked is open without the check before the open.
func openChecked(name string, flags int) (*os.File, int64, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|nonBlock|flags, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err == nil {
		err = checkInfo(st)
	}
	if err != nil {
		f.Close()
		if _, ok := err.(*fs.PathError); !ok {
			err = &fs.PathError{Op: "read", Path: name, Err: err}
		}
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// check reports whether name is a file Read would read, without reading
// it, with stat as the file system.
func check(name string, stat func(string) (fs.FileInfo, error)) error {
	st, err := stat(name)
	if err != nil {
		return err
	}
	if err := checkInfo(st); err != nil {
		return &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return nil
}

// checkInfo is nil for a regular file of at most MaxSize bytes, else an
// error saying what the file is.
func checkInfo(st fs.FileInfo) error { return checkKind(st.Mode(), st.Size()) }

// checkKind is checkInfo of a file's mode and size.
func checkKind(mode fs.FileMode, size int64) error {
	if !mode.IsRegular() {
		return fmt.Errorf("not a regular file but %s: catc reads only regular files", kind(mode))
	}
	if size > MaxSize {
		return tooLarge()
	}
	return nil
}

func tooLarge() error {
	return fmt.Errorf("larger than %d MiB, the limit for an input file", MaxSize>>20)
}

// kind names a file type that is not a regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	default:
		return "a special file"
	}
}

// Head returns the first n bytes (fewer if the file is shorter) of the
// regular file name, checked as Read checks it: for recognising a file by
// its start without reading all of it.
func Head(name string, n int) ([]byte, error) {
	if err := checkNamedFile(name); err != nil {
		return nil, err
	}
	f, _, err := open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(n)))
}
