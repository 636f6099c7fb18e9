package catalog

import (
	"os"
	"strconv"
	"runtime"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Parsing is the floor of loading (hclsyntax manages about 3 MB/s on one
// core), so files are parsed in parallel, and a big file is cut at
// top-level block boundaries into chunks parsed in parallel, each with its
// start position so ranges stay in file coordinates. Each chunk's blocks
// are turned into raw declarations at once and its syntax tree dropped,
// which keeps peak memory near the size of the result.

// splitThreshold is the file size above which a file is cut into chunks;
// minChunk is the smallest chunk worth a goroutine.
const (
	splitThreshold = 64 << 10
	minChunk       = 32 << 10
)

// chunk is one independently parsed part of a file.
type chunk struct {
	file  int // index in the file list
	start hcl.Pos
	src   []byte
}

// parsed is what one chunk (or one whole file) yields, in source order.
type parsed struct {
	types     []typeBlock
	resources []*rawResource
	variables []scopeBlock
	locals    []scopeBlock
	diags     hcl.Diagnostics
	// syntaxErr marks a chunk whose parse failed: its file is parsed
	// again whole, because a bad cut gives errors a whole parse would not.
	syntaxErr bool
}

// parseAll parses every file and returns one parsed per file, in file
// order. workers bounds the parallelism (0: GOMAXPROCS).
func parseAll(files []*sourceFile, workers int) []*parsed {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var chunks []chunk
	for i, f := range files {
		chunks = append(chunks, splitFile(i, f.src, workers)...)
	}
	results := make([]*parsed, len(chunks))
	parallel(len(chunks), workers, func(i int) {
		c := chunks[i]
		results[i] = parseChunk(c.src, files[c.file], c.start)
	})
	return mergeChunks(files, chunks, results)
}

// mergeChunks joins chunk results per file, re-parsing whole any split
// file whose chunks had syntax errors.
func mergeChunks(files []*sourceFile, chunks []chunk, results []*parsed) []*parsed {
	out := make([]*parsed, len(files))
	split := make([]bool, len(files))
	for i, c := range chunks {
		p := out[c.file]
		if p == nil {
			out[c.file] = results[i]
			continue
		}
		split[c.file] = true
		p.types = append(p.types, results[i].types...)
		p.resources = append(p.resources, results[i].resources...)
		p.variables = append(p.variables, results[i].variables...)
		p.locals = append(p.locals, results[i].locals...)
		p.diags = append(p.diags, results[i].diags...)
		p.syntaxErr = p.syntaxErr || results[i].syntaxErr
	}
	for i, p := range out {
		if p == nil {
			out[i] = &parsed{}
			continue
		}
		if split[i] && p.syntaxErr {
			out[i] = parseChunk(files[i].src, files[i], hcl.InitialPos)
		}
	}
	return out
}

// parseChunk parses src (a whole file or a chunk starting at start) and
// extracts its top-level blocks.
func parseChunk(src []byte, f *sourceFile, start hcl.Pos) *parsed {
	file, diags := hclsyntax.ParseConfig(src, f.name, start)
	p := &parsed{diags: diags, syntaxErr: hasSyntaxErrors(diags)}
	if file == nil {
		return p
	}
	body, ok := file.Body.(*hclsyntax.Body)
	if !ok {
		return p
	}
	p.diags = append(p.diags, topLevelAttrDiags(body)...)
	var titleTemplates []hcl.Range
	for _, b := range body.Blocks {
		switch b.Type {
		case "type":
			p.types = append(p.types, typeBlock{block: b, src: f.src})
		case "resource":
			r, rdiags := extractResource(b, f.src, nil)
			p.diags = append(p.diags, rdiags...)
			if r != nil {
				p.resources = append(p.resources, r)
				if r.deferred != nil && isTitleTemplate(r.titleRange, f.src) {
					titleTemplates = append(titleTemplates, r.titleRange)
				}
			}
		case "variable":
			p.variables = append(p.variables, scopeBlock{block: b, src: f.src})
		case "locals":
			p.locals = append(p.locals, scopeBlock{block: b, src: f.src})
		default:
			p.diags = append(p.diags, unknownTopBlock(b))
		}
	}
	p.diags = dropLabelTemplateDiags(p.diags, titleTemplates)
	return p
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
func splitFile(idx int, src []byte, workers int) []chunk {
	whole := []chunk{{file: idx, start: hcl.InitialPos, src: src}}
	if expChunk > 0 {
		if len(src) < 2*expChunk {
			return whole
		}
	} else if len(src) < splitThreshold {
		return whole
	}
	size := len(src) / (16 * workers)
	if size < minChunk {
		size = minChunk
	}
	if expChunk > 0 {
		size = expChunk
	}
	var out []chunk
	start, startLine := 0, 1
	line := 1
	prevClose := false
	for i := 0; i < len(src); {
		end := i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		if prevClose && i-start >= size && isLetter(firstByte(src, i, end)) {
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

var expChunk = func() int { n, _ := strconv.Atoi(os.Getenv("CATC_CHUNK")); return n }()

func firstByte(src []byte, i, end int) byte {
	if i < end {
		return src[i]
	}
	return 0
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

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

// parallel runs fn(0..n-1) on up to workers goroutines.
func parallel(n, workers int, fn func(int)) {
	if workers > n {
		workers = n
	}
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
