package plandiff

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/catc-dev/catc/internal/types"
)

// GeneratedFile is a file the agent generates from the catalog and will
// rewrite: the File that puppetlabs-concat's concat_file makes from its
// fragments (its `generate`), whose changes are the concat_file's events
// (its `eval_generate` hands the concat_file's relationships to the
// whit that follows the File, so what the concat — or its Concat
// define — notifies, or what subscribes to it, is refreshed).
type GeneratedFile struct {
	// By is the concat_file's ref; File is the generated File's
	// ("File[/etc/haproxy/haproxy.cfg]").
	By, File string
	// Changes are the File's properties that change, in Puppet's words
	// ("content", "mode", "ensure"), in that order.
	Changes []string
	// Fragments are the concat_fragments that change the content (added,
	// removed, changed or moved to another file), sorted.
	Fragments []string
	// Unknown is set when the new content cannot be known offline (a
	// fragment's source, a value that cannot be compared): it may change.
	Unknown bool
}

// fileProperties are the concat_file parameters its generate hands to
// the File as properties: a change to one is a change to the File.
var fileProperties = []string{"owner", "group", "mode", "selrange", "selrole", "seltype", "seluser"}

// generatedFiles finds the concat files the new catalog rewrites: for
// each concat_file of both catalogs, the content concat would generate
// from its fragments on each side, the File properties it hands on, and
// its ensure. Their ResourceChanges (a fragment's, the concat_file's)
// are pointed at them (Regenerates).
func (m *matching) generatedFiles(changes []ResourceChange) []GeneratedFile {
	newFiles := concatFiles(m.new)
	if len(newFiles) == 0 {
		return nil
	}
	oldFiles := concatFiles(m.old)
	oldIdx, newIdx := indexFragments(m.old), indexFragments(m.new)
	oldByKey := map[string]int{}
	for i, j := range oldFiles {
		oldByKey[m.old.Resources[j].Key] = i
	}
	var out []GeneratedFile
	for _, j := range newFiles {
		nr := &m.new.Resources[j]
		i, ok := oldByKey[nr.Key]
		if !ok {
			continue // a new concat_file: newly managed, its file created
		}
		or := &m.old.Resources[oldFiles[i]]
		g := GeneratedFile{By: nr.Ref, File: "File[" + concatPath(nr) + "]"}
		oldFrags, newFrags := oldIdx.of(or), newIdx.of(nr)
		g.Changes, g.Unknown = fileChanges(or, nr, m.old, oldFrags, m.new, newFrags)
		if len(g.Changes) == 0 && !g.Unknown {
			continue
		}
		g.Fragments = m.changedFragments(oldFrags, newFrags)
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b GeneratedFile) int { return compareRefs(a.By, b.By) })
	markRegenerates(changes, out)
	return out
}

// concatFiles are the indexes of a snapshot's concat_file resources.
func concatFiles(s *Snapshot) []int {
	var out []int
	for i := range s.Resources {
		if strings.EqualFold(s.Resources[i].Type, "concat_file") {
			out = append(out, i)
		}
	}
	return out
}

// concatPath is a concat_file's path: its namevar, the title by default.
func concatPath(r *SnapResource) string {
	if v, ok := r.Attributes.Get("path"); ok {
		if s, ok := v.(string); ok {
			return s
		}
	}
	return r.Title
}

// fragmentIndex holds a snapshot's concat_fragments by target and by
// tags, so that finding each concat_file's costs its own fragments, not
// the catalog's size.
type fragmentIndex struct {
	byTarget, byTags map[string][]int
}

func indexFragments(s *Snapshot) fragmentIndex {
	x := fragmentIndex{byTarget: map[string][]int{}, byTags: map[string][]int{}}
	for i := range s.Resources {
		f := &s.Resources[i]
		if !strings.EqualFold(f.Type, "concat_fragment") {
			continue
		}
		if target, ok := f.Attributes.Get("target"); ok {
			if t, ok := target.(string); ok {
				x.byTarget[t] = append(x.byTarget[t], i)
			}
		}
		if len(f.Tags) > 0 {
			k := strings.Join(f.Tags, "\x00")
			x.byTags[k] = append(x.byTags[k], i)
		}
	}
	return x
}

// of are the concat_fragments the concat_file c collects, in catalog
// order, as concat_file#fragments does: a target equal to its path or
// its title, or a tag equal to its tag.
func (x fragmentIndex) of(c *SnapResource) []int {
	out := slices.Concat(x.byTarget[concatPath(c)], x.byTarget[c.Title])
	if len(c.Tags) > 0 {
		out = append(out, x.byTags[strings.Join(c.Tags, "\x00")]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// fileChanges are the generated File's properties that change from the
// old concat_file (with its fragments) to the new one, and whether the
// content may change without catc being able to tell.
func fileChanges(or, nr *SnapResource, old *Snapshot, oldFrags []int, new *Snapshot, newFrags []int) ([]string, bool) {
	var out []string
	oldAbsent, newAbsent := attrString(or, "ensure") == "absent", attrString(nr, "ensure") == "absent"
	if oldAbsent != newAbsent {
		return []string{"ensure"}, false
	}
	if newAbsent {
		return nil, false // absent on both sides
	}
	oc, oldKnown := concatContent(or, old, oldFrags)
	nc, newKnown := concatContent(nr, new, newFrags)
	unknown := false
	// With replace => false the File keeps the content the node has.
	if attrString(nr, "replace") != "false" {
		switch {
		case !oldKnown || !newKnown:
			unknown = !slices.EqualFunc(oc, nc, equalValue)
		case !slices.EqualFunc(oc, nc, equalValue):
			out = append(out, "content")
		}
	}
	for _, p := range fileProperties {
		ov, _ := or.Attributes.Get(p)
		nv, _ := nr.Attributes.Get(p)
		if nv != nil && !equalValue(ov, nv) {
			out = append(out, p)
		}
	}
	return out, unknown
}

// concatContent is what concat_file#should_content joins, in its order:
// each fragment's content (a newline added where ensure_newline wants
// one). A format other than plain merges the pieces as data; the list in
// order decides it too (the same list, the same file). known is false
// when a piece is unknown offline (a source) or the order cannot be
// computed (Ruby fails to sort mixed numbers and names).
func concatContent(c *SnapResource, s *Snapshot, frags []int) ([]types.Value, bool) {
	type piece struct {
		key     string
		content types.Value
	}
	pieces := make([]piece, len(frags))
	known := true
	newline := attrString(c, "ensure_newline") == "true"
	for i, j := range frags {
		f := &s.Resources[j]
		order := "10"
		if v, ok := f.Attributes.Get("order"); ok && v != nil {
			order = rubyToS(v)
		}
		name := f.Title
		if v, ok := f.Attributes.Get("name"); ok {
			if n, ok := v.(string); ok {
				name = n
			}
		}
		content, ok := f.Attributes.Get("content")
		if r, secret := content.(Redacted); !ok || content == nil || secret && r.Digest == "" {
			known = false // a source (its content is on the server), or a secret no digest compares
		}
		if str, isStr := content.(string); isStr && newline && !strings.HasSuffix(str, "\n") {
			content = str + "\n"
		}
		pieces[i] = piece{order + "___" + name, content}
	}
	var sortErr bool
	if attrString(c, "order") == "alpha" {
		slices.SortStableFunc(pieces, func(a, b piece) int { return slices.Compare(alphaKey(a.key), alphaKey(b.key)) })
	} else {
		slices.SortStableFunc(pieces, func(a, b piece) int {
			r, ok := compareDecompound(a.key, b.key)
			sortErr = sortErr || !ok
			return r
		})
	}
	out := make([]types.Value, len(pieces))
	for i, p := range pieces {
		out[i] = p.content
	}
	return out, known && !sortErr
}

// alphaKey is concat's alpha sort key: the key split once at "__"
// (a_order, a_name).
func alphaKey(k string) []string {
	order, name, _ := strings.Cut(k, "__")
	return []string{order, name}
}

// digitsOnly is Ruby's %r{^\d+$} as concat's decompound applies it to a
// piece without a line break (compiled on first use, not at start-up).
var digitsOnly = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]+$`) })

// compareDecompound is concat's numeric sort: each key split once at
// "___", a part of digits compared as a number; ok is false where Ruby
// cannot compare (a number with a name), which fails the sort.
func compareDecompound(a, b string) (int, bool) {
	pa, pb := decompound(a), decompound(b)
	for i := range min(len(pa), len(pb)) {
		x, y := pa[i], pb[i]
		switch {
		case x.isNum && y.isNum:
			if c := x.num.Cmp(y.num); c != 0 {
				return c, true
			}
		case x.isNum != y.isNum:
			return 0, false
		default:
			if c := strings.Compare(x.text, y.text); c != 0 {
				return c, true
			}
		}
	}
	return cmp.Compare(len(pa), len(pb)), true
}

type decompoundPart struct {
	text  string
	isNum bool
	num   bigNum
}

func decompound(k string) []decompoundPart {
	order, name, found := strings.Cut(k, "___")
	parts := []string{order}
	if found {
		parts = append(parts, name)
	}
	out := make([]decompoundPart, len(parts))
	for i, p := range parts {
		out[i].text = p
		if !strings.Contains(p, "\n") && digitsOnly().MatchString(p) {
			out[i].isNum, out[i].num = true, bigNum(strings.TrimLeft(p, "0"))
		}
	}
	return out
}

// bigNum is a decimal integer without leading zeros, of any length
// (Ruby's to_i has no limit).
type bigNum string

// Cmp compares two bigNums as numbers.
func (a bigNum) Cmp(b bigNum) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return strings.Compare(string(a), string(b))
}

// rubyToS is a value as Ruby's "#{…}" writes it, for an order: a string
// as it is, an integer in decimal.
func rubyToS(v types.Value) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return types.RubyInspect(v)
}

// attrString is an attribute's value as a string ("" when unset; true
// and false as their names).
func attrString(r *SnapResource, name string) string {
	v, _ := r.Attributes.Get(name)
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// changedFragments are the refs of the fragments that differ between
// the two lists: added, removed, or with another content, source, order
// or target.
func (m *matching) changedFragments(oldFrags, newFrags []int) []string {
	oldSet := map[int32]bool{}
	for _, i := range oldFrags {
		oldSet[int32(i)] = true
	}
	var out []string
	for _, j := range newFrags {
		i := m.toOld[j]
		if i < 0 || !oldSet[i] || !sameFragment(&m.old.Resources[i], &m.new.Resources[j]) {
			out = append(out, m.new.Resources[j].Ref)
		}
		delete(oldSet, i)
	}
	for i := range oldSet {
		out = append(out, m.old.Resources[i].Ref)
	}
	slices.SortFunc(out, compareRefs)
	return slices.Compact(out)
}

func sameFragment(a, b *SnapResource) bool {
	for _, k := range []string{"content", "source", "order", "target"} {
		av, _ := a.Attributes.Get(k)
		bv, _ := b.Attributes.Get(k)
		if !equalValue(av, bv) {
			return false
		}
	}
	return true
}

// markRegenerates points each change of a concat_file or of one of the
// fragments that change its file at the file.
func markRegenerates(changes []ResourceChange, files []GeneratedFile) {
	by := map[string]string{}
	for _, g := range files {
		by[g.By] = g.File
		for _, f := range g.Fragments {
			if _, taken := by[f]; !taken {
				by[f] = g.File
			}
		}
	}
	for k := range changes {
		c := &changes[k]
		if f, ok := by[c.Ref]; ok {
			c.Regenerates = f
		}
	}
}
