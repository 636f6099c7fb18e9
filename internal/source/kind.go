package source

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/puppetdb"
)

// Kind is what a path given to a command holds.
type Kind int

const (
	// HCL is a .hcl file or a directory of them (also anything that is
	// neither of the kinds below: the HCL loader says what is wrong).
	KindHCL Kind = iota
	// Puppet is a catalog Puppet compiled, in any of its JSON formats
	// (told by content, not by name).
	KindPuppet
	// Catc is catc's own catalog or plan JSON (catc compile, catc plan).
	KindCatc
	// PuppetDBNode is puppetdb:CERTNAME, a node's current catalog.
	KindPuppetDBNode
	// PuppetDBFleet is puppetdb: (every node) or puppetdb:PQL.
	KindPuppetDBFleet
)

// PuppetDBPrefix starts an input read from PuppetDB: puppetdb:CERTNAME
// (a node's catalog), puppetdb: or puppetdb:PQL (a fleet's), and
// --nodes puppetdb[:PQL].
const PuppetDBPrefix = "puppetdb:"

// Input is a path and what it holds, told once.
type Input struct {
	Path string
	Kind Kind
	// data is the file's content when it was read whole to tell its
	// kind (ReadWhole), so that it is not read again.
	data []byte
	read bool
}

// ReadWhole reads the file at path whole, once, and tells its kind from
// its start: a side of a diff given as one JSON file, which is either
// catc's JSON (Text) or a Puppet catalog (Puppet parses what was read).
func ReadWhole(path string) (Input, error) {
	data, err := inputfile.Read(path)
	if err != nil {
		return Input{}, err
	}
	in := Input{Path: path, Kind: KindHCL, data: data, read: true}
	switch puppetcatalog.SniffText(in.text()) {
	case puppetcatalog.KindPuppet:
		in.Kind = KindPuppet
	case puppetcatalog.KindCatc:
		in.Kind = KindCatc
	}
	return in, nil
}

// Data is the content ReadWhole read (nil for Classify's inputs).
func (in Input) Data() []byte { return in.data }

// text is Data as a string, without a copy: the buffer is ReadWhole's
// own and never written again, which is what unsafe.String asks (as
// inputfile.ReadString does); a Puppet catalog's strings are slices of it.
func (in Input) text() string {
	if len(in.data) == 0 {
		return ""
	}
	return unsafe.String(&in.data[0], len(in.data))
}

// Paths tells what paths hold, each path once: a command asks about
// its arguments at several steps (a directory of catalogs? a catalog?),
// and asking again answers from memory instead of reading the file or
// directory again. The zero value is ready; not for concurrent use.
type Paths struct {
	kinds map[string]Kind
	dirs  map[string]bool
}

// Classify tells what each path holds, reading the start of each file
// once (puppetcatalog.Sniff); a path that cannot be read is KindHCL,
// for the loader to report.
func (ps *Paths) Classify(paths []string) []Input {
	out := make([]Input, len(paths))
	for i, p := range paths {
		out[i] = Input{Path: p, Kind: ps.kind(p)}
	}
	return out
}

func (ps *Paths) kind(p string) Kind {
	if k, ok := ps.kinds[p]; ok {
		return k
	}
	if ps.kinds == nil {
		ps.kinds = map[string]Kind{}
	}
	k := classify(p).Kind
	ps.kinds[p] = k
	return k
}

// Classify is Paths.Classify for one use.
func Classify(paths []string) []Input { return new(Paths).Classify(paths) }

func classify(p string) Input {
	if rest, ok := strings.CutPrefix(p, PuppetDBPrefix); ok {
		if rest == "" || puppetdb.IsPQLHint(rest) {
			return Input{Path: p, Kind: KindPuppetDBFleet}
		}
		return Input{Path: p, Kind: KindPuppetDBNode}
	}
	switch kind, _ := puppetcatalog.Sniff(p); kind {
	case puppetcatalog.KindPuppet:
		return Input{Path: p, Kind: KindPuppet}
	case puppetcatalog.KindCatc:
		return Input{Path: p, Kind: KindCatc}
	}
	return Input{Path: p, Kind: KindHCL}
}

// IsPuppetDB reports whether path names something in PuppetDB.
func IsPuppetDB(path string) bool { return strings.HasPrefix(path, PuppetDBPrefix) }

// IsPuppetDBFleet reports whether path is a fleet in PuppetDB: puppetdb:
// (every node) or puppetdb:PQL.
func IsPuppetDBFleet(path string) bool {
	return IsPuppetDB(path) && classify(path).Kind == KindPuppetDBFleet
}

// IsPuppetCatalog reports whether the file is a catalog Puppet wrote
// (by content: not catc's own JSON, which also has "resources").
func (ps *Paths) IsPuppetCatalog(path string) bool {
	return ps.kind(path) == KindPuppet
}

// IsPuppetCatalog is Paths.IsPuppetCatalog for one use.
func IsPuppetCatalog(path string) bool { return new(Paths).IsPuppetCatalog(path) }

// IsCatalogDir reports whether path is a directory of per-node Puppet
// catalogs: no HCL file, and a *.json file that is a Puppet catalog by
// content (not necessarily the first: a node that failed to compile may
// have left an empty one).
func (ps *Paths) IsCatalogDir(path string) bool {
	if is, ok := ps.dirs[path]; ok {
		return is
	}
	if ps.dirs == nil {
		ps.dirs = map[string]bool{}
	}
	is := ps.isCatalogDir(path)
	ps.dirs[path] = is
	return is
}

// IsCatalogDir is Paths.IsCatalogDir for one use.
func IsCatalogDir(path string) bool { return new(Paths).IsCatalogDir(path) }

func (ps *Paths) isCatalogDir(path string) bool {
	entries, err := os.ReadDir(path)
	if err != nil {
		return false
	}
	var jsons []string
	for _, e := range entries {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".hcl":
			return false
		case ".json":
			if !e.IsDir() {
				jsons = append(jsons, filepath.Join(path, e.Name()))
			}
		}
	}
	return slices.ContainsFunc(jsons, ps.IsPuppetCatalog)
}

// SplitCatalogDir takes the one directory of Puppet catalogs (or fleet
// in PuppetDB) off paths; the rest are HCL type files.
func (ps *Paths) SplitCatalogDir(paths []string) (dir string, rest []string, ok bool) {
	for _, p := range paths {
		if !ok && (ps.IsCatalogDir(p) || IsPuppetDBFleet(p)) {
			dir, ok = p, true
		} else {
			rest = append(rest, p)
		}
	}
	return dir, rest, ok
}

// SplitCatalogDir is Paths.SplitCatalogDir for one use.
func SplitCatalogDir(paths []string) (dir string, rest []string, ok bool) {
	return new(Paths).SplitCatalogDir(paths)
}
