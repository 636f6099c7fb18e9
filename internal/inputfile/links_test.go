//go:build unix

package inputfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadResolvedRefusesALink: ReadResolved is given a path its caller
// resolved and checked; a link found there (one swapped in after the
// check, to a file outside what the caller allowed) is refused, not
// followed, where Read of the same link follows it after its checks.
func TestReadResolvedRefusesALink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "target.yaml")
	if err := os.WriteFile(target, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "data.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if got, err := ReadResolved(target); err != nil || string(got) != "a: 1\n" {
		t.Fatalf("ReadResolved of the file: %q, %v", got, err)
	}
	if got, err := ReadResolved(link); err == nil {
		t.Errorf("ReadResolved followed a link: %q", got)
	}
}

// TestReadResolvedChecksOnceOpen: ReadResolved opens without checking
// first (its caller listed a regular file), so what it finds once open
// must still be a regular file of at most MaxSize bytes: a named pipe
// swapped in is refused without waiting for a writer, a device, a
// directory and a file past the limit are refused, and a file is read whole, empty, short
// or larger than one read.
func TestReadResolvedChecksOnceOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := write("big.yaml", nil)
	if err := os.Truncate(big, MaxSize+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub.yaml")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	large := bytes.Repeat([]byte("k: v\n"), 300_000)
	for _, tc := range []struct {
		name, path string
		want       []byte
		why        string
	}{
		{name: "short file", path: write("a.yaml", []byte("a: 1\n")), want: []byte("a: 1\n")},
		{name: "empty file", path: write("e.yaml", nil), want: []byte{}},
		{name: "1.5 MB", path: write("l.yaml", large), want: large},
		{name: "named pipe", path: fifo, why: "not a regular file but a named pipe"},
		{name: "directory", path: sub, why: "not a regular file but a directory"},
		{name: "device", path: os.DevNull, why: "not a regular file but a character device"},
		{name: "past the limit", path: big, why: "larger than 256 MiB"},
		{name: "missing", path: filepath.Join(dir, "none.yaml"), why: "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readUnblocked(t, "ReadResolved", ReadResolved, tc.path)
			if tc.why == "" {
				if err != nil || !bytes.Equal(got, tc.want) {
					t.Fatalf("ReadResolved = %d bytes, %v; want %d bytes", len(got), err, len(tc.want))
				}
				return
			}
			wantRefusal(t, "ReadResolved", err, tc.path, tc.why)
		})
	}
}

// TestRefuseOutsideSystemDirs: a path in /proc, /sys or /dev is refused,
// unless it lies below a directory the user named there (a checkout on
// the tmpfs /dev/shm): only a link from elsewhere into them is an attack.
func TestRefuseOutsideSystemDirs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		real  string
		roots []string
		why   string // "" when it is read
	}{
		{"/dev/shm/site/sub/a.hcl", []string{"/dev/shm/site"}, ""},
		{"/dev/shm/site/a.hcl", []string{"/home/u/site", "/dev/shm/site"}, ""},
		{"/dev/shm/other/a.hcl", []string{"/dev/shm/site"}, "catc never reads /dev"},
		{"/dev/zero", []string{"/home/u/site"}, "catc never reads /dev"},
		{"/proc/self/environ", []string{"/home/u/site"}, "catc never reads /proc"},
		{"/proc/self/environ", []string{"/dev/shm/site"}, "catc never reads /proc"},
		{"/home/u/site/a.hcl", []string{"/home/u/site"}, ""},
	} {
		err := refuseOutside("a.hcl", c.real, c.roots)
		switch {
		case c.why == "" && err != nil:
			t.Errorf("%s below %v: refused: %v", c.real, c.roots, err)
		case c.why != "" && (err == nil || !strings.Contains(err.Error(), c.why)):
			t.Errorf("%s below %v: %v; want a refusal saying %q", c.real, c.roots, err, c.why)
		}
	}
}
