package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"unsafe"

	"golang.org/x/sys/unix"
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
	var as unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_AS, &as); err != nil || as.Cur != unix.RLIM_INFINITY {
		// Under a limit of address space (ulimit -v) a reservation the
		// heap would not otherwise make could be what ends the process.
		return 0, "the process's address space is limited (ulimit -v)"
	}
	mode, _ := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	overcommit, _ := os.ReadFile("/proc/sys/vm/overcommit_memory")
	var info unix.Sysinfo_t
	if err := unix.Sysinfo(&info); err != nil {
		return 0, "the machine's memory is unknown: " + err.Error()
	}
	n, why := hugeHeapBytes(string(mode), string(overcommit), uint64(info.Totalram)*uint64(info.Unit), os.Getenv("GODEBUG"))
	if n == 0 {
		return 0, why
	}
	block := make([]byte, n)
	advised, why = adviseHuge(block)
	runtime.KeepAlive(block) // dead from here, whatever the advice: the collection frees it
	debug.FreeOSMemory()
	return advised, why
}

// adviseHuge advises the whole huge pages of block for transparent huge
// pages, and says how many bytes or why none.
func adviseHuge(block []byte) (int, string) {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	from := int(alignUp(start) - start)
	to := int((start+uintptr(len(block)))&^(hugePageBytes-1) - start)
	if from >= to {
		return 0, "the reserved block holds no whole huge page"
	}
	if err := unix.Madvise(block[from:to], unix.MADV_HUGEPAGE); err != nil {
		return 0, "madvise: " + err.Error()
	}
	return to - from, ""
}

func alignUp(p uintptr) uintptr { return (p + hugePageBytes - 1) &^ (hugePageBytes - 1) }
