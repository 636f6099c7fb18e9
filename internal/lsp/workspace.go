package lsp

import (
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/hclpaths"
	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/source"
)

// workspace is the server's view of the files: what is on disk below the
// folders, and the open buffers, which take precedence.
type workspace struct {
	folders  []string
	settings Settings
	disk     map[string][]byte // every *.hcl below the folders, by path
	open     map[string][]byte // open buffers, by path
	cache    *compiler.ParseCache
	// compile builds a snapshot (nil: loadInput.compile; tests stall it).
	compile func(loadInput) *snapshot
}

func newWorkspace() *workspace {
	return &workspace{disk: map[string][]byte{}, open: map[string][]byte{}, cache: compiler.NewParseCache()}
}

// scan reads every *.hcl file below the folders again, leaving out the
// var files (they hold `name = value`, not declarations). Unreadable
// entries (also devices, pipes and files over inputfile.MaxSize) are
// skipped: the folders are the user's tree, not a list of inputs they
// named.
func (w *workspace) scan() {
	w.disk = map[string][]byte{}
	skip := map[string]bool{}
	for _, f := range w.settings.VarFiles {
		skip[filepath.Clean(f)] = true
	}
	// The listing catc validate makes of the folders: hidden directories
	// left out, symbolic links to directories followed (loops skipped).
	files, _ := hclpaths.ExpandFiles(w.folders, nil)
	for _, f := range files {
		if skip[filepath.Clean(f.Path)] {
			continue
		}
		if src, err := f.Read(); err == nil {
			w.disk[f.Path] = src
		}
	}
}

// reread refreshes one file from disk (created, changed or deleted).
func (w *workspace) reread(path string) {
	if !strings.HasSuffix(path, ".hcl") || !w.below(path) {
		return
	}
	// As scan reads it: its links may lead only below a folder.
	var roots []string
	for _, dir := range w.folders {
		if real := inputfile.RealDir(dir); real != "" {
			roots = append(roots, real)
		}
	}
	src, err := inputfile.ReadIn(path, roots)
	if err != nil {
		delete(w.disk, path)
		return
	}
	w.disk[path] = src
}

func (w *workspace) below(path string) bool {
	for _, dir := range w.folders {
		if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// text is the content a path has for the server: its buffer, else disk.
func (w *workspace) text(path string) ([]byte, bool) {
	if src, ok := w.open[path]; ok {
		return src, true
	}
	src, ok := w.disk[path]
	return src, ok
}

// files lists what a load reads, in declaration order: the files below
// each folder in bytewise path order (as `catc validate FOLDER…` reads
// them), then open buffers outside every folder, sorted.
func (w *workspace) files() []string {
	var below, outside []string
	seen := map[string]bool{}
	for p := range w.disk {
		below = append(below, p)
		seen[p] = true
	}
	for p := range w.open {
		if seen[p] {
			continue
		}
		if w.below(p) {
			below = append(below, p)
		} else {
			outside = append(outside, p)
		}
	}
	rank := make(map[string]int, len(below)) // the first folder holding the file
	for _, p := range below {
		rank[p] = len(w.folders)
		for i, dir := range w.folders {
			if rel, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(rel, "..") {
				rank[p] = i
				break
			}
		}
	}
	sort.Slice(below, func(i, j int) bool {
		ri, rj := rank[below[i]], rank[below[j]]
		if ri != rj {
			return ri < rj
		}
		return below[i] < below[j]
	})
	sort.Strings(outside)
	return append(below, outside...)
}

// snapshot is one compiled state of the workspace; requests read the
// latest one.
type snapshot struct {
	cat   *catalog.Catalog
	graph *graph.Graph
	plan  *graph.Plan
	// diags are every diagnostic `catc validate` would print: the load's,
	// then the cycles' (only when the load has no errors, as the CLI).
	diags hcl.Diagnostics
	// cycleOf maps a cycle diagnostic to its cycle.
	cycleOf map[*hcl.Diagnostic]graph.Cycle
	srcs    map[string][]byte
	lines   map[string]*lineIndex
	// byFile are the resources declared in each file, in source order,
	// with the blocks that depend on the node and that this load (without
	// a node, or with the settings' facts) declared nothing of: the
	// editor shows those as written (see catalog.Catalog.Conditional).
	byFile map[string][]*catalog.Resource
	// undeclared are those blocks: in no graph, with no step.
	undeclared map[*catalog.Resource]bool
	// data is the load's Hiera data and node (sitedata.go).
	data siteData
}

// A load that passes loadDeadline stops evaluating (catalog.Limits) and
// reports it at the expression it was evaluating; one still running
// loadGrace later is left to finish on its own, and the server goes on
// with the last snapshot: no file can keep it from answering.
const (
	loadDeadline = 10 * time.Second
	loadGrace    = 5 * time.Second
)

// load compiles the workspace (within loadDeadline).
func (w *workspace) load() *snapshot {
	snap, _ := w.loadWithin(loadDeadline, loadGrace, nil)
	return snap
}

// loadWithin compiles the workspace with a deadline of d. When the load
// has not ended d+grace later, it returns nil and false; the load goes on
// with the parse cache, which the workspace replaces by a new one. When
// early is not nil, it is called (on this goroutine) with the snapshot of
// the catalog alone, its load's diagnostics but no graph, as soon as the
// catalog is loaded: the graph and the order take about as long again.
func (w *workspace) loadWithin(d, grace time.Duration, early func(*snapshot)) (*snapshot, bool) {
	in := w.loadInput()
	in.opts.Limits.Deadline = time.Now().Add(d)
	compile := w.compile
	if compile == nil {
		compile = loadInput.compile
	}
	loaded := make(chan *snapshot, 1)
	if early != nil {
		in.loaded = func(s *snapshot) { loaded <- s }
	}
	done := make(chan *snapshot, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- nil // a bug: the server goes on with the last snapshot
			}
		}()
		done <- compile(in)
	}()
	timer := time.NewTimer(d + grace)
	defer timer.Stop()
	for {
		select {
		case s := <-loaded:
			early(s)
		case snap := <-done:
			// The catalog alone was sent before the load ended, so it is
			// waiting when a select picks done first: answer it first,
			// always, so an edit's publications do not depend on the
			// scheduler.
			select {
			case s := <-loaded:
				early(s)
			default:
			}
			return snap, snap != nil
		case <-timer.C:
			w.cache = compiler.NewParseCache()
			return nil, false
		}
	}
}

// loadInput is what a load reads: the files, their contents and the
// options, taken on the server's goroutine.
type loadInput struct {
	names   []string
	srcs    [][]byte
	opts    source.Options
	folders []string
	// loaded, when set, is given the snapshot of the catalog alone (see
	// loadWithin), once, from the compiling goroutine.
	loaded func(*snapshot)
}

func (w *workspace) loadInput() loadInput {
	names := w.files()
	srcs := make([][]byte, len(names))
	for i, n := range names {
		srcs[i], _ = w.text(n)
	}
	node, nodeDiags := source.Facts(w.settings.Facts) // read again each load: the file may have changed
	return loadInput{names: names, srcs: srcs, folders: append([]string(nil), w.folders...), opts: source.Options{
		Vars: w.settings.varFlags(), VarFiles: w.settings.VarFiles, Node: node, NodeDiags: nodeDiags, Cache: w.cache,
	}}
}

// compile loads the input and builds the snapshot.
func (in loadInput) compile() *snapshot {
	snap := &snapshot{srcs: make(map[string][]byte, len(in.names)), lines: map[string]*lineIndex{}}
	for i, n := range in.names {
		snap.srcs[n] = in.srcs[i]
	}
	snap.data = openData(in.folders)
	in.opts.Hiera = snap.data.hiera
	cat, diags := source.Files(in.names, in.srcs, in.opts)
	snap.cat, snap.diags = cat, diags
	if in.loaded != nil {
		in.loaded(&snapshot{cat: cat, diags: diags, srcs: snap.srcs, lines: map[string]*lineIndex{}})
	}
	var plan *graph.Plan
	var cycleDiags hcl.Diagnostics
	snap.graph, plan, cycleDiags = pipeline.Plan(cat, graph.Ordering{})
	cycleDiags = render.WhyHints(cycleDiags, in.folders)
	snap.plan = plan
	if !diags.HasErrors() {
		snap.cycleOf = make(map[*hcl.Diagnostic]graph.Cycle, len(cycleDiags))
		for i, d := range cycleDiags {
			snap.cycleOf[d] = plan.Cycles[i]
		}
		snap.diags = append(snap.diags, cycleDiags...)
	}
	snap.addDataDiags(in.opts.Node)
	snap.byFile = map[string][]*catalog.Resource{}
	declared := make(map[hcl.Range]bool, len(cat.Resources))
	for _, r := range cat.Resources {
		f := r.DeclRange.Filename
		snap.byFile[f] = append(snap.byFile[f], r)
		declared[r.DeclRange] = true
	}
	snap.addUndeclared(cat.Conditional, declared)
	return snap
}

// addUndeclared puts the conditional blocks no resource was declared
// from among the file's resources, in source order.
func (s *snapshot) addUndeclared(blocks []*catalog.Resource, declared map[hcl.Range]bool) {
	s.undeclared = map[*catalog.Resource]bool{}
	touched := map[string]bool{}
	for _, r := range blocks {
		if declared[r.DeclRange] {
			continue
		}
		f := r.DeclRange.Filename
		s.byFile[f] = append(s.byFile[f], r)
		s.undeclared[r] = true
		touched[f] = true
	}
	for f := range touched {
		rs := s.byFile[f]
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].DeclRange.Start.Byte < rs[j].DeclRange.Start.Byte })
	}
}

// lineIndexOf is the line index of a loaded file (or of one the load
// read besides the workspace's, such as a var file: the catalog holds its
// bytes, secrets masked byte for byte with line breaks kept, so lines and
// byte offsets are those of the file on disk).
func (s *snapshot) lineIndexOf(name string) *lineIndex {
	if li, ok := s.lines[name]; ok {
		return li
	}
	src, ok := s.srcs[name]
	if !ok && s.cat != nil {
		if f := s.cat.Files()[name]; f != nil {
			src = f.Bytes
		}
	}
	li := newLineIndex(src)
	s.lines[name] = li
	return li
}

// location is an LSP location of a catc range.
func (s *snapshot) location(r hcl.Range) protocol.Location {
	return protocol.Location{URI: pathToURI(r.Filename), Range: s.lineIndexOf(r.Filename).rangeOf(r)}
}
