package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/catc-dev/catc/internal/inputfile"
)

// Staging writes the files of a directory output (compile --nodes -o DIR,
// doc -o DIR, import -o DIR) so that DIR gets every file or none, also
// when a signal comes. It works in one of two ways, chosen by StageDir:
//
//   - swap: the files are written into a fresh temporary directory beside
//     DIR, which then takes DIR's place by rename. When DIR exists (and
//     holds only files catc wrote), it is renamed aside first and removed
//     after: DIR is at every moment the old set or the new one, but for
//     the instant between the two renames, during which a signal waits.
//   - in place: when DIR holds other files (a docs directory with pages
//     of its own, a symbolic link, the working directory), each file is
//     written beside its target and all are renamed in one go that a
//     signal waits for.
//
// Add may be called concurrently.
type Staging struct {
	mu    sync.Mutex
	reg   *Registry
	guard *Guard
	dir   string // as the user named it, for messages

	// swap
	target  string // DIR, its symbolic links resolved
	tmpDir  string // the new content, or "" in place
	existed bool   // DIR existed and is replaced

	// in place
	files []stagedFile
}

// stagedFile is a file written to tmp, to be renamed to target (path, or
// the file its symbolic link points to).
type stagedFile struct{ path, target, tmp string }

// StageDir prepares writing the directory dir; errors name dir.
func (r *Registry) StageDir(dir string, guard *Guard) (*Staging, error) {
	s := &Staging{reg: r, guard: guard, dir: dir}
	if err := checkLinks(dir); err != nil {
		return nil, createError(dir, err)
	}
	target, err := resolveLinks(dir)
	if err != nil {
		return nil, createError(dir, err)
	}
	s.target = target
	st, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(target), 0o777); err != nil {
			return nil, createError(dir, err)
		}
		return s, s.makeTempDir(newFile)
	case err != nil:
		return nil, createError(dir, err)
	case !st.IsDir():
		return nil, createError(dir, errors.New("not a directory"))
	}
	if !s.replaceable(st) {
		return s, nil // in place
	}
	s.existed = true
	return s, s.makeTempDir(st.Mode().Perm())
}

// replaceable reports whether the existing directory (s.target, whose
// Stat is st) may be swapped out as a whole: it holds only regular files
// catc wrote and none of the inputs, and it is not the working directory
// (which a shell would be left inside of, removed).
func (s *Staging) replaceable(st fs.FileInfo) bool {
	if wd, err := os.Stat("."); err != nil || os.SameFile(wd, st) {
		return false
	}
	if s.guard.holdsInput(s.target) {
		return false
	}
	entries, err := os.ReadDir(s.target)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !CatcWrote(filepath.Join(s.target, e.Name())) {
			return false
		}
	}
	return true
}

// makeTempDir creates the directory the files are written into, beside
// the target, registered for removal on a signal. perm is the replaced
// directory's mode, or newFile (0777 less the umask).
func (s *Staging) makeTempDir(perm fs.FileMode) error {
	mode := perm
	if perm == newFile {
		mode = 0o777
	}
	s.reg.lock()
	defer s.reg.unlock()
	for range 100 {
		name := filepath.Join(filepath.Dir(s.target), tempName())
		err := os.Mkdir(name, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return createError(s.dir, err)
		}
		s.reg.addLocked(name)
		s.tmpDir = name
		if perm != newFile {
			// Mkdir applied the umask; the replaced directory's mode wins.
			if err := os.Chmod(name, perm); err != nil {
				return createError(s.dir, err)
			}
		}
		return nil
	}
	return createError(s.dir, errors.New("no free temporary directory name"))
}

// Add writes the file name (a base name) of the directory with write.
// Errors name the file as the user would. A name that is not a base name
// ("a/b", "x-../../y", made of a name a site chose) is refused: the file
// would be written elsewhere than in the directory.
func (s *Staging) Add(name string, write func(io.Writer) error) error {
	path := filepath.Join(s.dir, name)
	if name != filepath.Base(name) || name == "." || !filepath.IsLocal(name) {
		return outputError(s.dir+string(filepath.Separator)+name, errors.New("not a file name of the directory"))
	}
	if s.tmpDir != "" {
		// A file the replaced directory holds keeps its mode (created
		// 0600 until then); a new one gets 0666 less the umask.
		perm, mode := newFile, fs.FileMode(0o666)
		if st, err := os.Lstat(filepath.Join(s.target, name)); s.existed && err == nil && st.Mode().IsRegular() {
			perm, mode = st.Mode().Perm(), 0o600
		}
		f, err := os.OpenFile(filepath.Join(s.tmpDir, name), os.O_RDWR|os.O_CREATE|os.O_EXCL, mode)
		if err != nil {
			return outputError(path, err)
		}
		// The temporary directory is removed as a whole, on failure or
		// on a signal.
		return outputError(path, s.reg.writeTemp(f, perm, write))
	}
	if err := checkLinks(path); err != nil {
		return outputError(path, err)
	}
	target, err := resolveLinks(path)
	if err != nil {
		return outputError(path, err)
	}
	perm := newFile
	if st, err := os.Stat(target); err == nil {
		if !st.Mode().IsRegular() {
			return outputError(path, errors.New("not a regular file"))
		}
		if err := s.guard.checkReplace(path, target); err != nil {
			return guardError(path, err)
		}
		perm = st.Mode().Perm()
	}
	tmp, err := s.reg.stageTemp(target, perm, write)
	if err != nil {
		return outputError(path, err)
	}
	s.mu.Lock()
	s.files = append(s.files, stagedFile{path: path, target: target, tmp: tmp})
	s.mu.Unlock()
	return nil
}

// Commit puts the files in place: the directory swapped in, or the files
// renamed in the order staged.
func (s *Staging) Commit() error {
	if s.tmpDir == "" {
		pairs := make([][2]string, len(s.files))
		for i, f := range s.files {
			pairs[i] = [2]string{f.tmp, f.target}
		}
		i, err := s.reg.commitAll(pairs)
		if err != nil {
			return outputError(s.files[i].path, err)
		}
		return nil
	}
	if !s.existed {
		return outputError(s.dir, s.reg.commit(s.tmpDir, s.target))
	}
	aside, err := s.reg.swapDir(s.tmpDir, s.target, tempName())
	if err != nil {
		return outputError(s.dir, err)
	}
	s.reg.Remove(aside)
	return nil
}

// Discard removes what was written and not put in place (deferred by the
// caller: after a commit it does nothing).
func (s *Staging) Discard() {
	if s.tmpDir != "" {
		s.reg.Remove(s.tmpDir) // a no-op once renamed
	}
	for _, f := range s.files {
		s.reg.Remove(f.tmp) // a no-op once renamed
	}
}

// stageTemp writes a temporary file beside path with write and gives it
// perm; it returns the file's name, or removes it on failure.
func (r *Registry) stageTemp(path string, perm fs.FileMode, write func(io.Writer) error) (string, error) {
	tmp, err := r.createTemp(path, perm)
	if err != nil {
		return "", err
	}
	if err := r.writeTemp(tmp, perm, write); err != nil {
		r.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// createError is the error of a directory output that cannot be made.
func createError(dir string, err error) error {
	return fmt.Errorf("cannot create %s: %w", dir, inputfile.Cause(err))
}
