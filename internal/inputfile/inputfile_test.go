//go:build unix

package inputfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/testutil"
)

func TestRead(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{
		"ok.hcl":   "a = 1\n",
		"link.hcl": "-> ok.hcl",
		"evil.hcl": "-> /dev/zero",
	})
	regular, link, zero := filepath.Join(dir, "ok.hcl"), filepath.Join(dir, "link.hcl"), filepath.Join(dir, "evil.hcl")
	fifo := filepath.Join(dir, "x.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.hcl")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxSize+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	mib := filepath.Join(dir, "mib.hcl")
	if err := os.WriteFile(mib, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub.hcl")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, path string
		size       int    // of the content, when it is read
		why        string // in the error, when it is not
	}{
		{name: "regular file", path: regular, size: 6},
		{name: "link to a regular file", path: link, size: 6},
		{name: "one MiB", path: mib, size: 1 << 20},
		{name: "link to /dev/zero", path: zero, why: "it is a symbolic link to /dev/zero: catc never reads /dev through a link"},
		{name: "named pipe", path: fifo, why: "not a regular file but a named pipe"},
		{name: "directory", path: sub, why: "not a regular file but a directory"},
		{name: "sparse file past the limit", path: big, why: "larger than 256 MiB, the limit for an input file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := readUnblocked(t, "Read", Read, tc.path)
			if tc.why == "" {
				if err != nil || len(data) != tc.size {
					t.Fatalf("Read = %d bytes, %v; want %d bytes", len(data), err, tc.size)
				}
				return
			}
			wantRefusal(t, "Read", err, tc.path, tc.why)
			if check(tc.path, os.Stat) == nil {
				t.Error("check accepted what Read refuses")
			}
		})
	}
}

// readUnblocked is read(path), failing the test if it blocks.
func readUnblocked(t *testing.T, name string, read func(string) ([]byte, error), path string) ([]byte, error) {
	t.Helper()
	done := make(chan struct{})
	var data []byte
	var err error
	go func() {
		defer close(done)
		data, err = read(path)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal(name + " blocked")
	}
	return data, err
}

// wantRefusal checks that err is a path error naming path, saying why.
func wantRefusal(t *testing.T, name string, err error, path, why string) {
	t.Helper()
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != path || !strings.Contains(err.Error(), why) {
		t.Errorf("%s error = %v; want a path error naming %s saying %q", name, err, path, why)
	}
}

func TestReadMissing(t *testing.T) {
	t.Parallel()
	_, err := Read(filepath.Join(t.TempDir(), "none.hcl"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read of a missing file = %v, want not-exist", err)
	}
}

// TestHead: the start of a regular file, all of a short one; a named
// pipe is refused without blocking.
func TestHead(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	if err := os.WriteFile(name, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]string{4: "0123", 10: "0123456789", 64: "0123456789"} {
		if got, err := Head(name, n); err != nil || string(got) != want {
			t.Errorf("Head(%d) = %q, %v; want %q", n, got, err, want)
		}
	}
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here")
	}
	if _, err := Head(fifo, 4); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("Head(fifo) = %v, want a refusal", err)
	}
}

// TestReadString: the content as Read reads it, "" for an empty file,
// and Read's refusals.
func TestReadString(t *testing.T) {
	t.Parallel()
	dir := testutil.TempFiles(t, map[string]string{"ok.json": "{\"a\": \"é\"}\n", "empty.json": ""})
	for name, want := range map[string]string{"ok.json": "{\"a\": \"é\"}\n", "empty.json": ""} {
		if got, err := ReadString(filepath.Join(dir, name)); err != nil || got != want {
			t.Errorf("ReadString(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	if _, err := ReadString(dir); err == nil || !strings.Contains(err.Error(), "not a regular file but a directory") {
		t.Errorf("ReadString(dir) = %v, want Read's refusal", err)
	}
}
