package gen

import (
	"fmt"
	"strconv"
	"strings"
)

// coreModuleSize is the number of resources of one module of a core
// catalog (coreModule).
const coreModuleSize = 40

// coreBlock is one resource block: its type, title and attribute lines.
type coreBlock struct {
	typ, title string
	lines      []coreLine
}

// coreLine is one attribute line of a block; later, when not 0, is the
// position in the module of a resource declared after this one that the
// line refers to (the line is left out when the catalog ends before it).
type coreLine struct {
	text  string
	later int
}

// generateCore writes the resources of a core catalog: modules of
// coreModuleSize resources (the last one cut at Resources), spread
// evenly over the files; no type block.
func generateCore(opts Options) []File {
	files := max(opts.Files, 1)
	per := (opts.Resources + files - 1) / files
	var out []File
	var module []coreBlock
	for f := range files {
		var b strings.Builder
		for i := f * per; i < min((f+1)*per, opts.Resources); i++ {
			m, pos := i/coreModuleSize, i%coreModuleSize
			if pos == 0 || module == nil {
				module = coreModule(m, opts.Root)
			}
			writeCoreBlock(&b, module[pos], m*coreModuleSize, opts.Resources)
		}
		out = append(out, File{Name: fmt.Sprintf("res-%05d.hcl", f), Src: []byte(b.String())})
	}
	return out
}

// writeCoreBlock writes one block; start is the index of its module's
// first resource and n the catalog's size.
func writeCoreBlock(b *strings.Builder, blk coreBlock, start, n int) {
	fmt.Fprintf(b, "resource %q %s {\n", blk.typ, strconv.Quote(blk.title))
	for _, l := range blk.lines {
		if l.later != 0 && start+l.later >= n {
			continue
		}
		for _, line := range strings.Split(l.text, "\n") {
			b.WriteString("  " + line + "\n")
		}
	}
	b.WriteString("}\n\n")
}

// q is an HCL quoted string (the generated text has no template
// sequence and is ASCII, so Go's quoting is HCL's).
func q(s string) string { return strconv.Quote(s) }

// ref is a reference to a resource, in the index form.
func ref(typ, title string) string { return typ + "[" + q(title) + "]" }

// attr is an attribute line with no forward reference.
func attr(name, value string) coreLine { return coreLine{text: name + " = " + value} }

// list is an HCL tuple of the values.
func list(values ...string) string { return "[" + strings.Join(values, ", ") + "]" }

// heredoc is a multi-line string attribute.
func heredoc(name string, lines ...string) coreLine {
	return coreLine{text: name + " = <<-EOT\n  " + strings.Join(lines, "\n  ") + "\nEOT"}
}
