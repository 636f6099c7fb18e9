//go:build unix

package inputfile

import (
	"strings"

	"golang.org/x/sys/unix"
)

// openEachNoLink is openNoLinks one component at a time: each directory
// is opened below the one before with O_NOFOLLOW, and so is the file. It
// is the open of systems without openat2 (nolinks_linux.go).
func openEachNoLink(path string, flags int) (int, error) {
	dir := unix.AT_FDCWD
	if strings.HasPrefix(path, "/") {
		fd, err := openAt(unix.AT_FDCWD, "/", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC)
		if err != nil {
			return -1, err
		}
		dir = fd
	}
	defer func() {
		if dir != unix.AT_FDCWD {
			unix.Close(dir)
		}
	}()
	var parts []string
	for _, p := range strings.Split(path, "/") {
		if p != "" && p != "." {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		parts = []string{"."}
	}
	last := len(parts) - 1
	for _, part := range parts[:last] {
		fd, err := openAt(dir, part, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
		if err == unix.ENOTDIR && isLink(dir, part) {
			err = unix.ELOOP // Linux says a link is no directory
		}
		if err != nil {
			return -1, err
		}
		if dir != unix.AT_FDCWD {
			unix.Close(dir)
		}
		dir = fd
	}
	return openAt(dir, parts[last], flags|unix.O_NOFOLLOW)
}

// isLink reports whether name in the directory dir is a symbolic link.
func isLink(dir int, name string) bool {
	var st unix.Stat_t
	err := unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW)
	return err == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK
}

// openAt is openat(2) again when a signal interrupts it.
func openAt(dir int, name string, flags int) (int, error) {
	for {
		fd, err := unix.Openat(dir, name, flags, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// linkMet reports whether err is an open's refusal of a symbolic link
// met with O_NOFOLLOW (or openat2's RESOLVE_NO_SYMLINKS): ELOOP, EMLINK
// on FreeBSD.
func linkMet(err error) bool { return err == unix.ELOOP || err == unix.EMLINK }
