//go:build !linux

package gctune

// HugePages does nothing but on Linux, whose transparent huge pages it
// asks for (see hugepages_linux.go).
func HugePages() (advised int, why string) { return 0, "huge pages are asked for only on Linux" }
