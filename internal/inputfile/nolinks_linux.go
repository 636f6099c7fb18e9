package inputfile

import "golang.org/x/sys/unix"

// openNoLinks opens path with flags following no symbolic link on any of
// its components (a relative path from the working directory, whatever
// links lead to it): a link there, the last component or a directory,
// fails the open (linkMet). One openat2 system call; a kernel without it
// (before 5.6), or a sandbox that refuses it, opens one component at a
// time.
func openNoLinks(path string, flags int) (int, error) {
	how := unix.OpenHow{Flags: uint64(flags), Resolve: unix.RESOLVE_NO_SYMLINKS}
	for {
		fd, err := unix.Openat2(unix.AT_FDCWD, path, &how)
		switch err {
		case unix.EINTR:
			continue
		case unix.ENOSYS, unix.EPERM:
			return openEachNoLink(path, flags)
		}
		return fd, err
	}
}
