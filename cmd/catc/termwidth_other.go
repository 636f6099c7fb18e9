//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

import "os"

// ttyColumns cannot ask the terminal here: $COLUMNS or 80 is used.
func ttyColumns(*os.File) int { return 0 }
