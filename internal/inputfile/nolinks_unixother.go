//go:build unix && !linux

package inputfile

// openNoLinks opens path with flags following no symbolic link on any of
// its components (a relative path from the working directory, whatever
// links lead to it): a link there, the last component or a directory,
// fails the open (linkMet).
func openNoLinks(path string, flags int) (int, error) { return openEachNoLink(path, flags) }
