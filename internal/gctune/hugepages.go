package gctune

import (
	"strings"
)

// Huge pages. A batch run touches its heap once, page by page, as it
// grows: 470 MiB for a 100,000-resource HCL site, 780 MiB for a class
// site of that size. On a virtual machine each fault of a 4 KiB page is
// dear (on the project's 2-core VM they were 0.7-1.0 s of the 2.9 s of
// `catc plan` of the flat site), and Linux's transparent huge pages
// would fault 2 MiB at a time, but where the kernel gives them only to
// memory that asks (the "madvise" mode, the default of many
// distributions), Go's heap never asks. HugePages asks for the part of
// the address space the heap is about to use.

const (
	hugePageBytes = 2 << 20
	// hugeHeapMax is the most heap address space advised: the peak of
	// the largest sites the project measures (a class site of 100,000
	// resources: 780 MiB) with room to spare. A heap that outgrows it
	// continues on ordinary pages.
	hugeHeapMax = 1 << 30
)

// hugeHeapBytes is how much heap address space to advise for huge
// pages, or 0 and why not, given the kernel's transparent huge page
// mode (the contents of /sys/kernel/mm/transparent_hugepage/enabled),
// its overcommit mode (/proc/sys/vm/overcommit_memory), the machine's
// memory and $GODEBUG.
func hugeHeapBytes(thpMode, overcommit string, ram uint64, godebug string) (int, string) {
	switch {
	case strings.Contains(","+godebug+",", ",disablethp=1,"):
		return 0, "GODEBUG=disablethp=1 asks for no huge pages"
	case selectedMode(thpMode) != "madvise":
		return 0, "the kernel's transparent huge page mode is not madvise (" + strings.TrimSpace(thpMode) + ")"
	case strings.TrimSpace(overcommit) == "2":
		// The reservation would count in full against a strict commit limit.
		return 0, "the kernel does not overcommit memory (vm.overcommit_memory=2)"
	}
	n := uint64(hugeHeapMax)
	if ram/4 < n {
		n = ram / 4 &^ (hugePageBytes - 1)
	}
	if n < 16*hugePageBytes {
		return 0, "the machine's memory is too small to reserve heap for huge pages"
	}
	return int(n), ""
}

// selectedMode is the bracketed word of a sysfs choice ("always [madvise]
// never" → madvise), or "" when there is none.
func selectedMode(s string) string {
	i := strings.IndexByte(s, '[')
	j := strings.IndexByte(s, ']')
	if i < 0 || j < i {
		return ""
	}
	return s[i+1 : j]
}
