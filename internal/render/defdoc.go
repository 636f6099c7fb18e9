package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/words"
)

// SiteDocs writes the Markdown reference of a site as one document (what
// `catc doc` prints without -o): its types (TypeDocs), then its classes
// and its defined types, each sorted by name, as puppet-strings' reference
// orders them. A site without classes or defines gets TypeDocs alone.
func SiteDocs(w io.Writer, defs []*catalog.TypeDef, classes []compiler.DefDoc) error {
	bw := bufio.NewWriter(w)
	writeTypeDocs(bw, defs)
	for _, part := range defParts(classes) {
		fmt.Fprintf(bw, "\n# %s\n\n", part.title)
		for _, d := range part.defs {
			fmt.Fprintf(bw, "- [%s](#%s)\n", mdEscape(d.Name), anchorOf(d.Name))
		}
		for _, d := range part.defs {
			bw.WriteString("\n")
			writeDefSection(bw, d, "##")
		}
	}
	return bw.Flush()
}

// DefDoc writes the reference of one class or defined type as a document
// of its own (DefDocFile under `catc doc -o DIR`).
func DefDoc(w io.Writer, d compiler.DefDoc) error {
	bw := bufio.NewWriter(w)
	writeDefSection(bw, d, "#")
	return bw.Flush()
}

// DefDocFile is the file name of a class's or define's document:
// class-NAME.md or define-NAME.md with "::" written "--". Type names
// have no "-", so it never meets a TYPE.md, and Puppet's names are
// [a-z0-9_] between the "::", so no two definitions share one.
func DefDocFile(d compiler.DefDoc) string {
	kind := "class-"
	if d.Define {
		kind = "define-"
	}
	return kind + strings.ReplaceAll(d.Name, "::", "--") + ".md"
}

// SiteIndex writes the index of the per-type, per-class and per-define
// documents (README.md under `catc doc -o DIR`): TypeIndex, then a table
// of the classes and one of the defined types, each linking its document
// with its summary.
func SiteIndex(w io.Writer, defs []*catalog.TypeDef, classes []compiler.DefDoc) error {
	bw := bufio.NewWriter(w)
	writeTypeIndex(bw, defs)
	for _, part := range defParts(classes) {
		fmt.Fprintf(bw, "\n# %s\n\n| Name | Summary |\n|---|---|\n", part.title)
		for _, d := range part.defs {
			fmt.Fprintf(bw, "| [%s](%s) | %s |\n", mdEscape(d.Name), DefDocFile(d), cellText(d.Summary()))
		}
	}
	return bw.Flush()
}

type defPart struct {
	title string
	defs  []compiler.DefDoc
}

// defParts are the classes, then the defined types, keeping their order
// (by name); an empty part is left out.
func defParts(all []compiler.DefDoc) []defPart {
	parts := []defPart{{title: "Classes"}, {title: "Defined types"}}
	for _, d := range all {
		i := 0
		if d.Define {
			i = 1
		}
		parts[i].defs = append(parts[i].defs, d)
	}
	out := parts[:0]
	for _, p := range parts {
		if len(p.defs) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// anchorOf is the anchor GitHub gives a heading of name: lower case, its
// letters, digits, "_" and "-" kept ("profile::web" is #profileweb).
func anchorOf(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// writeDefSection writes one class or define under a heading of the given
// level: its comment, where it is and how it is declared, then its
// parameters in declaration order.
func writeDefSection(w *bufio.Writer, d compiler.DefDoc, h string) {
	fmt.Fprintf(w, "%s %s\n\n", h, mdEscape(d.Name))
	if doc := strings.TrimSpace(d.Doc); doc != "" {
		w.WriteString(words.EscapeText(doc) + "\n\n")
	} else {
		w.WriteString("*No description.*\n\n")
	}
	at := mdCode(fileLineOf(d.DeclRange.Filename, d.DeclRange.Start.Line))
	ref := catalog.CapitalizeType(d.Name)
	if d.Define {
		fmt.Fprintf(w, "A defined type, declared at %s. An instance is a resource block, %s, referenced as %s; in its body, `self.title` and `self.name` are its title and name.\n",
			at, mdCode(fmt.Sprintf("resource %q \"TITLE\" { … }", d.Name)), mdCode(ref+"[TITLE]"))
	} else {
		fmt.Fprintf(w, "A class, declared at %s. Declare it with %s (or `contain`, `require`), arguments making the declaration resource-like; referenced as %s.\n",
			at, mdCode(fmt.Sprintf("include %q {}", d.Name)), mdCode("Class["+ref+"]"))
	}
	writeParamTable(w, d, h+"#")
}

// writeParamTable lists the parameters in declaration order, each default
// as written; a sensitive parameter's default is only said to exist.
func writeParamTable(w *bufio.Writer, d compiler.DefDoc, h string) {
	if len(d.Params) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s Parameters\n\n", h)
	w.WriteString("| Name | Type | Default | Description |\n|---|---|---|---|\n")
	var required []string // the Hiera keys of a class's parameters without default
	for _, p := range d.Params {
		name := mdCode(p.Name)
		if p.Sensitive {
			name += " (sensitive)"
		}
		typ := p.Type
		if typ == "" {
			typ = "Any"
		}
		def := ""
		switch {
		case !p.HasDefault:
			required = append(required, mdCode(d.Name+"::"+p.Name))
		case p.Sensitive:
			def = "*sensitive*"
		default:
			def = cellCode(p.Default)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", name, cellCode(typ), def, cellText(p.Description))
	}
	if len(required) == 0 {
		return
	}
	if d.Define {
		w.WriteString("\nA parameter without a default must be given on each instance (a define's parameters are not looked up in Hiera).\n")
		return
	}
	fmt.Fprintf(w, "\nA parameter without a default takes its value from the declaration, else from Hiera (%s); without either, compiling fails.\n",
		strings.Join(required, ", "))
}
