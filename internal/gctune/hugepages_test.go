package gctune

import (
	"strings"
	"testing"
)

func TestHugeHeapBytes(t *testing.T) {
	t.Parallel()
	const gib = 1 << 30
	for _, c := range []struct {
		name, mode, overcommit, godebug string
		ram                             uint64
		want                            int
		why                             string
	}{
		{"madvise, ample memory", "always [madvise] never\n", "0\n", "", 24 * gib, hugeHeapMax, ""},
		{"heuristic overcommit 1", "always [madvise] never\n", "1\n", "", 24 * gib, hugeHeapMax, ""},
		{"a quarter of a small machine", "always [madvise] never\n", "0\n", "", 2 * gib, gib / 2, ""},
		{"a quarter rounded to huge pages", "always [madvise] never\n", "0\n", "", 2*gib + 3<<20, gib / 2, ""},
		{"too small a machine", "always [madvise] never\n", "0\n", "", 64 << 20, 0, "too small"},
		{"always: the kernel gives them", "[always] madvise never\n", "0\n", "", 24 * gib, 0, "not madvise ([always] madvise never)"},
		{"never", "always madvise [never]\n", "0\n", "", 24 * gib, 0, "not madvise"},
		{"no such file", "", "0\n", "", 24 * gib, 0, "not madvise"},
		{"strict overcommit", "always [madvise] never\n", "2\n", "", 24 * gib, 0, "overcommit_memory=2"},
		{"GODEBUG", "always [madvise] never\n", "0\n", "gctrace=1,disablethp=1", 24 * gib, 0, "disablethp"},
		{"GODEBUG off", "always [madvise] never\n", "0\n", "disablethp=0", 24 * gib, hugeHeapMax, ""},
	} {
		got, why := hugeHeapBytes(c.mode, c.overcommit, c.ram, c.godebug)
		if got != c.want || !strings.Contains(why, c.why) || (c.why == "") != (why == "") {
			t.Errorf("%s: %d, %q; want %d, %q", c.name, got, why, c.want, c.why)
		}
	}
}
