package classcorpus

import (
	"fmt"
	"regexp"
	"strings"
)

// TableRow is a row of docs/classes.md's mapping table: the Puppet
// construct, its catc twin and the corpus case that shows both.
type TableRow struct {
	Puppet, Catc, Case string
	// Line is the row's line in the doc.
	Line int
}

// MappingTable is the rows of docs/classes.md's table "The mapping at a
// glance". A row is split on its unescaped pipes, as GitHub renders it:
// a pipe inside a code span must be written \| there.
func MappingTable() ([]TableRow, error) {
	data, err := Doc()
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	start := -1
	for i, l := range lines {
		if l == "## The mapping at a glance" {
			start = i
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("docs/classes.md has no mapping table")
	}
	var rows []TableRow
	for i := start + 1; i < len(lines) && !strings.HasPrefix(lines[i], "## "); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "| ") || strings.HasPrefix(l, "| Puppet |") {
			continue
		}
		cells := splitRow(l)
		if len(cells) != 3 {
			return nil, fmt.Errorf("docs/classes.md:%d: %d cells, want 3 (a pipe in a code span is written \\|)", i+1, len(cells))
		}
		rows = append(rows, TableRow{Puppet: cells[0], Catc: cells[1], Case: strings.Trim(cells[2], "`"), Line: i + 1})
	}
	return rows, nil
}

// splitRow splits a table row on its unescaped pipes, the cells trimmed
// and their \| unescaped.
func splitRow(l string) []string {
	l = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(l), "|"), "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(l[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// CodeSpans are the code spans of a cell.
func CodeSpans(cell string) []string {
	var out []string
	for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
		out = append(out, m[1])
	}
	return out
}

// Pieces are the parts of an example cut at its ellipses ("…"), each
// with its spaces collapsed: what must stand, in that order, in the
// case's file with its own spaces collapsed.
func Pieces(span string) []string {
	var out []string
	for _, p := range strings.Split(span, "…") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// InOrder reports whether the pieces stand in text (its spaces
// collapsed) in order, each after the one before.
func InOrder(text string, pieces []string) bool {
	text = strings.Join(strings.Fields(text), " ")
	for _, p := range pieces {
		i := strings.Index(text, p)
		if i < 0 {
			return false
		}
		text = text[i+len(p):]
	}
	return true
}
