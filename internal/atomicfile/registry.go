package atomicfile

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
)

// Registry holds the temporary files and directories a process has
// created and not yet renamed into place or removed. On SIGINT or SIGTERM
// (CleanupOnSignal) they are removed before the process exits, so that an
// interrupted `compile -o` leaves no partial file behind. A process has
// one, made by its main package; its methods may be called concurrently.
type Registry struct {
	mu    sync.Mutex
	paths map[string]bool

	// Written, when set (by tests only), runs after a temporary output
	// file is written and before it is renamed, so that a test can signal
	// the process at that moment, or fail the write (its error).
	Written func(tmp string) error
	// Committing, when set (by tests only), runs in the middle of putting
	// a directory output in place (after its first rename), so that a
	// test can signal the process at that moment.
	Committing func()
}

// NewRegistry is an empty registry.
func NewRegistry() *Registry { return &Registry{paths: map[string]bool{}} }

func (r *Registry) lock()   { r.mu.Lock() }
func (r *Registry) unlock() { r.mu.Unlock() }

// addLocked registers path; the caller holds the lock, and has created
// path under it, so that a signal cannot come between the two.
func (r *Registry) addLocked(path string) { r.paths[path] = true }

// Remove deletes a registered path (and, for a directory, what is in it);
// a path no longer registered (renamed into place) is left alone.
func (r *Registry) Remove(path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.paths[path] {
		os.RemoveAll(path)
		delete(r.paths, path)
	}
}

// commit renames tmp to path and forgets tmp, under the lock: a signal
// sees either the temporary file (and removes it) or the renamed one
// (and leaves it).
func (r *Registry) commit(tmp, path string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	delete(r.paths, tmp)
	return nil
}

// commitAll renames each pair's temporary file to its target, in order,
// under one hold of the lock: a signal waits until every file is in
// place. On an error it stops and returns the failing pair's index (the
// files renamed before it stay renamed).
func (r *Registry) commitAll(pairs [][2]string) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, p := range pairs {
		if err := os.Rename(p[0], p[1]); err != nil {
			return i, err
		}
		delete(r.paths, p[0])
		if i == 0 && r.Committing != nil {
			r.Committing()
		}
	}
	return 0, nil
}

// swapDir puts the directory tmp in the place of the existing directory
// dir: dir is renamed aside (to the name aside, beside it), then tmp to
// dir, under the lock, so that a signal sees the old directory or the new
// one. The old one, now at the returned path, is registered for removal;
// if the second rename fails, dir is put back.
func (r *Registry) swapDir(tmp, dir, aside string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	aside = filepath.Join(filepath.Dir(dir), aside)
	if err := os.Rename(dir, aside); err != nil {
		return "", err
	}
	if r.Committing != nil {
		r.Committing()
	}
	if err := os.Rename(tmp, dir); err != nil {
		if back := os.Rename(aside, dir); back != nil {
			// %v, not %w: outputError's inputfile.Cause would find the
			// rename's LinkError inside and drop this sentence.
			return "", fmt.Errorf("%v; the old directory is at %s", err, aside)
		}
		return "", err
	}
	delete(r.paths, tmp)
	r.paths[aside] = true
	return aside, nil
}

// removeAllLocked deletes every registered path; the lock is held and
// never released, since the process exits next.
func (r *Registry) removeAllLocked() {
	r.mu.Lock()
	for p := range r.paths {
		os.RemoveAll(p)
	}
}

// Abandon deletes every temporary path for a process that exits next
// without returning (memguard's trip); like a signal, it holds the lock.
func (r *Registry) Abandon() { r.removeAllLocked() }

// CleanupOnSignal removes the temporary files on SIGINT, SIGTERM or
// SIGHUP and exits with the shell's status for the signal, 128 + its
// number (130 for Ctrl-C, 143 for kill). The returned function stops it.
func (r *Registry) CleanupOnSignal() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			r.removeAllLocked()
			code := 128 + 15
			if s, ok := sig.(syscall.Signal); ok {
				code = 128 + int(s)
			}
			os.Exit(code)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// MkdirTemp creates a temporary directory, removed on a signal like the
// temporary files; the caller removes it with Remove.
func (r *Registry) MkdirTemp(pattern string) (string, error) {
	r.lock()
	defer r.unlock()
	dir, err := os.MkdirTemp("", pattern)
	if err == nil {
		r.addLocked(dir)
	}
	return dir, err
}
