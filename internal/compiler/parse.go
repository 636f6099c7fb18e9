package compiler

import (
	"runtime"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/pool"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Parsing is the floor of loading (hclsyntax manages about 3 MB/s on one
// core), so files are parsed in parallel, and a big file is cut at
// top-level block boundaries into chunks parsed in parallel, each with its
// start position so ranges stay in file coordinates. Each chunk's blocks
// are turned into raw declarations at once and its syntax tree dropped,
// which keeps peak memory near the size of the result.

// chunkSize is the size a big file is cut at (the first block boundary
// past it), and splitThreshold the file size above which it is cut.
// Small chunks are cheaper to parse, not only easier to share out: the
// scanner appends every token (96 bytes) to one slice that grows by a
// quarter at a time, so it allocates about five times its final size;
// a small chunk keeps that slice in cache and lets the collector free it
// soon. Loading 10,000 resources from one file allocates 244 MB with
// 16 KiB chunks, 223 MB with 8 KiB, 196 MB with 4 KiB and 187 MB with
// 2 KiB, and on one core 4 KiB chunks load 10-15% faster than 32 KiB
// ones (the old cut gave 40-160 KiB chunks).
const (
	chunkSize      = 4 << 10
	splitThreshold = 2 * chunkSize
)

// chunk is one independently parsed part of a file.
type chunk struct {
	file  int // index in the file list
	start hcl.Pos
	src   []byte
}

// parsed is what one chunk (or one whole file) yields, in source order.
type parsed struct {
	types     []catalog.TypeBlock
	aliases   []catalog.SourceBlock
	resources []*rawResource
	variables []catalog.SourceBlock
	locals    []catalog.SourceBlock
	// structure are the blocks of classes and their kin (class_parse.go).
	structure []structBlock
	// in is the class, define or node block whose body this is; nil for
	// a file's top level.
	in    *hclsyntax.Block
	diags hcl.Diagnostics
	// syntaxErr marks a chunk whose parse failed: its file is parsed
	// again whole, because a bad cut gives errors a whole parse would not.
	syntaxErr bool
	// builtins are the built-in types the file's resource blocks declare
	// or refer to (catalog.NoteBuiltins), set once its chunks are merged:
	// a load through the parse cache reads them without going through
	// every block of the unchanged files.
	builtins map[string]bool
	// deferred is set when a resource block needs the evaluation context.
	deferred bool
	// virtuals is set when a resource block sets virtual or exported:
	// the site is compiled as one with classes, which gives them
	// Puppet's meaning (class_parse.go: puppetOnly).
	virtuals bool
}

// parseAll parses every file and returns one parsed per file, in file
// order. workers bounds the parallelism (0: GOMAXPROCS).
func parseAll(files []*sourceFile, workers int, b *catalog.BudgetSlot) []*parsed {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var chunks []chunk
	for i, f := range files {
		chunks = append(chunks, splitFile(i, f.src)...)
	}
	results := make([]*parsed, len(chunks))
	pool.For(len(chunks), workers, 0, func(i int) {
		c := chunks[i]
		results[i] = parseChunk(c.src, files[c.file], c.start, b)
	})
	return mergeChunks(files, chunks, results, b)
}

// mergeChunks joins chunk results per file, re-parsing whole any split
// file whose chunks had syntax errors.
func mergeChunks(files []*sourceFile, chunks []chunk, results []*parsed, b *catalog.BudgetSlot) []*parsed {
	out := make([]*parsed, len(files))
	split := make([]bool, len(files))
	for i, c := range chunks {
		p := out[c.file]
		if p == nil {
			out[c.file] = results[i]
			continue
		}
		split[c.file] = true
		p.structure = appendStructure(p.structure, results[i].structure, len(p.resources))
		p.types = append(p.types, results[i].types...)
		p.aliases = append(p.aliases, results[i].aliases...)
		p.resources = append(p.resources, results[i].resources...)
		p.variables = append(p.variables, results[i].variables...)
		p.locals = append(p.locals, results[i].locals...)
		p.diags = append(p.diags, results[i].diags...)
		p.syntaxErr = p.syntaxErr || results[i].syntaxErr
	}
	for i, p := range out {
		if p == nil {
			out[i] = &parsed{builtins: map[string]bool{}}
			continue
		}
		if split[i] && p.syntaxErr {
			out[i] = parseChunk(files[i].src, files[i], hcl.InitialPos, b)
		}
		out[i].builtins = map[string]bool{}
		for _, r := range out[i].resources {
			catalog.NoteBuiltins(out[i].builtins, &r.RawResource)
			out[i].deferred = out[i].deferred || r.deferred != nil
			out[i].virtuals = out[i].virtuals || puppetOnly(r)
		}
		for _, sb := range out[i].structure {
			if sb.block != nil {
				noteBodyBuiltins(out[i].builtins, sb.block)
			}
		}
	}
	return out
}

// parseChunk parses src (a whole file or a chunk starting at start) and
// extracts its top-level blocks, charging b's budget for what that
// evaluates.
func parseChunk(src []byte, f *sourceFile, start hcl.Pos, b *catalog.BudgetSlot) *parsed {
	file, diags := parseHCL(src, f.name, start, b)
	p := &parsed{diags: diags, syntaxErr: hasSyntaxErrors(diags)}
	if file == nil {
		return p
	}
	body, ok := file.Body.(*hclsyntax.Body)
	if !ok {
		return p
	}
	p.diags = append(p.diags, topLevelAttrDiags(topLevelRealize(body, f.src, p))...)
	titleTemplates := p.declarations(body.Blocks, f.src)
	p.diags = dropLabelTemplateDiags(p.diags, titleTemplates)
	return p
}

// declarations reads a body's blocks into p, in source order, and
// returns the ranges of the title labels that are templates (the
// parser's refusal of them is dropped: catc evaluates them). It is the
// one walk of declarations: the top level of a file is one body, and a
// block that holds declarations of its own (a class's, a node's) is
// another, read with the scope of that block.
func (p *parsed) declarations(blocks hclsyntax.Blocks, src []byte) []hcl.Range {
	var titleTemplates []hcl.Range
	for _, b := range blocks {
		if p.in != nil && p.outsideBody(b) {
			continue
		}
		switch b.Type {
		case "type":
			p.types = append(p.types, catalog.TypeBlock{Block: b, Src: src})
		case "type_alias":
			p.aliases = append(p.aliases, catalog.SourceBlock{Block: b, Src: src})
		case "resource":
			r, rdiags := extractResource(b, src, nil)
			p.diags = append(p.diags, rdiags...)
			if r != nil {
				p.resources = append(p.resources, r)
				if r.deferred != nil && isTitleTemplate(r.TitleRange, src) {
					titleTemplates = append(titleTemplates, r.TitleRange)
				}
			}
		case "group", "class", "define", "node", "stage", "include", "contain", "require", "defaults", "collect":
			if p.in != nil || isStructure(b) {
				p.structure = append(p.structure, structBlock{block: b, src: src, at: len(p.resources)})
				titleTemplates = nestedTitleTemplates(titleTemplates, b, src)
				continue
			}
			rs, gdiags := extractGroup(b, src)
			p.diags = append(p.diags, gdiags...)
			for _, r := range rs {
				p.resources = append(p.resources, r)
				if isTitleTemplate(r.TitleRange, src) {
					titleTemplates = append(titleTemplates, r.TitleRange)
				}
			}
		case "variable":
			p.variables = append(p.variables, catalog.SourceBlock{Block: b, Src: src})
		case "locals":
			p.locals = append(p.locals, catalog.SourceBlock{Block: b, Src: src})
		default:
			p.diags = append(p.diags, unknownTopBlock(b))
		}
	}
	return titleTemplates
}

// dropLabelTemplateDiags removes the parser's refusal of templates in
// title labels, which catc evaluates itself.
func dropLabelTemplateDiags(diags hcl.Diagnostics, labels []hcl.Range) hcl.Diagnostics {
	if len(labels) == 0 {
		return diags
	}
	out := diags[:0]
	for _, d := range diags {
		if !isLabelTemplateDiag(d, labels) {
			out = append(out, d)
		}
	}
	return out
}

// parseHCL checks src (a file, or a chunk starting at start) with
// checkInput, parses it unless the check failed (the file is then nil),
// bounds its evaluation (boundExpressions, charging b's budget when
// evaluated without a context) and completes the parser's diagnostics.
func parseHCL(src []byte, filename string, start hcl.Pos, b *catalog.BudgetSlot) (*hcl.File, hcl.Diagnostics) {
	diags, costly := checkInputArith(src, filename, start)
	if diags.HasErrors() {
		return nil, diags
	}
	file, diags, ok := parseTitled(src, filename, start)
	if !ok {
		file, diags = hclsyntax.ParseConfig(src, filename, start)
		diags = hiddenSyntaxErrors(src, filename, start, diags)
	}
	if body, ok := file.Body.(*hclsyntax.Body); ok && costly {
		boundExpressions(body, b)
	}
	return file, catalog.WithSyntaxAdvice(diags)
}

// hasSyntaxErrors reports parse errors other than templates in labels
// (which a cut cannot cause, and catc accepts in titles).
func hasSyntaxErrors(diags hcl.Diagnostics) bool {
	for _, d := range diags {
		if d.Severity == hcl.DiagError && d.Summary != "Invalid string literal" {
			return true
		}
	}
	return false
}

// splitFile cuts a big file into chunks at lines that open a top-level
// block: a line starting with a letter after a line that is just "}"
// (blank lines between are fine). A cut inside a heredoc or comment makes a chunk fail to parse,
// and mergeChunks then parses the file whole, so cuts are never wrong.
func splitFile(idx int, src []byte) []chunk {
	whole := []chunk{{file: idx, start: hcl.InitialPos, src: src}}
	if len(src) < splitThreshold {
		return whole
	}
	size := chunkSize
	var out []chunk
	start, startLine := 0, 1
	line := 1
	prevClose := false
	for i := 0; i < len(src); {
		end := i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		if prevClose && i-start >= size && catalog.IsLetter(firstByte(src, i, end)) {
			out = append(out, chunk{file: idx, start: hcl.Pos{Line: startLine, Column: 1, Byte: start}, src: src[start:i]})
			start, startLine = i, line
		}
		if !isBlankLine(src[i:end]) {
			prevClose = isCloseLine(src[i:end])
		}
		i = end + 1
		line++
	}
	out = append(out, chunk{file: idx, start: hcl.Pos{Line: startLine, Column: 1, Byte: start}, src: src[start:]})
	return out
}

func firstByte(src []byte, i, end int) byte {
	if i < end {
		return src[i]
	}
	return 0
}

func isBlankLine(l []byte) bool {
	for _, c := range l {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

func isCloseLine(l []byte) bool {
	if len(l) > 0 && l[len(l)-1] == '\r' {
		l = l[:len(l)-1]
	}
	return len(l) == 1 && l[0] == '}'
}
