package compiler

import (
	"bytes"
	"runtime"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// The documentation of a site's classes and defined types, as catc doc
// writes it and an editor's hover may show it. Its texts come from where
// a Puppet user writes them: the comment lines right above a class or
// define block (puppet-strings reads the comment above `class`), and each
// parameter's `variable` block (its type, its default as written, its
// description). Nothing is evaluated: a definition is documented as
// written, whichever node it is compiled for.

// DefDoc documents one class or defined type.
type DefDoc struct {
	// Name is Puppet's name (lower case, without a leading "::").
	Name   string
	Define bool
	// Doc is the text of the comment lines (# or //) right above the
	// block, without their markers; "" when there is none.
	Doc string
	// DeclRange is the block's header, NameRange its label.
	DeclRange, NameRange hcl.Range
	Params               []ParamDoc
}

// ParamDoc documents one parameter, in declaration order.
type ParamDoc struct {
	Name string
	// Type is the Puppet type as written; "" when none is (Any).
	Type string
	// Default is the default expression as written, when HasDefault and
	// the parameter is not Sensitive.
	Default    string
	HasDefault bool
	// Description is the variable block's description.
	Description string
	// Sensitive is set for a secret parameter (Sensitive-typed, or fed
	// to a sensitive attribute): its default is never given.
	Sensitive bool
	NameRange hcl.Range
}

// Summary is the first paragraph of the definition's comment, on one
// line: what an index shows.
func (d DefDoc) Summary() string {
	para, _, _ := strings.Cut(strings.TrimSpace(d.Doc), "\n\n")
	return strings.Join(strings.Fields(para), " ")
}

// SiteDocs is what catc doc documents of a site: its types, and its
// classes and defined types sorted by name.
type SiteDocs struct {
	Types []*catalog.TypeDef
	Defs  []DefDoc
	// Structured is set when the site has classes (any class, define,
	// node, stage or declaration block): it is documented without being
	// compiled for a node.
	Structured bool
	// Files are the sources with their secrets masked, for diagnostics.
	Files map[string]*hcl.File
}

// LoadDocs reads the files and directories in paths as Load does, up to
// the type definitions and the secrets (nothing is evaluated), and
// returns what catc doc documents, with the diagnostics of that reading
// and of the class and define blocks' headers and parameters.
func LoadDocs(paths []string, opts LoadOptions) (*SiteDocs, hcl.Diagnostics) {
	files, order, diags := readInputs(paths, opts.VarFiles)
	c := newLoader(opts)
	p, more := c.prepare(files, runtime.GOMAXPROCS(0), nil)
	diags = append(diags, more...)
	if p.structure != nil { // the definitions' own errors: labels, parameter types, duplicates
		_, more = readStructure(p.structure, c.AliasTable())
		diags = append(diags, more...)
	}
	c.secrets.sortRanges()
	c.SetSecretRanges(c.secrets.ranges)
	catalog.SortDiagnostics(diags, order)
	return &SiteDocs{Types: c.Types, Defs: c.defDocs(p.structure), Structured: p.structure != nil, Files: c.Files()}, diags
}

// DefDocs documents the classes and defined types of in-memory sources
// (srcs[i] is the file called names[i]), sorted by name, as LoadDocs
// does (the language server's hover reads the site index instead). Files
// that do not parse give what could be read.
func DefDocs(names []string, srcs [][]byte) []DefDoc {
	c := newLoader(LoadOptions{})
	files := make([]*sourceFile, len(names))
	for i, n := range names {
		files[i] = &sourceFile{name: n, src: srcs[i]}
	}
	p, _ := c.prepare(files, runtime.GOMAXPROCS(0), nil) // the diagnostics are the load's to report
	return c.defDocs(p.structure)
}

// defDocs documents the class and define blocks of a structure, sorted
// by name (a duplicate after the first, in load order). A block is read
// as the site index reads it (siteDef); a secret parameter's default is
// then dropped.
func (c *loader) defDocs(structure []structBlock) []DefDoc {
	var out []DefDoc
	for _, sb := range structure {
		b := sb.block
		if b == nil || (b.Type != "class" && b.Type != "define") || len(b.Labels) != 1 {
			continue
		}
		d := siteDef(b, sb.src)
		out = append(out, docOf(d, c.secrets.defParams[d.Name]))
	}
	slices.SortStableFunc(out, func(a, b DefDoc) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// docOf documents a definition; secret names its secret parameters
// (structSecrets found them Sensitive-typed or fed to a secret), whose
// defaults are never given.
func docOf(d *SiteDef, secret map[string]bool) DefDoc {
	doc := DefDoc{Name: d.Name, Define: d.Define, Doc: d.Doc, DeclRange: d.DeclRange, NameRange: d.NameRange}
	for _, sp := range d.Params {
		p := ParamDoc{Name: sp.Name, Type: sp.Type, HasDefault: sp.HasDefault, Description: sp.Doc,
			Sensitive: secret[sp.Name], NameRange: sp.NameRange}
		if !p.Sensitive {
			p.Default = sp.Default
		}
		doc.Params = append(doc.Params, p)
	}
	return doc
}

// textOf is the source text of r in its file src.
func textOf(r hcl.Range, src []byte) string {
	start, end := r.Start.Byte, r.End.Byte
	if start < 0 || end > len(src) || start > end {
		return ""
	}
	return string(src[start:end])
}

// commentAbove is the text of the comment lines (each starting with # or
// //) right above the line holding offset at, without their markers and
// one space after; a blank line or any other line ends it.
func commentAbove(src []byte, at int) string {
	if at > len(src) {
		return ""
	}
	lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
	var lines []string
	for end := lineStart - 1; end > 0; {
		start := bytes.LastIndexByte(src[:end], '\n') + 1
		line := strings.TrimSpace(strings.TrimSuffix(string(src[start:end]), "\r"))
		text, ok := strings.CutPrefix(line, "#")
		if !ok {
			text, ok = strings.CutPrefix(line, "//")
		}
		if !ok {
			break
		}
		lines = append(lines, strings.TrimPrefix(text, " "))
		end = start - 1
	}
	slices.Reverse(lines)
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
