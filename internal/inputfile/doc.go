// Package inputfile reads the files catc is given (HCL files, facts, var
// files, the digest key, catalog JSON for diff, Ruby and Puppet sources
// for import, the language server's .catc.json) safely: only a regular
// file, after symbolic links, and at most MaxSize bytes. A device such as
// /dev/zero, a named pipe or a directory is refused with an error naming
// the file and its kind, without reading (or, for a pipe, waiting on) it.
package inputfile
