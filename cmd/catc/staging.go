package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"
)

// staging writes files each into a temporary file beside its target, and
// renames them all into place at commit: a command that writes several
// files writes every one or none. add may be called concurrently.
type staging struct {
	mu    sync.Mutex
	files []stagedFile
}

// stagedFile is a file written to tmp, to be renamed to target (path, or
// the file its symbolic link points to).
type stagedFile struct{ path, target, tmp string }

// add stages path with write: beside path's target, with the target's
// permissions when it exists. Errors name path.
func (s *staging) add(path string, write func(io.Writer) error) error {
	target, err := resolveLinks(path)
	if err != nil {
		return outputError(path, err)
	}
	perm := newFilePerm
	if st, err := os.Stat(target); err == nil {
		if !st.Mode().IsRegular() {
			return outputError(path, errors.New("not a regular file"))
		}
		perm = st.Mode().Perm()
	}
	tmp, err := stageTemp(target, perm, write)
	if err != nil {
		return outputError(path, err)
	}
	s.mu.Lock()
	s.files = append(s.files, stagedFile{path: path, target: target, tmp: tmp})
	s.mu.Unlock()
	return nil
}

// commit renames the staged files into place, in the order staged.
func (s *staging) commit() error {
	for _, f := range s.files {
		if err := tempFiles.commit(f.tmp, f.target); err != nil {
			return outputError(f.path, err)
		}
	}
	return nil
}

// discard removes the temporary files not renamed (deferred by the
// caller: after a commit it does nothing).
func (s *staging) discard() {
	for _, f := range s.files {
		tempFiles.remove(f.tmp) // a no-op once renamed
	}
}

// stageTemp writes a temporary file beside path with write and gives it
// perm; it returns the file's name, or removes it on failure.
func stageTemp(path string, perm fs.FileMode, write func(io.Writer) error) (string, error) {
	tmp, err := createTemp(path)
	if err != nil {
		return "", err
	}
	if err := writeTemp(tmp, perm, write); err != nil {
		tempFiles.remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}
