package fleet

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/pipeline"
	"github.com/catc-dev/catc/internal/plandiff"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/source"
)

// CatalogNode is one node of a fleet of Puppet catalogs: the path of its
// catalog on each side, "" when the side has none (a node added to or
// retired from the fleet).
type CatalogNode struct {
	Name     string
	Old, New string
	// OldName names the old file in diagnostics when set, instead of Old:
	// a side read from a git revision is named as the user would name it
	// there ("HEAD~1:catalogs/a.json"), not by its temporary copy.
	OldName string
	// OldRead, when set, reads the old catalog, which Old only names (a
	// node's current catalog on a server: CatalogNodesOf).
	OldRead func() ([]byte, error)
}

// readOld reads the old catalog (nil when the node has none).
func (n CatalogNode) readOld() ([]byte, hcl.Diagnostics) {
	if n.OldRead == nil || n.Old == "" {
		return source.ReadCatalogFile(n.Old, n.oldName())
	}
	data, err := n.OldRead()
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read the catalog", Detail: err.Error() + "."}}
	}
	return data, nil
}

// oldName is the name diagnostics give the old file.
func (n CatalogNode) oldName() string {
	if n.OldName != "" {
		return n.OldName
	}
	return n.Old
}

// CatalogSides are the type definitions each side's catalogs are read
// with (compiler.LoadFiles or compiler.Load of HCL type files: the built-in
// types and the user's). They are only read, by every node at once.
type CatalogSides struct {
	Old, New *catalog.Catalog
}

// CatalogNodes pairs the per-node catalogs of two directories by file
// name: NODE.json is node NODE's catalog. Other files are not read.
// Puppet's certnames are lower case and compared so: names that differ
// only in case (or in the case of .json) are one node. Two such files on
// one side are an error naming both, since either could be the node's
// catalog; across the sides they are paired, under the new side's name.
func CatalogNodes(oldDir, newDir string) ([]CatalogNode, error) {
	old, err := source.CatalogDirFiles(oldDir)
	if err != nil {
		return nil, err
	}
	new, err := source.CatalogDirFiles(newDir)
	if err != nil {
		return nil, err
	}
	return pairCatalogs(old, new)
}

// CatalogNodesOf pairs the catalogs of nodes named old, read from
// elsewhere (a server: each node's Old is oldName(node), and read reads
// it), with those of newDir, as CatalogNodes pairs two directories.
func CatalogNodesOf(old []string, oldName func(string) string, read func(string) ([]byte, error), newDir string) ([]CatalogNode, error) {
	oldSide := make([]source.NodeFile, len(old))
	nameOf := make(map[string]string, len(old))
	for i, n := range old {
		oldSide[i] = source.NodeFile{Node: n, Path: oldName(n)}
		nameOf[oldSide[i].Path] = n
	}
	new, err := source.CatalogDirFiles(newDir)
	if err != nil {
		return nil, err
	}
	nodes, err := pairCatalogs(oldSide, new)
	for i := range nodes {
		if nodes[i].Old != "" {
			name := nameOf[nodes[i].Old]
			nodes[i].OldRead = func() ([]byte, error) { return read(name) }
		}
	}
	return nodes, err
}

// pairCatalogs pairs two sides' catalogs by node name (see CatalogNodes).
func pairCatalogs(oldSide, newSide []source.NodeFile) ([]CatalogNode, error) {
	byName := map[string]*CatalogNode{}
	for _, side := range []struct {
		files []source.NodeFile
		old   bool
	}{{oldSide, true}, {newSide, false}} {
		seen := make(map[string]string, len(side.files)) // node key → path, on this side
		for _, f := range side.files {
			key := strings.ToLower(f.Node)
			if other, dup := seen[key]; dup {
				return nil, fmt.Errorf("%s and %s are both node %s's catalog (node names are certnames, which Puppet compares in lower case): remove or rename one of them",
					other, f.Path, key)
			}
			seen[key] = f.Path
			n := byName[key]
			if n == nil {
				n = &CatalogNode{}
				byName[key] = n
			}
			if side.old {
				n.Old, n.Name = f.Path, f.Node
			} else {
				n.New, n.Name = f.Path, f.Node
			}
		}
	}
	out := make([]CatalogNode, 0, len(byName))
	for _, n := range byName {
		out = append(out, *n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// DiffCatalogs reads both catalogs of every node, compares them and
// groups the nodes as DiffFleet does (a node's identity is its name: its
// certname, and the hostname its first label).
func DiffCatalogs(s CatalogSides, nodes []CatalogNode, opts plandiff.DiffOptions, o Options) *Diff {
	b := newBuilder(opts.Strict, len(nodes), o.DigestKey)
	notes := make([]catalog.Notes, len(nodes))
	each(len(nodes), o, nil, func(i int) {
		n := nodes[i]
		id := identityOf(&nodefacts.Node{Name: n.Name, Facts: cty.EmptyObjectVal})
		r := diffCatalogNode(s, n, nodeResult{name: n.Name, id: id}, opts, &notes[i])
		if r.failed {
			r.errs = errorsText(ownFiles(r.diags, id), id)
		}
		b.add(r)
	})
	d := b.result()
	for i := range notes {
		d.Notes.Merge(&notes[i])
	}
	return d
}

// ownFiles is diags with the node's identity replaced in the names of
// the files (each node's catalog is its own file: NODE.json), so that
// nodes failing alike group together.
func ownFiles(diags hcl.Diagnostics, id *identity) hcl.Diagnostics {
	out := make(hcl.Diagnostics, len(diags))
	for i, d := range diags {
		c := *d
		if d.Subject != nil {
			subject := *d.Subject
			subject.Filename = id.replace(subject.Filename)
			c.Subject = &subject
		}
		out[i] = &c
	}
	return out
}

// diffCatalogNode compares one node's catalogs. Most nodes of a change
// have the same catalog on both sides, byte for byte: it is read and
// ordered once (still compared, for the cycles it may have), when both
// sides have the same types.
func diffCatalogNode(s CatalogSides, n CatalogNode, r nodeResult, opts plandiff.DiffOptions, notes *catalog.Notes) nodeResult {
	oldData, oldDiags := n.readOld()
	newData, newDiags := source.ReadCatalogFile(n.New, n.New)
	var old, new *plandiff.Snapshot
	if oldData != nil {
		old, oldDiags = CatalogSnapshot(s.Old, n.oldName(), oldData, notes)
	}
	if newData != nil && s.Old == s.New && oldData != nil && bytes.Equal(oldData, newData) {
		new, newDiags = old, oldDiags
	} else if newData != nil {
		new, newDiags = CatalogSnapshot(s.New, n.New, newData, notes)
	}
	if n.Old == "" {
		old = &plandiff.Snapshot{}
	}
	if n.New == "" {
		new = &plandiff.Snapshot{}
	}
	return compareNode(r, old, oldDiags, new, newDiags, opts)
}

// CatalogSnapshot parses one Puppet catalog (named path in diagnostics)
// with the types of defs and orders it as the agent would, adding what
// catc cannot know of it to notes (when not nil). Nil with the
// diagnostics when the catalog has errors (cycles are not errors here:
// the diff reports them), but for errors the agent refuses a whole
// catalog for (pipeline.Snapshot).
func CatalogSnapshot(defs *catalog.Catalog, path string, data []byte, notes *catalog.Notes) (*plandiff.Snapshot, hcl.Diagnostics) {
	cat, diags := pipeline.ParsePuppet(path, data, defs)
	if cat == nil {
		return nil, diags
	}
	if notes != nil {
		notes.Add(cat)
	}
	return pipeline.Snapshot(cat, diags)
}

// ShardCatalogs is shard i of n (1 ≤ i ≤ n) of the nodes, those whose
// name hashes to it as in Shard, with the shard's identity for Merge
// (keyed with key, as ShardID's).
func ShardCatalogs(nodes []CatalogNode, i, n int, key *secretdigest.Key) ([]CatalogNode, *ShardOf) {
	names := make([]string, len(nodes))
	var out []CatalogNode
	for k, node := range nodes {
		names[k] = node.Name
		if shardIndex(node.Name, n) == i {
			out = append(out, node)
		}
	}
	return out, &ShardOf{Index: i, Of: n, Fleet: fleetDigest(names, key), KeyID: key.ID()}
}
