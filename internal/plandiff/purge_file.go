package plandiff

import (
	"path"
	"strconv"
	"strings"

	"github.com/catc-dev/catc/internal/types"
)

// purgingDir is a File of the new catalog whose purge removes the files
// in it that no resource manages.
type purgingDir struct {
	ref, path, why string
	limit          int // recurselimit; -1 for none
	ignore         []string
	force, source  bool
}

// filePurges finds, for each File the new catalog no longer manages,
// the directory that purges it, as Puppet's file type does
// (Puppet::Type::File#recurse, #remove_less_specific_files,
// Puppet::FileServing::Fileset): a File with purge => true and recurse =>
// true (recurse => remote lists nothing local, so purges nothing) lists
// what is below its path, as deep as recurselimit allows, leaving out a
// name an ignore pattern matches (and what is below it), and the files
// at or below another managed File, which that File decides for (a
// concat_file's path counts: concat generates that File before). What it
// lists and no resource manages it removes: a file, or a directory only
// with force => true (else its files, not it). A directory with a
// source keeps what the source has, which only the server knows: "may".
// A File that was absent on the old side is not on the node to remove.
func (m *matching) filePurges(changes []ResourceChange) {
	dirs, managed := m.newFilePaths()
	if len(dirs) == 0 {
		return
	}
	for k := range changes {
		c := &changes[k]
		if c.Action != Unmanage || !strings.EqualFold(c.Type, "file") {
			continue
		}
		or := &m.old.Resources[m.oldRefs()[c.Ref]]
		ensure := attrString(or, "ensure")
		if ensure == "absent" || ensure == "false" {
			continue
		}
		p := cleanPath(filePath(or))
		d, ok := purgerOf(p, dirs, managed)
		if !ok {
			continue
		}
		purge := Purge{Ref: d.ref, Why: d.why, Effect: PurgeRemoves}
		switch {
		case d.source:
			purge.Effect = PurgeMay
		case ensure == "directory" && !d.force:
			purge.Effect = PurgeSpares
		}
		c.PurgedBy = []Purge{purge}
		if purge.Effect == PurgeRemoves {
			c.Action = Remove
		}
	}
}

// newFilePaths are the purging directories of the new catalog, by path,
// and the paths of every File it manages (and concat generates).
func (m *matching) newFilePaths() (map[string]purgingDir, map[string]bool) {
	dirs := map[string]purgingDir{}
	managed := map[string]bool{}
	for i := range m.new.Resources {
		r := &m.new.Resources[i]
		switch strings.ToLower(r.Type) {
		case "concat_file":
			managed[cleanPath(concatPath(r))] = true
		case "file":
			p := cleanPath(filePath(r))
			managed[p] = true
			if d, ok := purgingDirOf(r, p); ok {
				dirs[p] = d
			}
		}
	}
	return dirs, managed
}

// purgingDirOf reads a File's purge, recurse, recurselimit, ignore,
// force and source.
func purgingDirOf(r *SnapResource, p string) (purgingDir, bool) {
	purge, _ := r.Attributes.Get("purge")
	recurse, _ := r.Attributes.Get("recurse")
	if !isTrue(purge) || !isTrue(recurse) {
		return purgingDir{}, false
	}
	d := purgingDir{ref: r.Ref, path: p, why: "purge = true, recurse = true", limit: -1}
	if v, ok := r.Attributes.Get("recurselimit"); ok && v != nil {
		if n, ok := integerOf(v); ok {
			d.limit = n
			d.why += ", recurselimit = " + strconv.Itoa(n)
		}
	}
	if v, ok := r.Attributes.Get("ignore"); ok {
		d.ignore = stringsOf(v)
	}
	force, _ := r.Attributes.Get("force")
	d.force = isTrue(force)
	if d.force {
		d.why += ", force = true"
	}
	if v, ok := r.Attributes.Get("source"); ok && v != nil {
		d.source = true
		d.why += ", source (not what it has)"
	}
	return d, true
}

// purgerOf is the directory that purges the file at p: its nearest
// managed ancestor, when that one purges and lists p.
func purgerOf(p string, dirs map[string]purgingDir, managed map[string]bool) (purgingDir, bool) {
	for dir := parentDir(p); dir != ""; dir = parentDir(dir) {
		if !managed[dir] {
			continue
		}
		d, ok := dirs[dir]
		if !ok {
			return purgingDir{}, false // a managed File decides for what is below it
		}
		rel := strings.Split(strings.TrimPrefix(strings.TrimPrefix(p, dir), "/"), "/")
		if d.limit >= 0 && len(rel) > d.limit {
			return purgingDir{}, false
		}
		for _, name := range rel {
			for _, pat := range d.ignore {
				if fnmatch(pat, name) {
					return purgingDir{}, false
				}
			}
		}
		return d, true
	}
	return purgingDir{}, false
}

// filePath is a File's path: its path attribute, else its title.
func filePath(r *SnapResource) string {
	if v, ok := r.Attributes.Get("path"); ok {
		if s, ok := v.(string); ok {
			return s
		}
	}
	return r.Title
}

// cleanPath is an absolute path as Puppet's file type munges it (trailing
// slashes dropped, "//", "/./" and "/../" collapsed); other paths as
// they are.
func cleanPath(p string) string {
	if !strings.HasPrefix(p, "/") {
		return p
	}
	return path.Clean(p)
}

// parentDir is the directory above an absolute path, "" above "/".
func parentDir(p string) string {
	if p == "/" || !strings.HasPrefix(p, "/") {
		return ""
	}
	return path.Dir(p)
}

// integerOf reads an Integer, or a string of digits (recurselimit takes
// both).
func integerOf(v types.Value) (int, bool) {
	switch x := v.(type) {
	case int64:
		return int(x), true
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil && n >= 0
	}
	return 0, false
}

// stringsOf is a string or the strings of a list.
func stringsOf(v types.Value) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []types.Value:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// fnmatch is Ruby's File.fnmatch?(pattern, name) without flags, as
// Puppet's fileset tests an ignore pattern against a name: *, ? and
// [...] ([!...] negated), a backslash escaping; a wildcard does not match
// a leading dot.
func fnmatch(pattern, name string) bool {
	if strings.HasPrefix(name, ".") && !strings.HasPrefix(pattern, ".") && !strings.HasPrefix(pattern, `\.`) {
		return false
	}
	ok, err := path.Match(strings.ReplaceAll(pattern, "[!", "[^"), name)
	return ok && err == nil
}
