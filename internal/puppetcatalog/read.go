package puppetcatalog

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/inputfile"
)

// summaryInvalid is the summary of every diagnostic of Read.
const summaryInvalid = "Invalid Puppet catalog"

// Read reads the Puppet catalog in the file name (at most
// inputfile.MaxSize bytes): see Parse.
func Read(name string) (*Catalog, hcl.Diagnostics) {
	text, err := inputfile.ReadString(name)
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Cannot read Puppet catalog",
			Detail:   err.Error() + ".",
		}}
	}
	return parse(name, text)
}

// Parse reads a Puppet catalog: Puppet's catalog JSON (catalog_format 0,
// 1 or 2, bare or in Puppet 3's {"document_type": "Catalog", "data": …}
// or puppetserver's {"catalog": …}), PuppetDB's wire format (`replace
// catalog` v9) or PuppetDB's query output (/pdb/query/v4/catalogs, an
// array of one catalog, or /pdb/query/v4/catalogs/CERTNAME, the catalog
// alone; resources and edges expanded). name is the file name diagnostics
// give. Lines of Puppet's log before the JSON (the saved output of
// `puppet catalog find`) are skipped: Catalog.Log says so.
//
// The first fault stops the reading: the diagnostic's subject is its byte
// offset in the file, with the line and column computed from it. No
// diagnostic quotes a parameter's value, and the values of
// "sensitive_parameters" are wrapped in types.Sensitive as they are read.
// Like Puppet's agent, Parse refuses an edge that names no resource and
// a resource given twice; it resolves no relationship metaparameter (that
// needs the types: catalog.FromExternal).
func Parse(name string, data []byte) (*Catalog, hcl.Diagnostics) {
	// One copy of the document as a string: the strings read are slices
	// of it, not an allocation each, and the positions count in it.
	return parse(name, string(data))
}

// ParseText is Parse of a document already held as a string (a file
// read whole to tell its kind: SniffText), which it keeps.
func ParseText(name, text string) (*Catalog, hcl.Diagnostics) { return parse(name, text) }

// parse is Parse of the document as a string (Read's, which is not
// copied).
func parse(name, text string) (*Catalog, hcl.Diagnostics) {
	log := logPrefix(text)
	r := &reader{s: scanner{text: text, pos: log.End}, cat: &Catalog{Filename: name, OrderKnown: true, Log: log, pos: &positions{data: text}}}
	ok := r.document()
	if ok {
		ok = r.s.end()
	}
	if !ok {
		return nil, hcl.Diagnostics{r.diag(r.s.err)}
	}
	return r.cat, nil
}

// reader turns the scanner's pieces into a Catalog.
type reader struct {
	s   scanner
	cat *Catalog
	// index maps the refKey of each resource to its position.
	index map[refKey]int
	// resourcesRead and edgesRead are set when the object being read had
	// its "resources" (and its "edges" after them, indexResources
	// included) read while its keys were found (readEarly).
	resourcesRead, edgesRead bool
	// expandedSeen is set when a list was PuppetDB's expanded {"href",
	// "data"}: the query output's form, never the wire format's.
	expandedSeen bool
	// lower caches strings.ToLower of the type names: a catalog has few
	// types and many resources of each.
	lower map[string]string
	// resourceSlab and paramSlab hold the Resources and their Params
	// (see slab); paramBuf and strBuf gather one resource's parameters
	// and one array of strings.
	resourceSlab slab[Resource]
	paramSlab    slab[Param]
	paramBuf     []Param
	strBuf       []string
}

func (r *reader) diag(e *scanError) *hcl.Diagnostic {
	if e == nil {
		e = &scanError{msg: "the file could not be read"}
	}
	rng := r.cat.Range(e.off)
	msg := e.msg
	if !strings.Contains(msg, "byte offset") {
		// a catalog is often one line of megabytes: the column alone is
		// hard to find
		msg += fmt.Sprintf(" (at byte offset %d)", e.off)
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summaryInvalid,
		Detail:   msg + ".",
		Subject:  &rng,
	}
}

// document reads the top-level value: a catalog, a wrapper, or
// PuppetDB's array of one.
func (r *reader) document() bool {
	s := &r.s
	switch s.peek() {
	case '{':
		return r.object(0)
	case '[':
		return r.queryArray()
	}
	return s.fail(s.pos, "a Puppet catalog is a JSON object (or PuppetDB's array of one); found %s", s.what())
}

// queryArray reads PuppetDB's query output, which must hold one catalog.
func (r *reader) queryArray() bool {
	s := &r.s
	start := s.pos
	first, n := -1, 0
	ok := s.array(func(i, off int) bool {
		if i == 0 {
			first = off
		}
		n++
		return s.skip()
	})
	if !ok {
		return false
	}
	if n != 1 {
		return s.fail(start, "this array holds %d catalogs; catc reads one catalog per file: query PuppetDB for one node (certname)", n)
	}
	end := s.pos
	r.cat.Source = SourcePuppetDBQuery
	s.pos = first
	if s.peek() != '{' {
		return s.fail(first, "PuppetDB's answer should hold a catalog (an object); found %s", s.what())
	}
	if !r.object(1) {
		return false
	}
	s.pos = end
	return true
}

// object reads the catalog object (or wrapper) at the current position;
// level counts the wrappers and arrays around it.
func (r *reader) object(level int) bool {
	s := &r.s
	start := s.pos
	keys := map[string]int{}
	r.resourcesRead, r.edgesRead = false, false
	if !s.object(func(key string, _ int) bool {
		off := s.peek2()
		keys[key] = off
		switch {
		case key == "resources":
			r.resourcesRead = r.readEarly(off, r.readResources)
			return r.resourcesRead || s.skip()
		case key == "edges" && r.resourcesRead:
			r.edgesRead = r.readEarly(off, r.readEdges)
			return r.edgesRead || s.skip()
		}
		return s.skip()
	}) {
		return false
	}
	end := s.pos
	if !r.unwrap(start, keys, level) {
		return false
	}
	s.pos = end
	return true
}

// readEarly reads "resources", then "edges", at off while object looks
// for the keys, so that the bulk of the file is read once, not skipped
// then read: an object with "resources" is the catalog (see unwrap). On
// a fault it forgets what it read and reports false: object then skips
// the value and catalogFields reads it again, so that the fault reported
// is the one reading in catalogFields' order finds (a bad "name" before
// it, a syntax error after it).
func (r *reader) readEarly(off int, read func(off int) bool) bool {
	s := &r.s
	depth := s.depth
	if read(off) {
		return true
	}
	s.err, s.depth, s.pos = nil, depth, off
	return false
}

// readResources reads "resources" at off, or reads none.
func (r *reader) readResources(off int) bool {
	if r.listAt(off, "resources", r.resource) {
		return true
	}
	r.cat.Resources = nil
	return false
}

// readEdges indexes the resources and reads "edges" at off, or reads
// none.
func (r *reader) readEdges(off int) bool {
	if r.indexResources() && r.listAt(off, "edges", r.edge) {
		return true
	}
	r.index, r.cat.Edges = nil, nil
	return false
}

// unwrap reads the catalog inside a wrapper, or the catalog itself.
func (r *reader) unwrap(start int, keys map[string]int, level int) bool {
	s := &r.s
	_, hasResources := keys["resources"]
	if off, ok := keys["document_type"]; ok && level == 0 && !hasResources {
		s.pos = off
		if dt, ok := s.str(); !ok || dt != "Catalog" {
			return s.fail(off, `"document_type" must be "Catalog" (Puppet 3's wrapper of a catalog)`)
		}
		return r.inner(start, keys, "data", "document_type", level)
	}
	if _, ok := keys["catalog"]; ok && level == 0 && !hasResources {
		return r.inner(start, keys, "catalog", "catalog", level)
	}
	if !hasResources {
		return s.fail(start, `this JSON object is not a Puppet catalog: it has no "resources" (expected Puppet's catalog JSON, as puppet catalog find --render-as json writes it, or PuppetDB's)`)
	}
	return r.catalogFields(start, keys)
}

func (r *reader) inner(start int, keys map[string]int, key, wrapper string, level int) bool {
	s := &r.s
	off, ok := keys[key]
	if !ok {
		return s.fail(start, "this %q wrapper has no %q: the catalog is missing", wrapper, key)
	}
	s.pos = off
	if s.peek() != '{' {
		return s.fail(off, "%q should hold the catalog (an object); found %s", key, s.what())
	}
	r.cat.Wrapper = wrapper
	return r.object(level + 1)
}

// sniffSize is how much of a file Sniff reads.
const sniffSize = 64 << 10

// LooksLikeCatalog reports whether head, the start of a file, is a
// Puppet catalog's, by its content (any file name): JSON (an object, or
// PuppetDB's array) naming "resources", or a wrapper of one, in its first
// 64 KiB, after the log lines `puppet catalog find` prints before it, if
// any. An HCL file never starts with '{' or '['.
func LooksLikeCatalog(head []byte) bool {
	if p := logPrefix(string(head)); p.End > 0 {
		head = head[p.End:]
	}
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(t) == 0 || t[0] != '{' && t[0] != '[' {
		return false
	}
	for _, key := range []string{`"resources"`, `"document_type"`, `"catalog"`} {
		if bytes.Contains(t, []byte(key)) {
			return true
		}
	}
	return false
}
