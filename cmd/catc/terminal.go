package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// colorTerminal reports whether w is a terminal that wants colour.
func colorTerminal(w io.Writer) bool {
	return wantsColor(os.LookupEnv) && isTerminal(w)
}

// wantsColor reads the environment's word on colour: NO_COLOR set to a
// non-empty value turns it off (https://no-color.org: an empty one does
// not), and so does TERM=dumb, a terminal without escape sequences.
func wantsColor(lookup func(string) (string, bool)) bool {
	if v, _ := lookup("NO_COLOR"); v != "" {
		return false
	}
	term, _ := lookup("TERM")
	return term != "dumb"
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := fileOf(w)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// isCharDevice reports whether path names a terminal or another
// character device.
func isCharDevice(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// eraseLine clears a status line of the terminal that showed line: it
// writes blanks over it rather than an escape sequence, which a dumb
// terminal (TERM=dumb) would print as text.
func eraseLine(w io.Writer, line string) {
	fmt.Fprint(w, "\r"+strings.Repeat(" ", utf8.RuneCountInString(line))+"\r")
}

// isRegularFile reports whether w is an open regular file (standard
// output redirected to a file).
func isRegularFile(w io.Writer) bool {
	f, ok := fileOf(w)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}

// fileOf is the file behind w, seen through run's stdoutWriter.
func fileOf(w io.Writer) (*os.File, bool) {
	if s, ok := w.(*stdoutWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	return f, ok
}
