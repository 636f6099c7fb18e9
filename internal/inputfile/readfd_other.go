//go:build !unix

package inputfile

import (
	"io"
	"io/fs"
	"os"
	"slices"
)

// readResolved reads the file at path, resolved by the caller, checking
// once open that it is a regular file of at most MaxSize bytes; its
// errors name name, the path the user gave. It reads through an *os.File
// (readfd_unix.go has a quicker way), and its open follows a link:
// these systems have no open that refuses one on every component.
func readResolved(path, name string) ([]byte, error) {
	f, size, err := openChecked(path, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Room for one byte more than Stat said, so that EOF is seen without
	// growing; the file may still grow (or be a /proc file that says 0),
	// so reading stops one byte past MaxSize.
	data := make([]byte, 0, size+1)
	for {
		n, err := f.Read(data[len(data):min(cap(data), MaxSize+1)])
		data = data[:len(data)+n]
		if len(data) > MaxSize {
			return nil, &fs.PathError{Op: "read", Path: name, Err: tooLarge()}
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: Cause(err)}
		}
		if len(data) == cap(data) {
			data = slices.Grow(data, min(max(512, len(data)), MaxSize+1-len(data)))
		}
	}
}

// headResolved is the first n bytes of the file readResolved reads.
func headResolved(path, name string, n int) ([]byte, error) {
	f, _, err := openChecked(path, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(n)))
}

// openChecked opens path for reading and checks once open that it is a
// regular file of at most MaxSize bytes; its errors name name.
func openChecked(path, name string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, 0, &fs.PathError{Op: "open", Path: name, Err: Cause(err)}
	}
	st, err := f.Stat()
	if err == nil {
		err = checkInfo(st)
	}
	if err != nil {
		f.Close()
		return nil, 0, &fs.PathError{Op: "read", Path: name, Err: Cause(err)}
	}
	return f, st.Size(), nil
}

// linkMet: these systems' opens do not refuse a link (readResolved).
func linkMet(error) bool { return false }
