package hiera

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/types"
)

// Data is a site's Hiera data: its hiera.yaml, read once, and its data
// files, each read and parsed once however many nodes and lookups use
// it. A Data is safe for concurrent use by many Sessions.
type Data struct {
	// dir is the site directory as given; root its absolute, resolved
	// form, which every data file must stay under.
	dir, root string
	cfg       *Config

	// files are the data files by path (*dataFile); usable are the paths
	// known to be files under the site, each with its real path ("": not
	// usable); templates the interpolations of the strings interpolated
	// ([]interpolation). Each is written once per key and read by every
	// node: maps that concurrent compiles read without a lock.
	files, usable, templates sync.Map

	// mu guards the rest.
	mu   sync.RWMutex
	dirs map[string]string
	// listings are the entries of the directories read, by resolved path.
	listings map[string]map[string]fs.FileMode
	globs    map[string][]string
	// cwd is the working directory when the Data was opened, against
	// which relative paths are resolved.
	cwd string
	// datadirs are the levels' data directories that interpolate nothing,
	// joined to the site once ("" for one that interpolates).
	datadirs []string
	// pathLocations is the number of locations of the path and paths
	// levels: a node's are allocated at once.
	pathLocations int
}

// dataFile is one data file, parsed once.
type dataFile struct {
	once sync.Once
	path string // as displayed: under the site directory as given
	// real is the file's real path when locate checked it (its directory
	// resolved under the site, the entry a regular file or a link to one
	// there): read without checking its links again, a system call or
	// two where a check of each path component took twenty, and opened
	// following no link (inputfile.ReadResolved): a link swapped in on it
	// after the check is refused, not followed out of the site.
	real    string
	keys    []string
	entries map[string]*topEntry
	diags   hcl.Diagnostics
}

// Open reads the site directory's hiera.yaml. A directory without one
// has no data: Open returns nil and no diagnostics, and every lookup of
// a nil *Data finds nothing (as Puppet's environment without a
// hiera.yaml).
func Open(dir string) (*Data, hcl.Diagnostics) {
	path := filepath.Join(dir, ConfigName)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	src, err := inputfile.Read(path)
	if err != nil {
		return nil, hcl.Diagnostics{inputfile.Diagnostic(path, err)}
	}
	cfg, diags := parseConfig(path, src)
	if diags.HasErrors() {
		return nil, diags
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, hcl.Diagnostics{inputfile.Diagnostic(dir, err)}
	}
	root, err := filepath.EvalSymlinks(joinPath(cwd, dir))
	if err != nil {
		return nil, hcl.Diagnostics{inputfile.Diagnostic(dir, err)}
	}
	return newData(dir, root, cwd, cfg), diags
}

// newData is the Data of the site directory dir (root: resolved) with
// its hiera.yaml read, nothing else read yet.
func newData(dir, root, cwd string, cfg *Config) *Data {
	d := &Data{dir: dir, root: root, cwd: cwd, cfg: cfg,
		dirs: map[string]string{}, listings: map[string]map[string]fs.FileMode{}, globs: map[string][]string{}}
	d.datadirs = make([]string, len(cfg.Levels))
	for i, lv := range cfg.Levels {
		if !strings.Contains(lv.Datadir, "%{") {
			d.datadirs[i] = d.datadir(lv.Datadir)
		}
		if lv.LocationKey == "path" || lv.LocationKey == "paths" {
			d.pathLocations += len(lv.Locations)
		}
	}
	return d
}

// datadir is a level's data directory, its interpolations done: under
// the site directory, unless absolute.
func (d *Data) datadir(dd string) string {
	if filepath.IsAbs(dd) {
		return filepath.Clean(dd)
	}
	return filepath.Join(d.dir, dd)
}

// Config is the site's hiera.yaml.
func (d *Data) Config() *Config { return d.cfg }

// Dir is the site directory as given to Open.
func (d *Data) Dir() string { return d.dir }

// glob is filepath.Glob of pattern inside the site, sorted, once per
// pattern.
func (d *Data) glob(pattern string) []string {
	d.mu.RLock()
	out, seen := d.globs[pattern]
	d.mu.RUnlock()
	if seen {
		return out
	}
	// Which matches are data files is locate's to say: it checks each
	// once, for every pattern and node.
	out = d.globInside(pattern)
	sort.Strings(out)
	d.mu.Lock()
	d.globs[pattern] = out
	d.mu.Unlock()
	return out
}

// globInside is filepath.Glob of pattern, except that it lists only
// directories under the site (after links): a pattern that hiera.yaml or
// a fact writes ("data/*/../../*", or "*/*/*" through a link to /) cannot
// make catc walk the rest of the machine. A bad pattern matches nothing,
// as Ruby's.
func (d *Data) globInside(pattern string) []string {
	pattern = filepath.Clean(pattern)
	base := globBase(pattern)
	if !d.inside(base) {
		return nil
	}
	paths := []string{base}
	for _, seg := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(pattern, base), string(filepath.Separator)), string(filepath.Separator)) {
		if seg == "" {
			continue
		}
		var next []string
		for _, dir := range paths {
			if !strings.ContainsAny(seg, `*?[\`) {
				next = append(next, filepath.Join(dir, seg))
				continue
			}
			if !d.inside(dir) {
				continue
			}
			entries, _ := os.ReadDir(dir) // sorted by name; an unreadable directory has no files
			for _, e := range entries {
				if ok, err := filepath.Match(seg, e.Name()); err != nil {
					return nil
				} else if ok {
					next = append(next, filepath.Join(dir, e.Name()))
				}
			}
		}
		paths = next
	}
	return paths
}

// inside reports whether the directory path, once its links are
// resolved, is under the site directory: a glob a fact interpolates
// ("../../etc/*") must not make catc read elsewhere.
func (d *Data) inside(path string) bool {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(d.cwd, abs)
	}
	_, ok := d.realDir(abs)
	return ok
}

// file returns the parsed data file at path (read on first use).
func (d *Data) file(path, function string) *dataFile {
	v, ok := d.files.Load(path)
	if !ok {
		real, _ := d.usable.Load(path)
		r, _ := real.(string)
		v, _ = d.files.LoadOrStore(path, &dataFile{path: path, real: r})
	}
	f := v.(*dataFile)
	f.once.Do(func() { f.load(function) })
	return f
}

func (f *dataFile) load(function string) {
	var src []byte
	var err error
	if f.real != "" {
		src, err = inputfile.ReadResolved(f.real)
	} else {
		src, err = inputfile.Read(f.path)
	}
	if err != nil {
		f.diags = hcl.Diagnostics{inputfile.Diagnostic(f.path, err)}
		return
	}
	if function == "json_data" {
		f.keys, f.entries, f.diags = decodeJSONData(f.path, src)
		return
	}
	keys, entries, notHash, err := decodeYAMLData(src)
	if err != nil {
		e := err.(*yamlError)
		f.diags = hcl.Diagnostics{yamlDiag(f.path, e, summaryBadData, fmt.Sprintf("Unable to parse (%s): %s.", f.path, e.msg))}
		return
	}
	if notHash {
		// Puppet warns and reads no data (strict mode makes it an error)
		f.diags = hcl.Diagnostics{{Severity: hcl.DiagWarning, Summary: summaryBadData,
			Detail:  fmt.Sprintf("%s: file does not contain a valid yaml hash. Its data is ignored, as Puppet does; make its top level a hash of keys.", f.path),
			Subject: &hcl.Range{Filename: f.path, Start: hcl.InitialPos, End: hcl.InitialPos}}}
		entries = map[string]*topEntry{}
	}
	f.keys, f.entries = keys, entries
}

// Files are the data files read so far with their sources' display
// paths, for diagnostics' snippets.
func (d *Data) Files() []string {
	var out []string
	d.files.Range(func(p, _ any) bool {
		out = append(out, p.(string))
		return true
	})
	sort.Strings(out)
	return out
}

// location is one resolved location of a level for a node.
type location struct {
	original string // the template as written (for globs: the pattern)
	path     string // the file, under the site directory as given
	exists   bool
	// file is the data file once a lookup of the session read it.
	file *dataFile
}

// resolvedLevel is a level with its locations for one node.
type resolvedLevel struct {
	*Level
	locations []location
}

// resolveLevels interpolates the hierarchy's paths for the session's
// node, as Puppet does once per node.
func (s *Session) resolveLevels(inv *invocation) ([]resolvedLevel, error) {
	out := make([]resolvedLevel, 0, len(s.d.cfg.Levels))
	// the path levels' locations share one allocation (d.pathLocations)
	slab := make([]location, 0, s.d.pathLocations)
	for i, lv := range s.d.cfg.Levels {
		rl := resolvedLevel{Level: lv}
		datadir := s.d.datadirs[i] // "": it interpolates
		if datadir == "" {
			dd, err := inv.interpolatePath(lv.Datadir)
			if err != nil {
				return nil, err
			}
			datadir = s.d.datadir(dd)
		}
		switch lv.LocationKey {
		case "path", "paths":
			start := len(slab)
			for _, tmpl := range lv.Locations {
				p, err := inv.interpolatePath(tmpl)
				if err != nil {
					return nil, err
				}
				slab = append(slab, s.d.locate(tmpl, joinPath(datadir, p)))
			}
			rl.locations = slab[start:len(slab):len(slab)]
		case "glob", "globs":
			for _, tmpl := range lv.Locations {
				p, err := inv.interpolatePath(tmpl)
				if err != nil {
					return nil, err
				}
				pattern := joinPath(datadir, p)
				for _, m := range s.d.glob(pattern) { // nothing outside the site (globInside)
					if l := s.d.locate(pattern, m); l.exists {
						rl.locations = append(rl.locations, l)
					}
				}
			}
		case "mapped_paths":
			locs, err := s.mappedPaths(inv, datadir, lv.Locations)
			if err != nil {
				return nil, err
			}
			rl.locations = locs
		}
		out = append(out, rl)
	}
	return out, nil
}

// locate is a path location: it exists when it is a file under the
// site. Each path is checked once per Data, for every node.
func (d *Data) locate(original, path string) location {
	v, seen := d.usable.Load(path)
	if !seen {
		v, _ = d.usable.LoadOrStore(path, d.usableFile(path))
	}
	return location{original: original, path: path, exists: v.(string) != ""}
}

// usableFile is the real path of path if it is a regular file whose real
// path is under the site, else "": its directory's links are resolved
// once per directory, the file itself is an entry of its directory's
// listing (resolved only when it is a link), so that a fleet's thousands
// of files cost a system call each.
func (d *Data) usableFile(path string) string {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(d.cwd, abs)
	}
	dir, ok := d.realDir(filepath.Dir(abs))
	if !ok {
		return ""
	}
	full := filepath.Join(dir, filepath.Base(abs))
	mode, ok := d.entry(dir, filepath.Base(abs))
	if !ok {
		return ""
	}
	if mode.IsRegular() {
		return full
	}
	if mode&fs.ModeSymlink == 0 {
		return ""
	}
	real, err := filepath.EvalSymlinks(full)
	if err != nil || !d.under(real) {
		return ""
	}
	if st, err := os.Stat(real); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return real
}

// entry is the type of the entry name of the resolved directory dir,
// read with the whole directory once (one listing instead of a Stat per
// file of a fleet).
func (d *Data) entry(dir, name string) (fs.FileMode, bool) {
	d.mu.RLock()
	entries, seen := d.listings[dir]
	d.mu.RUnlock()
	if !seen {
		list, _ := os.ReadDir(dir) // an unreadable directory has no files
		entries = make(map[string]fs.FileMode, len(list))
		for _, e := range list {
			entries[e.Name()] = e.Type()
		}
		d.mu.Lock()
		d.listings[dir] = entries
		d.mu.Unlock()
	}
	m, ok := entries[name]
	return m, ok
}

// realDir is dir with its links resolved, if that is under the site.
func (d *Data) realDir(dir string) (string, bool) {
	d.mu.RLock()
	r, seen := d.dirs[dir]
	d.mu.RUnlock()
	if seen {
		return r, r != ""
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil || !d.under(real) {
		real = ""
	}
	d.mu.Lock()
	d.dirs[dir] = real
	d.mu.Unlock()
	return real, real != ""
}

// under reports whether the absolute, resolved path is the site
// directory or below it, and not in a .git directory there: a
// checkout's link or datadir leading into its .git directory would have
// catc read, and quote in a parse error, a config that may hold a token.
func (d *Data) under(real string) bool {
	rel, err := filepath.Rel(d.root, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return false
	}
	return !slices.Contains(strings.Split(rel, string(filepath.Separator)), ".git")
}

// joinPath is Ruby's Pathname#+: an absolute path replaces the base.
func joinPath(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// globBase is the part of a pattern before its first wildcard.
func globBase(pattern string) string {
	i := strings.IndexAny(pattern, "*?[{")
	if i < 0 {
		return pattern
	}
	return filepath.Dir(pattern[:i] + "x")
}

// mappedPaths expands mapped_paths [VAR, KEY, TEMPLATE]: one path per
// element of the scope variable VAR, with KEY set to it in TEMPLATE.
func (s *Session) mappedPaths(inv *invocation, datadir string, triplet []string) ([]location, error) {
	v, err := inv.scopeValue(triplet[0], "mapped_path[0]")
	if err != nil {
		return nil, err
	}
	var vars []types.Value
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		if x == "" {
			return nil, nil
		}
		vars = []types.Value{x}
	case []types.Value:
		vars = x
	case *types.Hash:
		for i, k := range x.Keys {
			vars = append(vars, []types.Value{k, x.Values[i]})
		}
	default:
		return nil, &lookupError{msg: fmt.Sprintf("The variable '%s' of mapped_paths is %s: give a String or an Array", triplet[0], rubyClass(v))}
	}
	var out []location
	for _, e := range vars {
		inv.locals = map[string]types.Value{triplet[1]: e}
		p, err := inv.interpolatePath(triplet[2])
		inv.locals = nil
		if err != nil {
			return nil, err
		}
		out = append(out, s.d.locate(triplet[2], joinPath(datadir, p)))
	}
	return out, nil
}

// interpolatePath interpolates a path template (no methods allowed).
func (inv *invocation) interpolatePath(tmpl string) (string, error) {
	if !strings.Contains(tmpl, "%{") {
		return tmpl, nil
	}
	v, err := inv.interpolateString(tmpl, false) // a string given to interpolate would be boxed in a Value
	if err != nil {
		return "", err
	}
	s, secret := toS(v)
	if secret {
		return "", &lookupError{msg: fmt.Sprintf("The path %q interpolates a secret; a path is printed, so it cannot hold one.", tmpl)}
	}
	return s, nil
}
