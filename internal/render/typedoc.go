package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// TypeDocs writes the Markdown reference of every type as one document
// (what `catc doc` prints without -o): a title, a list of contents, then
// one section per type in declaration order.
func TypeDocs(w io.Writer, defs []*catalog.TypeDef) error {
	bw := bufio.NewWriter(w)
	writeTypeDocs(bw, defs)
	return bw.Flush()
}

func writeTypeDocs(bw *bufio.Writer, defs []*catalog.TypeDef) {
	bw.WriteString("# Resource types\n")
	if len(defs) == 0 {
		bw.WriteString("\nThis catalog defines no types.\n")
		return
	}
	bw.WriteString("\n")
	for _, t := range defs {
		fmt.Fprintf(bw, "- [%s](#%s)\n", mdEscape(t.Name), t.Name)
	}
	for _, t := range defs {
		bw.WriteString("\n")
		writeTypeSection(bw, t, "##")
	}
}

// TypeDoc writes the reference of one type as a document of its own
// (TYPE.md under `catc doc -o DIR`).
func TypeDoc(w io.Writer, t *catalog.TypeDef) error {
	bw := bufio.NewWriter(w)
	writeTypeSection(bw, t, "#")
	return bw.Flush()
}

// TypeIndex writes the index of the per-type documents (README.md under
// `catc doc -o DIR`): one table row per type in declaration order, linking
// TYPE.md, with the first line of its description.
func TypeIndex(w io.Writer, defs []*catalog.TypeDef) error {
	bw := bufio.NewWriter(w)
	writeTypeIndex(bw, defs)
	return bw.Flush()
}

func writeTypeIndex(bw *bufio.Writer, defs []*catalog.TypeDef) {
	bw.WriteString("# Resource types\n\n")
	if len(defs) == 0 {
		bw.WriteString("This catalog defines no types.\n")
		return
	}
	bw.WriteString("| Type | Description |\n|---|---|\n")
	for _, t := range defs {
		fmt.Fprintf(bw, "| [%s](%s.md) | %s |\n", mdEscape(t.Name), t.Name, cellText(firstLine(t.Desc)))
	}
}

// writeTypeSection writes one type under a heading of the given level:
// its description, how titles become namevars, then its attributes, title
// patterns, automatic relationships and features (the empty ones left out).
func writeTypeSection(w *bufio.Writer, t *catalog.TypeDef, h string) {
	fmt.Fprintf(w, "%s %s\n\n", h, mdEscape(t.Name))
	if desc := strings.TrimSpace(t.Desc); desc != "" {
		w.WriteString(words.EscapeText(desc) + "\n\n")
	} else {
		w.WriteString("*No description.*\n\n")
	}
	fmt.Fprintf(w, "Declared at %s. Referenced as %s.\n", mdCode(fileLineOf(t.DeclRange.Filename, t.DeclRange.Start.Line)), mdCode(t.RefType()+"[title]"))
	if t.Refreshes() {
		w.WriteString("Refreshable: Puppet's agent refreshes its resources when an event reaches them.\n")
	}
	writeAttributeTable(w, t, h+"#")
	writeTitlePatterns(w, t, h+"#")
	writeAutoRules(w, t, h+"#")
	if len(t.Features) > 0 {
		fmt.Fprintf(w, "\n%s Features\n\n", h+"#")
		codes := make([]string, len(t.Features))
		for i, f := range t.Features {
			codes[i] = mdCode(f)
		}
		w.WriteString(strings.Join(codes, ", ") + "\n")
	}
}

// writeAttributeTable lists the attributes in declaration order. A
// sensitive attribute's default is never shown, as everywhere in catc.
func writeAttributeTable(w *bufio.Writer, t *catalog.TypeDef, h string) {
	if len(t.Attributes) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s Attributes\n\n", h)
	w.WriteString("| Name | Type | Behaviour | Default | Description |\n|---|---|---|---|---|\n")
	for _, a := range t.Attributes {
		name := mdCode(a.Name)
		if a.IsSecret() {
			name += " (sensitive)"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n",
			name, cellCode(attrTypeText(a)), a.Behaviour, defaultCell(a), cellText(a.Desc))
	}
}

// attrTypeText is the Puppet type as written, on one line.
func attrTypeText(a *catalog.AttrDef) string {
	if s := strings.Join(strings.Fields(a.TypeText), " "); s != "" {
		return s
	}
	if a.Type != nil {
		return types.Format(a.Type)
	}
	return ""
}

// defaultCell is the default as a JSON literal (also valid HCL), or
// nothing when there is none; a sensitive one is only said to exist.
func defaultCell(a *catalog.AttrDef) string {
	switch {
	case !a.HasDefault:
		return ""
	case a.IsSecret():
		return "*sensitive*"
	}
	return cellCode(string(types.EncodeJSON(a.Default)))
}

// writeTitlePatterns says how a title becomes namevar values: the patterns
// in the order they are tried, or the whole title for a single namevar.
func writeTitlePatterns(w *bufio.Writer, t *catalog.TypeDef, h string) {
	nv := t.Namevars()
	if len(t.TitlePatterns) == 0 {
		if len(nv) > 0 {
			fmt.Fprintf(w, "\n%s Title\n\nThe whole title is the value of %s unless it is set explicitly.\n", h, mdCode(nv[0].Name))
		}
		return
	}
	fmt.Fprintf(w, "\n%s Title patterns\n\nTried in order; the first that matches the title sets the namevars it captures.\n\n", h)
	w.WriteString("| Pattern | Captures | Description |\n|---|---|---|\n")
	for _, p := range t.TitlePatterns {
		caps := make([]string, len(p.Captures))
		for i, c := range p.Captures {
			caps[i] = mdCode(c)
		}
		fmt.Fprintf(w, "| %s | %s | %s |\n", cellCode(p.Source), strings.Join(caps, ", "), cellText(p.Desc))
	}
}

// writeAutoRules lists the auto* rules in source order.
func writeAutoRules(w *bufio.Writer, t *catalog.TypeDef, h string) {
	if len(t.AutoRules) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s Automatic relationships\n\n", h)
	w.WriteString("A `$attr` title is the value of that attribute; a target that is not in the catalog is skipped.")
	if hasAutoCall(t) {
		w.WriteString(" A call is one of the functions of auto rules (catc's docs/language.md).")
	}
	w.WriteString("\n\n")
	w.WriteString("| Rule | Target type | Titles |\n|---|---|---|\n")
	for _, r := range t.AutoRules {
		titles := make([]string, len(r.Terms))
		for i, term := range r.Terms {
			titles[i] = cellCode(term.String())
		}
		fmt.Fprintf(w, "| %s | %s | %s |\n", r.Kind, mdCode(r.Target), strings.Join(titles, ", "))
	}
}

func hasAutoCall(t *catalog.TypeDef) bool {
	for _, r := range t.AutoRules {
		for _, term := range r.Terms {
			if term.Call != nil {
				return true
			}
		}
	}
	return false
}

// mdCode is s as a Markdown code span, fenced with more backticks than
// any run inside it (and padded when it starts or ends with one).
func mdCode(s string) string {
	if s == "" {
		return ""
	}
	s = words.Escape(s)
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != '`' {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// cellCode is a code span that fits in a table cell: on one line, with
// the pipes escaped (GitHub unescapes \| inside code spans in tables).
func cellCode(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(mdCode(s), "|", `\|`)
}

// cellText is Markdown text that fits in a table cell: the lines of a
// paragraph joined, paragraphs separated by <br><br>, pipes escaped.
func cellText(s string) string {
	var paras []string
	var para []string
	for _, l := range strings.Split(s+"\n", "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			para = append(para, f...)
			continue
		}
		if len(para) > 0 {
			paras = append(paras, strings.Join(para, " "))
			para = para[:0]
		}
	}
	return strings.ReplaceAll(words.Escape(strings.Join(paras, "<br><br>")), "|", `\|`)
}

// firstLine is the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
