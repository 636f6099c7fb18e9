package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// madvHugePage is Linux's MADV_HUGEPAGE, which package syscall does not
// name, and rlimInfinity its RLIM_INFINITY.
const (
	madvHugePage = 14
	rlimInfinity = ^uint64(0)
)

// HugePages advises the address space the heap grows into next for
// transparent huge pages, when the kernel gives them only on request
// (see hugeHeapBytes), and reports how many bytes it advised or why it
// did not. It allocates one large block, which the runtime maps and
// leaves untouched, advises it, then frees it and returns its pages to
// the kernel (debug.FreeOSMemory) untouched: the advice stays with the
// mapping, so the heap's later allocations there fault in 2 MiB at a
// time. It costs a few milliseconds, so a main package calls it only
// before loading a large input; only a process that exits after its
// batch should call it (the advice cannot be taken back).
func HugePages() (advised int, why string) {
	if unsafe.Sizeof(uintptr(0)) < 8 {
		return 0, "a 32-bit address space has no room to reserve"
	}
	var as syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &as); err != nil || as.Cur != rlimInfinity {
		// Under a limit of address space (ulimit -v) a reservation the
		// heap would not otherwise make could be what ends the process.
		return 0, "the process's address space is limited (ulimit -v)"
	}
	mode, _ := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	overcommit, _ := os.ReadFile("/proc/sys/vm/overcommit_memory")
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0, "the machine's memory is unknown: " + err.Error()
	}
	n, why := hugeHeapBytes(string(mode), string(overcommit), uint64(info.Totalram)*uint64(info.Unit), os.Getenv("GODEBUG"))
	if n == 0 {
		return 0, why
	}
	block := make([]byte, n)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	from := int(alignUp(start) - start)
	to := int((start+uintptr(n))&^(hugePageBytes-1) - start)
	if from >= to {
		return 0, "the reserved block holds no whole huge page"
	}
	if err := syscall.Madvise(block[from:to], madvHugePage); err != nil {
		return 0, "madvise: " + err.Error()
	}
	runtime.KeepAlive(block) // dead from here: the collection frees it
	debug.FreeOSMemory()
	return to - from, ""
}

func alignUp(p uintptr) uintptr { return (p + hugePageBytes - 1) &^ (hugePageBytes - 1) }
