//go:build unix

package inputfile

import (
	"io/fs"
	"slices"
	"syscall"
)

// readResolved reads the file at path, a path with no symbolic link on
// it (resolved by the caller), opened following none (openNoLinks: a link
// swapped in after the caller resolved it fails the open, linkMet), and
// checks once open that it is a regular file of at most MaxSize bytes.
// Its errors name name, the path the user gave. It works on the file
// descriptor, without an *os.File: a non-blocking open makes os register
// the file with its poller (a system call a regular file refuses) and
// reads one more time to see the end, which a fleet's thousands of small
// data files paid for each, about half of their reading time.
func readResolved(path, name string) ([]byte, error) {
	fd, size, err := openResolved(path, name)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	// Room for one byte more than Fstat said: a read that stops short of
	// it at that size has met the end. The file may still grow (or be a
	// /proc file that says 0), so reading goes on to the end, and stops
	// one byte past MaxSize.
	data := make([]byte, 0, size+1)
	for {
		want := min(cap(data), MaxSize+1) - len(data)
		n, err := syscall.Read(fd, data[len(data):len(data)+want])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		data = data[:len(data)+n]
		if len(data) > MaxSize {
			return nil, &fs.PathError{Op: "read", Path: name, Err: tooLarge()}
		}
		if n == 0 || (n < want && int64(len(data)) == size) {
			return data, nil
		}
		if len(data) == cap(data) {
			data = slices.Grow(data, min(max(512, len(data)), MaxSize+1-len(data)))
		}
	}
}

// headResolved is the first n bytes of the file readResolved reads.
func headResolved(path, name string, n int) ([]byte, error) {
	fd, _, err := openResolved(path, name)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	data := make([]byte, n)
	read := 0
	for read < len(data) {
		m, err := syscall.Read(fd, data[read:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m == 0 {
			break
		}
		read += m
	}
	return data[:read], nil
}

// openResolved opens path as readResolved does and checks the file: a
// descriptor to close, and the size the file had.
func openResolved(path, name string) (int, int64, error) {
	// O_NOCTTY: a terminal swapped in after the caller's check is refused
	// once open, and never becomes the process's controlling terminal.
	fd, err := openNoLinks(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOCTTY|nonBlock)
	if err != nil {
		return -1, 0, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	var st syscall.Stat_t
	err = syscall.Fstat(fd, &st)
	for err == syscall.EINTR {
		err = syscall.Fstat(fd, &st)
	}
	if err != nil {
		syscall.Close(fd)
		return -1, 0, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if err := checkKind(fileMode(uint32(st.Mode)), st.Size); err != nil {
		syscall.Close(fd)
		return -1, 0, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return fd, st.Size, nil
}

// fileMode is the type bits of a stat's mode as an fs.FileMode.
func fileMode(mode uint32) fs.FileMode {
	switch mode & syscall.S_IFMT {
	case syscall.S_IFREG:
		return 0
	case syscall.S_IFDIR:
		return fs.ModeDir
	case syscall.S_IFIFO:
		return fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		return fs.ModeSocket
	case syscall.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		return fs.ModeDevice
	case syscall.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}
