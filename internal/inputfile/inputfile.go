package inputfile

import (
	"fmt"
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
// Err says why. The file read is the one checked: it is opened at its
// real path following no link (readChecked).
func Read(name string) ([]byte, error) {
	return readChecked(name, checkNamedFile, readResolved)
}

// ReadIn is Read of a file found below roots, the directories named on
// the command line it was listed from (absolute, links resolved: see
// RealDir): the file, through its links, must lie below one of them.
func ReadIn(name string, roots []string) ([]byte, error) {
	return readChecked(name, func(name string) (string, error) { return ResolveIn(name, roots) }, readResolved)
}

// ReadResolved is Read of a file whose path the caller has resolved and
// checked, so that no symbolic link is left on it: hclpaths' walk, for a
// file that is no link in a directory it resolved below its roots
// (ResolveIn); hiera, for a data file whose real path it found
// under the site. The caller found a regular file there (a directory's
// listing says so), so the file is not checked before it is opened, only
// once open (its kind and size), and it is opened following no link on
// any component: a link swapped in after the caller's check, for the
// file or a directory above it, is refused (IsLinkRefusal), not followed.
func ReadResolved(name string) ([]byte, error) {
	data, err := readResolved(name, name)
	if err != nil && linkMet(Cause(err)) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: linkError(
			"it, or a directory above it, is a symbolic link where catc found none when it listed the directory: catc follows no link it has not checked, so it was not read; run catc again once the files are no longer changing")}
	}
	return data, err
}

// maxChecks is how many times readChecked checks a path whose links
// change under it before it gives up.
const maxChecks = 3

// afterCheck, when a test sets it, runs between the check of a file and
// its open: the test swaps a link in there.
var afterCheck func(name string)

// readChecked is read (readResolved, or headResolved) of the file name
// after resolve, which refuses what may not be read and gives the path to
// open, its links resolved. The open follows no link, so what is read is
// the file at the path checked: a link swapped in after the check, for
// the file or a directory above it, fails the open, and the path is
// checked again, which refuses it as if it had been found the first time
// (or reads the file it now leads to, when that may be read). Links that
// keep changing are refused after maxChecks checks. Before the open, the
// file's kind and size are checked too: a device is never opened unless
// one is swapped in, and then it is refused once open.
func readChecked(name string, resolve func(string) (string, error), read func(path, name string) ([]byte, error)) ([]byte, error) {
	for range maxChecks {
		path, err := resolve(name)
		if err != nil {
			return nil, err
		}
		if err := check(path, os.Lstat); err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: Cause(err)}
		}
		if afterCheck != nil {
			afterCheck(name)
		}
		data, err := read(path, name)
		if err == nil || !linkMet(Cause(err)) {
			return data, err
		}
	}
	return nil, &fs.PathError{Op: "read", Path: name, Err: linkError(fmt.Sprintf(
		"its symbolic links changed each of the %d times catc checked it, before it could open it: catc reads a file only where its links led when checked; run catc again once the files are no longer changing", maxChecks))}
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

// check reports whether name is a file Read would read, without reading
// it, with stat as the file system. What stat does not find, or finds a
// symbolic link (swapped in after the check of links), is left to the
// open to report.
func check(name string, stat func(string) (fs.FileInfo, error)) error {
	st, err := stat(name)
	if err != nil || st.Mode()&fs.ModeSymlink != 0 {
		return nil
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
// regular file name, checked and opened as Read checks and opens it: for
// recognising a file by its start without reading all of it.
func Head(name string, n int) ([]byte, error) {
	return readChecked(name, checkNamedFile, func(path, name string) ([]byte, error) {
		return headResolved(path, name, n)
	})
}
