package nodefacts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	"gopkg.in/yaml.v3"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/numbounds"
)

// Node is one node of a fleet: its name (the certname) and its facts.
type Node struct {
	// Name is the certname: the document's name or certname, else the
	// file name without its extension.
	Name string
	// Source says where the node was read: the file, and for a file of
	// several nodes the position in it ("export.json, node 3").
	Source string
	// Facts are facts.*, an object.
	Facts cty.Value
	// trusted is trusted.* when the node's source gives it: PuppetDB
	// (FromPuppetDB) or a stand-in's inputs (WithInputs); NilVal when the
	// source has none.
	trusted cty.Value
}

// Trusted is trusted.* of the node. Puppet takes it from the node's
// certificate: PuppetDB keeps it (FromPuppetDB); a facts file does not
// carry it, so certname is the node's name, hostname and domain its
// parts around the first dot.
func (n *Node) Trusted() cty.Value {
	if n.trusted != cty.NilVal {
		return n.trusted
	}
	host, domain, _ := strings.Cut(n.Name, ".")
	return cty.ObjectVal(map[string]cty.Value{
		"certname":      cty.StringVal(n.Name),
		"hostname":      cty.StringVal(host),
		"domain":        cty.StringVal(domain),
		"authenticated": cty.StringVal("remote"),
		"extensions":    cty.EmptyObjectVal,
	})
}

// WithInputs is a node of the same name and source whose facts.* and
// trusted.* are facts and trusted: a stand-in compiled for every node
// whose catalogs read the same values (package fleet).
func (n *Node) WithInputs(facts, trusted cty.Value) *Node {
	return &Node{Name: n.Name, Source: n.Source, Facts: facts, trusted: trusted}
}

// factsExts are the file name extensions Read takes from a directory.
var factsExts = map[string]bool{".json": true, ".yaml": true, ".yml": true}

// Read reads the nodes of a facts path: a directory of facts files
// (*.json, *.yaml, *.yml, not recursive, in bytewise name order) or one
// file. Each file is Facter's JSON (`facter -j`, one node named by the
// file), a facts document ({"name", "values", …} as `puppet facts find`
// prints it), Puppet's YAML facts cache (the same document tagged
// !ruby/object:Puppet::Node::Facts) or a PuppetDB export (the facts
// endpoint's rows [{"certname", "name", "value"}, …] or the factsets
// endpoint's [{"certname", "facts": {"data": [{"name", "value"}]}}]).
// The nodes come sorted by name; one name read twice is an error that
// names both sources.
func Read(path string) ([]*Node, hcl.Diagnostics) {
	files, err := factsFiles(path)
	if err != nil {
		return nil, hcl.Diagnostics{inputfile.Diagnostic(path, err)}
	}
	var diags hcl.Diagnostics
	var nodes []*Node
	for _, f := range files {
		ns, d := readFactsFile(f)
		diags = append(diags, d...)
		nodes = append(nodes, ns...)
	}
	if len(files) == 0 {
		diags = append(diags, factsDiag(fmt.Sprintf("The directory %s holds no facts files (*.json, *.yaml or *.yml, one per node).", path)))
	}
	sort.SliceStable(nodes, func(i, j int) bool { return nodes[i].Name < nodes[j].Name })
	out := nodes[:0]
	for i, n := range nodes {
		if i > 0 && nodes[i-1].Name == n.Name {
			diags = append(diags, readTwice(n.Name, nodes[i-1].Source, n.Source))
			continue
		}
		out = append(out, n)
	}
	return out, diags
}

func factsFiles(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && factsExts[strings.ToLower(filepath.Ext(e.Name()))] {
			out = append(out, filepath.Join(path, e.Name()))
		}
	}
	return out, nil // os.ReadDir sorts by name
}

// invalidSummary is the summary of every facts error but an unreadable
// file's (inputfile.Diagnostic).
const invalidSummary = "Invalid facts"

func factsDiag(detail string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: invalidSummary, Detail: detail}
}

// ReadOne reads the --facts file: one node in any facts format (Read); a
// file of several nodes needs --nodes. An empty path is no node.
func ReadOne(path string) (*Node, hcl.Diagnostics) {
	if path == "" {
		return nil, nil
	}
	nodes, diags := Read(path)
	if diags.HasErrors() {
		return nil, diags
	}
	if len(nodes) != 1 {
		return nil, hcl.Diagnostics{factsDiag(fmt.Sprintf("The facts file %s holds %d nodes; --facts takes one node. Use --nodes %s to compile every node.", path, len(nodes), path))}
	}
	return nodes[0], diags
}

// readFactsFile reads one file of one or several nodes.
func readFactsFile(path string) ([]*Node, hcl.Diagnostics) {
	src, err := inputfile.Read(path)
	if err != nil {
		return nil, hcl.Diagnostics{inputfile.Diagnostic(path, err)}
	}
	bad := func(why string) hcl.Diagnostics {
		return hcl.Diagnostics{factsDiag(fmt.Sprintf("The facts file %s is not readable as facts: %s. Give Facter JSON (facter -j), a facts document (puppet facts find --render-as json), Puppet's YAML facts cache or a PuppetDB facts export.", path, why))}
	}
	var doc any
	if ext := strings.ToLower(filepath.Ext(path)); ext == ".yaml" || ext == ".yml" {
		if doc, err = decodeYAML(src); err != nil {
			return nil, bad(err.Error())
		}
	} else {
		dec := json.NewDecoder(bytes.NewReader(src))
		dec.UseNumber() // keep big integers exact
		if err := dec.Decode(&doc); err != nil {
			return nil, bad(err.Error())
		}
		if dec.More() {
			return nil, bad("there is more than one JSON value")
		}
	}
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	nodes, why := nodesOf(doc, stem, path)
	if why != "" {
		return nil, bad(why)
	}
	return nodes, nil
}

// nodesOf recognises the format of a decoded document.
func nodesOf(doc any, stem, path string) ([]*Node, string) {
	switch d := doc.(type) {
	case map[string]any:
		name, values := stem, any(d)
		if v, ok := d["values"].(map[string]any); ok && isString(d["name"]) {
			name, values = d["name"].(string), v // a facts document
		}
		n, why := newNode(name, path, values)
		if why != "" {
			return nil, why
		}
		return []*Node{n}, ""
	case []any:
		return puppetDBNodes(d, path)
	}
	return nil, "the top level is neither an object nor a list"
}

func isString(v any) bool { _, ok := v.(string); return ok && v.(string) != "" }

// puppetDBNodes reads a PuppetDB export: fact rows or factsets.
func puppetDBNodes(rows []any, path string) ([]*Node, string) {
	facts := map[string]map[string]any{}
	var order []string
	for i, r := range rows {
		row, ok := r.(map[string]any)
		if !ok || !isString(row["certname"]) {
			return nil, fmt.Sprintf("element %d of the list is not a PuppetDB row with a certname", i+1)
		}
		cn := row["certname"].(string)
		if facts[cn] == nil {
			facts[cn] = map[string]any{}
			order = append(order, cn)
		}
		pairs := []any{row}
		if fs, ok := row["facts"].(map[string]any); ok {
			data, _ := fs["data"].([]any)
			pairs = data // a factset
		}
		for _, p := range pairs {
			pm, ok := p.(map[string]any)
			if !ok || !isString(pm["name"]) {
				return nil, fmt.Sprintf("element %d (certname %q) has a fact without a name", i+1, cn)
			}
			facts[cn][pm["name"].(string)] = pm["value"]
		}
	}
	nodes := make([]*Node, 0, len(order))
	for i, cn := range order {
		n, why := newNode(cn, fmt.Sprintf("%s (node %d)", path, i+1), facts[cn])
		if why != "" {
			return nil, why
		}
		nodes = append(nodes, n)
	}
	return nodes, ""
}

// FromPuppetDB is a node as PuppetDB's inventory holds it: its facts
// (decoded with json.Number; the "trusted" fact Puppet's server adds is
// not a fact of the node's $facts) and its trusted data (nil when
// PuppetDB has none: then as Trusted says).
func FromPuppetDB(name, source string, facts, trusted map[string]any) (*Node, error) {
	if facts == nil {
		facts = map[string]any{}
	}
	if _, ok := facts["trusted"]; ok {
		rest := make(map[string]any, len(facts)-1)
		for k, v := range facts {
			if k != "trusted" {
				rest[k] = v
			}
		}
		facts = rest
	}
	n, why := newNode(name, source, facts)
	if why != "" {
		return nil, errors.New(why)
	}
	if trusted != nil {
		v, err := factValue(trusted)
		if err != nil {
			return nil, fmt.Errorf("its trusted data: %w", err)
		}
		n.trusted = v
	}
	return n, nil
}

// newNode converts the decoded facts into facts.*.
func newNode(name, source string, values any) (*Node, string) {
	if _, ok := values.(map[string]any); !ok {
		return nil, "the facts are not an object"
	}
	if name == "" {
		return nil, "it names no node: give the document a name, or the file one"
	}
	v, err := factValue(values)
	if err != nil {
		return nil, err.Error()
	}
	return &Node{Name: name, Source: source, Facts: v}, ""
}

// factValue is a decoded JSON or YAML value as cty: the value the JSON
// text of v would read as with its implied type (objects, tuples,
// numbers parsed from their decimal text), without writing and reading
// that text back.
func factValue(v any) (cty.Value, error) {
	switch x := v.(type) {
	case nil:
		return cty.NullVal(cty.DynamicPseudoType), nil
	case bool:
		return cty.BoolVal(x), nil
	case string:
		return cty.StringVal(x), nil
	case json.Number:
		if msg := numbounds.CheckLiteral([]byte(x)); msg != "" {
			return cty.NilVal, fmt.Errorf("the number %s: %s", shortText(string(x)), msg)
		}
		return cty.ParseNumberVal(string(x))
	case int:
		return cty.ParseNumberVal(strconv.Itoa(x))
	case int64:
		return cty.ParseNumberVal(strconv.FormatInt(x, 10))
	case uint64:
		return cty.ParseNumberVal(strconv.FormatUint(x, 10))
	case float64:
		if !math.IsInf(x, 0) && !math.IsNaN(x) {
			return cty.ParseNumberVal(strconv.FormatFloat(x, 'g', -1, 64))
		}
	case map[string]any:
		if len(x) == 0 {
			return cty.EmptyObjectVal, nil
		}
		m := make(map[string]cty.Value, len(x))
		for k, e := range x {
			ev, err := factValue(e)
			if err != nil {
				return cty.NilVal, err
			}
			m[k] = ev
		}
		return cty.ObjectVal(m), nil
	case []any:
		if len(x) == 0 {
			return cty.EmptyTupleVal, nil
		}
		l := make([]cty.Value, len(x))
		for i, e := range x {
			ev, err := factValue(e)
			if err != nil {
				return cty.NilVal, err
			}
			l[i] = ev
		}
		return cty.TupleVal(l), nil
	}
	return viaJSON(v) // anything else (±Inf, NaN: JSON's own error)
}

// viaJSON converts v through its JSON text, as facts.* were read before
// factValue.
func viaJSON(v any) (cty.Value, error) {
	src, err := json.Marshal(v)
	if err != nil {
		return cty.NilVal, err
	}
	t, err := ctyjson.ImpliedType(src)
	if err != nil {
		return cty.NilVal, err
	}
	return ctyjson.Unmarshal(src, t)
}

// decodeYAML reads a YAML document; Ruby's local tags
// (!ruby/object:Puppet::Node::Facts, !ruby/sym) are dropped, the values
// under them kept.
func decodeYAML(src []byte) (any, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return nil, err
	}
	dropLocalTags(&root)
	var doc any
	if err := root.Decode(&doc); err != nil {
		return nil, err
	}
	return jsonable(doc), nil
}

func dropLocalTags(n *yaml.Node) {
	if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		n.Tag = ""
	}
	for _, c := range n.Content {
		dropLocalTags(c)
	}
}

// jsonable turns YAML's decoded values into JSON's: maps with non-string
// keys get their keys printed, timestamps become ISO strings.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonable(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonable(e)
		}
		return x
	case fmt.Stringer:
		return x.String()
	}
	return v
}

// shortText is s, cut to its first 40 bytes when longer.
func shortText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
