package fleet

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// Nodes whose catalogs read the same values of them are compiled once
// (compiler.Site.Inputs says what the sites read). A value every use of
// which is copied verbatim into an inert string (compiler.Read.Verbatim:
// the certname in a motd, the address in a listen line) is no part of
// the key when it is a plain word: the class is compiled for a stand-in
// node holding a sentinel there, and each node's outcome is the class's
// with the sentinels replaced by the node's own values (rewrite.go), which
// is what compiling the node gives (TestClassesExact). Anything else the
// sites read is in the key as it is; a read that cannot be known makes
// the whole node the key.

// keyer computes the class of a node: the values the sites read of it.
type keyer struct {
	// all: some read cannot be known statically: the key is the node.
	all bool
	// reads are in the key as they are; subst are verbatim reads that
	// no other read overlaps, replaced by sentinel i when a node's value
	// there is a plain word (sentinelFor).
	reads, subst []compiler.Read
	// token starts every sentinel: random, so that no input can hold it.
	token string
}

// newKeyer is the keyer of sites (nil ones skipped).
func newKeyer(sites ...*compiler.Site) *keyer {
	var in compiler.Inputs
	for _, s := range sites {
		if s != nil {
			in.Blocks = append(in.Blocks, s.Inputs().Blocks...)
		}
	}
	u := in.Union()
	k := &keyer{all: u.All, token: newToken(sites)}
	for i, r := range u.Reads {
		if r.Verbatim && !overlaps(u.Reads, i) {
			k.subst = append(k.subst, r)
		} else {
			k.reads = append(k.reads, r)
		}
	}
	return k
}

// overlaps reports whether another read of reads is reads[i], inside it
// or around it (a read of facts.networking holds facts.networking.ip).
func overlaps(reads []compiler.Read, i int) bool {
	for j, r := range reads {
		if j != i && r.Root == reads[i].Root && (isPrefix(r.Path, reads[i].Path) || isPrefix(reads[i].Path, r.Path)) {
			return true
		}
	}
	return false
}

func isPrefix(p, of hcl.Traversal) bool {
	if len(p) > len(of) {
		return false
	}
	for i := range p {
		if stepKey(p[i]) != stepKey(of[i]) {
			return false
		}
	}
	return true
}

func stepKey(st hcl.Traverser) string {
	switch st := st.(type) {
	case hcl.TraverseAttr:
		return "." + st.Name
	case hcl.TraverseIndex:
		return "[" + st.Key.AsBigFloat().Text('f', -1) + "]"
	}
	return "?"
}

// sentinelLen is the length of a sentinel and the most a substituted
// value may have: a stand-in's strings are never shorter than a node's,
// so no bound a node's value would exceed passes for the stand-in.
const sentinelLen = 253

// newToken is a random prefix for sentinels that no file of the sites
// holds (nor can any input: it is drawn at each run).
func newToken(sites []*compiler.Site) string {
	for {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err) // crypto/rand does not fail on Linux
		}
		token := "catcsentinel" + hex.EncodeToString(b[:])
		if !inFiles(sites, token) {
			return token
		}
	}
}

func inFiles(sites []*compiler.Site, token string) bool {
	for _, s := range sites {
		if s == nil {
			continue
		}
		for _, f := range s.Files() {
			if strings.Contains(string(f.Bytes), token) {
				return true
			}
		}
	}
	return false
}

// sentinel is the sentinel of substituted read i.
func (k *keyer) sentinel(i int) string {
	s := fmt.Sprintf("%s%04d", k.token, i)
	return s + strings.Repeat("z", sentinelLen-len(s))
}

// plainWord is a value that may stand for a sentinel: letters, digits
// and . _ : - (host names, certnames, addresses), at most sentinelLen
// bytes, nothing that any writer escapes or any check reads otherwise.
func (k *keyer) plainWord(v cty.Value) (string, bool) {
	if v.IsNull() || !v.IsKnown() || v.IsMarked() || v.Type() != cty.String {
		return "", false
	}
	s := v.AsString()
	if s == "" || len(s) > sentinelLen || strings.Contains(s, k.token) {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == ':' || c == '-') {
			return "", false
		}
	}
	return s, true
}

// nodeClass is a node's class: its key, and its values at the
// substituted reads ("" where the key holds the value itself).
type nodeClass struct {
	key    string
	values []string
}

// substituted reports whether any value of the node stands for a
// sentinel.
func (c nodeClass) substituted() bool {
	for _, v := range c.values {
		if v != "" {
			return true
		}
	}
	return false
}

// classOf is the class of n.
func (k *keyer) classOf(n *nodefacts.Node) nodeClass {
	h := sha256.New()
	facts, trusted := n.Facts, n.Trusted()
	if k.all {
		h.Write([]byte("all\x00" + n.Name + "\x00"))
		writeValue(h, facts)
		writeValue(h, trusted)
		return nodeClass{key: string(h.Sum(nil))}
	}
	root := func(r compiler.Read) cty.Value {
		if r.Root == "trusted" {
			return trusted
		}
		return facts
	}
	for _, r := range k.reads {
		writeRead(h, root(r), r.Path)
	}
	c := nodeClass{values: make([]string, len(k.subst))}
	for i, r := range k.subst {
		v, found := at(root(r), r.Path)
		if w, ok := k.plainWord(v); found && ok {
			c.values[i] = w
			h.Write([]byte{'W'})
			continue
		}
		writeRead(h, root(r), r.Path)
	}
	c.key = string(h.Sum(nil))
	return c
}

// standIn is the node compiled for n's class: n with a sentinel at each
// substituted read.
func (k *keyer) standIn(n *nodefacts.Node, c nodeClass) *nodefacts.Node {
	if !c.substituted() {
		return n
	}
	facts, trusted := n.Facts, n.Trusted()
	for i, r := range k.subst {
		if c.values[i] == "" {
			continue
		}
		v := cty.StringVal(k.sentinel(i))
		if r.Root == "trusted" {
			trusted = setAt(trusted, r.Path, v)
		} else {
			facts = setAt(facts, r.Path, v)
		}
	}
	return n.WithInputs(facts, trusted)
}

// at is the value at path below v, and whether every step exists.
func at(v cty.Value, path hcl.Traversal) (cty.Value, bool) {
	for _, st := range path {
		next, ok := step(v, st)
		if !ok {
			return cty.NilVal, false
		}
		v = next
	}
	return v, true
}

// step is the value one step below v, as an evaluation finds it.
func step(v cty.Value, st hcl.Traverser) (cty.Value, bool) {
	if v.IsNull() || !v.IsKnown() || v.IsMarked() {
		return cty.NilVal, false
	}
	t := v.Type()
	switch st := st.(type) {
	case hcl.TraverseAttr:
		switch {
		case t.IsObjectType() && t.HasAttribute(st.Name):
			return v.GetAttr(st.Name), true
		case t.IsMapType() && v.HasIndex(cty.StringVal(st.Name)).True():
			return v.Index(cty.StringVal(st.Name)), true
		}
	case hcl.TraverseIndex:
		if (t.IsTupleType() || t.IsListType()) && v.HasIndex(st.Key).True() {
			return v.Index(st.Key), true
		}
	}
	return cty.NilVal, false
}

// writeRead writes what an evaluation of path below v can see: the
// value at its end, or where the path stops and what is there (a
// missing attribute is named by the path alone; a value of another
// kind may be described in the error, so it is written whole).
func writeRead(h hash.Hash, v cty.Value, path hcl.Traversal) {
	for i, st := range path {
		next, ok := step(v, st)
		if !ok {
			fmt.Fprintf(h, "stop%d\x00", i)
			if !v.IsNull() && v.IsKnown() && !v.IsMarked() && v.Type().IsObjectType() {
				h.Write([]byte("object\x00")) // "does not have an attribute named …"
				return
			}
			writeValue(h, v)
			return
		}
		v = next
	}
	h.Write([]byte("value\x00"))
	writeValue(h, v)
}

// writeValue writes v with its type, so that distinct values never
// write the same bytes.
func writeValue(h hash.Hash, v cty.Value) {
	var buf [9]byte
	num := func(tag byte, n int) {
		buf[0] = tag
		binary.LittleEndian.PutUint64(buf[1:], uint64(n))
		h.Write(buf[:])
	}
	if v.IsMarked() {
		v, _ = v.Unmark()
		h.Write([]byte{'!'})
	}
	t := v.Type()
	switch {
	case !v.IsKnown():
		h.Write([]byte{'?'})
	case v.IsNull():
		h.Write([]byte("N" + t.FriendlyName() + "\x00"))
	case t == cty.String:
		num('s', len(v.AsString()))
		h.Write([]byte(v.AsString()))
	case t == cty.Number:
		s := v.AsBigFloat().Text('g', -1)
		num('n', len(s))
		h.Write([]byte(s))
	case t == cty.Bool:
		if v.True() {
			h.Write([]byte{'T'})
		} else {
			h.Write([]byte{'F'})
		}
	case t.IsObjectType() || t.IsMapType():
		tag := byte('o')
		if t.IsMapType() {
			tag = 'm'
		}
		m := v.AsValueMap()
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		num(tag, len(keys))
		for _, k := range keys {
			num('k', len(k))
			h.Write([]byte(k))
			writeValue(h, m[k])
		}
	case t.IsTupleType() || t.IsListType() || t.IsSetType():
		tag := byte('t')
		if t.IsListType() {
			tag = 'l'
		} else if t.IsSetType() {
			tag = 'e'
		}
		num(tag, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			writeValue(h, e)
		}
	default:
		h.Write([]byte("x" + t.GoString() + "\x00"))
	}
}

// setAt is v with the value at path (which exists: classOf found a plain
// word there) replaced by to.
func setAt(v cty.Value, path hcl.Traversal, to cty.Value) cty.Value {
	if len(path) == 0 {
		return to
	}
	t := v.Type()
	switch st := path[0].(type) {
	case hcl.TraverseAttr:
		m := v.AsValueMap()
		m[st.Name] = setAt(m[st.Name], path[1:], to)
		if t.IsMapType() {
			return cty.MapVal(m)
		}
		return cty.ObjectVal(m)
	case hcl.TraverseIndex:
		i, _ := st.Key.AsBigFloat().Int64()
		elems := v.AsValueSlice()
		elems[i] = setAt(elems[i], path[1:], to)
		if t.IsListType() {
			return cty.ListVal(elems)
		}
		return cty.TupleVal(elems)
	}
	return v
}
