package pdbtest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

// EnvDir names the directory of a PuppetDB kept running between test
// runs (started there when it does not run).
const EnvDir = "CATC_TEST_PUPPETDB"

var shared struct {
	once   sync.Once
	server *Server
	err    error
	// owned is set when this test binary started the server for itself:
	// Main stops it.
	owned bool
}

// Main runs the tests (m.Run) and stops the PuppetDB a test started,
// unless it is kept ($CATC_TEST_PUPPETDB). Call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Stop stops the PuppetDB this test binary started (not a kept one): for
// a TestMain that does more than Main.
func Stop() {
	if shared.owned {
		shared.server.stop()
		os.RemoveAll(shared.server.Dir)
		shared.owned = false
	}
}

// Get is the package's PuppetDB, started at the first call. Without
// PuppetDB the test is skipped, or fails when $CI is set (CI installs
// it: a skip there would hide the tests).
func Get(t testing.TB) *Server {
	t.Helper()
	if testing.Short() && os.Getenv(EnvDir) == "" {
		t.Skip("-short: starting PuppetDB takes a minute (set $" + EnvDir + " to keep one running)")
	}
	shared.once.Do(setUp)
	if shared.err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("PuppetDB is needed in CI: %v", shared.err)
		}
		t.Skipf("no PuppetDB: %v", shared.err)
	}
	return shared.server
}

func setUp() {
	if ok, why := Installed(); !ok {
		shared.err = fmt.Errorf("%s", why)
		return
	}
	dir := os.Getenv(EnvDir)
	if dir == "" {
		d, err := os.MkdirTemp("", "catc-puppetdb-")
		if err != nil {
			shared.err = err
			return
		}
		shared.server, shared.err = start(d)
		shared.owned = shared.err == nil
		if shared.err == nil {
			fmt.Fprintf(os.Stderr, "pdbtest: PuppetDB started in %.1f s\n", shared.server.StartSeconds)
		}
		return
	}
	shared.server, shared.err = kept(dir)
	if shared.err != nil {
		return
	}
	// Test binaries sharing the kept server take turns (the lock is held
	// until the process exits), each from a fleet of no active node.
	if shared.err = lock(filepath.Join(dir, "in-use.lock")); shared.err == nil {
		shared.err = shared.server.DeactivateAll()
	}
}

// kept is the server kept in dir, started when it does not answer.
func kept(dir string) (*Server, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockFor(filepath.Join(dir, "start.lock"))
	if err != nil {
		return nil, err
	}
	defer unlock()
	if s := load(dir); s != nil {
		if s.alive() {
			return s, nil
		}
		s.stop() // what is left of it
	}
	for _, sub := range []string{"pg", "var", "conf.d", "ssl", "server.json"} {
		os.RemoveAll(filepath.Join(dir, sub))
	}
	s, err := start(dir)
	if err == nil {
		fmt.Fprintf(os.Stderr, "pdbtest: PuppetDB started in %s in %.1f s; it keeps running\n", dir, s.StartSeconds)
	}
	return s, err
}

// held keeps the lock of lock open (a closed file drops its lock).
var held []func()

// lock takes an exclusive lock on path for the rest of the process.
func lock(path string) error {
	unlock, err := lockFor(path)
	held = append(held, unlock)
	return err
}

func lockFor(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
