package main

import (
	"io"
	"os"
)

// colorTerminal reports whether w is a terminal that wants colour
// (https://no-color.org: NO_COLOR set to anything turns it off).
func colorTerminal(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	if s, ok := w.(*stdoutWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
