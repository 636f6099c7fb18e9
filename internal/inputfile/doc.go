// Package inputfile reads the files catc is given (HCL files, facts, var
// files, the digest key, catalog JSON for diff, Ruby and Puppet sources
// for import, the language server's .catc.json) safely: only a regular
// file, after symbolic links, and at most MaxSize bytes. A device such as
// /dev/zero, a named pipe or a directory is refused with an error naming
// the file and its kind, without reading (or, for a pipe, waiting on) it.
// Where a checkout's symbolic links may lead is checked first (links.go).
//
// The file read is the file checked. The check resolves the path's links
// and decides on the real path it finds; the open then takes that real
// path and follows no symbolic link on any part of it (on Linux one
// openat2 call; on other Unix systems each directory in turn, with
// O_NOFOLLOW). So a link swapped in after the check, for the file or for
// a directory above it (a checkout changing while catc reads it, a build
// step racing it), cannot make catc read a file outside the directories
// given, in a .git directory, or in /proc, /sys or /dev: the open fails,
// the path is checked again, and the new link is refused in the same
// words as if the check had found it, or, if it leads somewhere allowed,
// that file is read. Links that change at every check are refused after
// three. Once open, the file must still be a regular file of at most
// MaxSize bytes. ReadResolved, for a path its caller resolved and
// checked, refuses any link found on it. On other systems (Windows) the
// open follows links: there, the check before it is the only guard.
package inputfile
