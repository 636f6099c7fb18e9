package main

import (
	"io"
	"os"
	"strconv"
)

// terminalWidth is the width text diagnostics wrap at: the terminal's
// columns when w is a terminal (else $COLUMNS, else 80), and 0 (no
// wrapping) when w is a file or pipe, so that a CI log keeps each line
// whole and a search finds it.
func terminalWidth(w io.Writer) uint {
	if !isTerminal(w) {
		return 0
	}
	if f, _ := fileOf(w); f != nil {
		if n := ttyColumns(f); n > 0 {
			return uint(n)
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return uint(n)
	}
	return 80
}
