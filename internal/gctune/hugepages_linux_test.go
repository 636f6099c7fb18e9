package gctune

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestHugePagesFaultHugePages: where the kernel gives huge pages on
// request, what the heap allocates after HugePages faults in huge
// pages; elsewhere HugePages says why it did nothing. (Not parallel: it
// measures the process's memory.)
func TestHugePagesFaultHugePages(t *testing.T) {
	mode, _ := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	advised, why := HugePages()
	if selectedMode(string(mode)) != "madvise" {
		if advised != 0 || why == "" {
			t.Fatalf("mode %q: advised %d (%q); want nothing, and why", mode, advised, why)
		}
		return
	}
	if advised == 0 {
		overcommit, _ := os.ReadFile("/proc/sys/vm/overcommit_memory")
		var as unix.Rlimit
		_ = unix.Getrlimit(unix.RLIMIT_AS, &as)
		switch {
		case strings.TrimSpace(string(overcommit)) == "2" && strings.Contains(why, "overcommit"),
			as.Cur != unix.RLIM_INFINITY && strings.Contains(why, "ulimit -v"):
			return // this machine's settings forbid it, and HugePages says so
		}
		t.Fatalf("mode madvise: nothing advised: %s", why)
	}
	before := anonHugeBytes(t)
	block := make([]byte, 64<<20)
	for i := 0; i < len(block); i += 4096 {
		block[i] = 1
	}
	after := anonHugeBytes(t)
	if grown := after - before; grown < 32<<20 {
		t.Errorf("64 MiB touched after HugePages (%d bytes advised): huge pages grew by %d bytes; want most of it", advised, grown)
	}
}

// anonHugeBytes is the process's memory in transparent huge pages.
func anonHugeBytes(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "AnonHugePages:" && f[2] == "kB" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no AnonHugePages in /proc/self/smaps_rollup:\n%s", data)
	return 0
}
