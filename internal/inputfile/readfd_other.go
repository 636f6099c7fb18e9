//go:build !unix

package inputfile

import (
	"io"
	"io/fs"
	"slices"
)

// readOpen opens name with flags and reads it, checking once open that it
// is a regular file of at most MaxSize bytes.
// It reads through an *os.File (readfd_unix.go has a quicker way).
func readOpen(name string, flags int) ([]byte, error) {
	f, size, err := openChecked(name, flags)
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
			return nil, err
		}
		if len(data) == cap(data) {
			data = slices.Grow(data, min(max(512, len(data)), MaxSize+1-len(data)))
		}
	}
}
