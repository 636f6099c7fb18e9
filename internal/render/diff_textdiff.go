package render

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/pmezard/go-difflib/difflib"
)

// Bounds of the line diff: above them the change is one summary line (the
// JSON has both values), so that a huge generated file can neither make
// the diff slow (the matcher is quadratic at worst) nor fill the screen.
const (
	maxLineDiffBytes = 64 << 10 // per side
	maxLineDiffLines = 2000     // per side
)

// lineDiffContext is the lines of context around each change, as diff -u
// and Puppet's show_diff print them.
const lineDiffContext = 3

// multiLine reports whether an attribute change is a multi-line string
// changed into another: not a secret, both sides strings, one of them
// with a newline. It is shown as a unified line diff, or, when a side is
// too large to diff (tooLarge), as a summary line.
func multiLine(a plandiff.AttrChange) (old, new string, ok, tooLarge bool) {
	if a.Sensitive || !a.HadOld || !a.HasNew {
		return "", "", false, false
	}
	old, okO := a.Old.(string)
	new, okN := a.New.(string)
	if !okO || !okN || !strings.Contains(old, "\n") && !strings.Contains(new, "\n") {
		return "", "", false, false
	}
	tooLarge = len(old) > maxLineDiffBytes || len(new) > maxLineDiffBytes ||
		strings.Count(old, "\n") >= maxLineDiffLines || strings.Count(new, "\n") >= maxLineDiffLines
	return old, new, true, tooLarge
}

// lineDiffLines are the hunks of a unified diff from old to new (Puppet's
// show_diff shows a file's content change so), one diffLine per line of
// text at indent: "@@ -1,3 +1,3 @@", then context lines unmarked,
// removed lines marked -, added lines marked +. A last line without a
// newline is followed by "\ No newline at end of file", as diff says.
func lineDiffLines(old, new string, indent int) []diffLine {
	a, b := splitKeepingEnds(old), splitKeepingEnds(new)
	m := difflib.NewMatcher(a, b)
	var out []diffLine
	add := func(mark string, lines []string) {
		for _, l := range lines {
			text, hasEnd := strings.CutSuffix(l, "\n")
			out = append(out, diffLine{mark: mark, text: text, indent: indent})
			if !hasEnd {
				out = append(out, diffLine{text: `\ No newline at end of file`, indent: indent})
			}
		}
	}
	for _, group := range m.GetGroupedOpCodes(lineDiffContext) {
		first, last := group[0], group[len(group)-1]
		out = append(out, diffLine{indent: indent,
			text: fmt.Sprintf("@@ -%s +%s @@", unifiedRange(first.I1, last.I2), unifiedRange(first.J1, last.J2))})
		for _, op := range group {
			switch op.Tag {
			case 'e':
				add("", a[op.I1:op.I2])
			case 'r':
				add("-", a[op.I1:op.I2])
				add("+", b[op.J1:op.J2])
			case 'd':
				add("-", a[op.I1:op.I2])
			case 'i':
				add("+", b[op.J1:op.J2])
			}
		}
	}
	return out
}

// splitKeepingEnds splits s into lines, each with its newline (the last
// one without, when s does not end with one).
func splitKeepingEnds(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineCount is len(splitKeepingEnds(s)), counted without splitting (a
// text too large to diff is only counted).
func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

// unifiedRange is a hunk's range in diff -u's form: "start,count" with a
// 1-based start, "start" alone for one line, and "start-1,0" for none.
func unifiedRange(start, stop int) string {
	n := stop - start
	switch n {
	case 1:
		return fmt.Sprint(start + 1)
	case 0:
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
