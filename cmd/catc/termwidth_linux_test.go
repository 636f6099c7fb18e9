package main

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair (Linux) whose window is cols wide
// and returns the terminal side.
func openPTY(t *testing.T, cols uint16) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock int32
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("unlockpt: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("ptsname: %v", e)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	ws := struct{ Row, Col, X, Y uint16 }{Row: 24, Col: cols}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 {
		t.Skipf("set window size: %v", e)
	}
	return tty
}

// Text diagnostics wrap at the terminal's own width, and not at all on a
// file.
func TestTerminalWidth(t *testing.T) {
	t.Parallel()
	tty := openPTY(t, 57)
	if got := terminalWidth(tty); got != 57 {
		t.Errorf("terminal of 57 columns: width %d", got)
	}
	f, err := os.Create(t.TempDir() + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := terminalWidth(f); got != 0 {
		t.Errorf("file: width %d, want 0 (no wrapping)", got)
	}
}
