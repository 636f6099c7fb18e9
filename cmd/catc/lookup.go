package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/hiera"
	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/source"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// catc lookup: Puppet's `puppet lookup` over a site's Hiera data, for
// one node (--facts) or every node of a fleet (--nodes, grouped by
// value). The wiring only: internal/hiera answers.

func lookupCommand() *cli.Command {
	return &cli.Command{
		Name:      "lookup",
		Usage:     "look a key up in the site's Hiera data, as puppet lookup does",
		ArgsUsage: "KEY [SITE]",
		Description: "SITE is the directory holding hiera.yaml (version 5); the current directory\n" +
			"by default. With --facts, print the node's value (JSON); with --nodes, every\n" +
			"node's, grouped by value. --explain prints the search as puppet lookup --explain.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "facts", Usage: "the node's facts: `FILE` (Facter JSON, a facts document or Puppet's YAML facts cache)", TakesFile: true},
			&cli.StringFlag{Name: "nodes", Usage: "every node's value, grouped: `PATH` is a directory of facts files (Facter JSON, facts documents, Puppet's YAML facts cache) or one file (a PuppetDB export)", TakesFile: true},
			&cli.StringFlag{Name: "merge", Usage: "merge `STRATEGY`: first, unique, hash or deep (default: lookup_options, else first)"},
			&cli.StringFlag{Name: "knock-out-prefix", Usage: "with --merge deep: `PREFIX` of the values that remove lower ones"},
			&cli.BoolFlag{Name: "sort-merged-arrays", Usage: "with --merge deep: sort merged arrays"},
			&cli.BoolFlag{Name: "merge-hash-arrays", Usage: "with --merge deep: merge hashes inside arrays"},
			&cli.StringFlag{Name: "type", Usage: "the value must match the Puppet `TYPE`"},
			&cli.StringFlag{Name: "default", Usage: "the `VALUE` (a string) when the key is found nowhere"},
			&cli.BoolFlag{Name: "explain", Usage: "print how the value was found, as puppet lookup --explain"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT`: text or json (the value alone, or the fleet's groups)"},
			&cli.StringFlag{Name: "diagnostics", Value: "text", Usage: "print diagnostics as `FORMAT`: text, json or github"},
			maxDiagnosticsFlag(),
		},
		Action: withRun(runLookup),
	}
}

// lookupFlags are lookup's own flags.
type lookupFlags struct {
	merge, prefix, typ, def, format string
	sortArrays, hashArrays, explain bool
	defSet                          bool
}

func runLookup(c *cmdRun) error {
	f := c.lookupFlags
	args := c.common.args
	if len(args) < 1 || len(args) > 2 {
		return fail("lookup takes KEY and an optional SITE (the directory holding hiera.yaml), e.g. catc lookup ntp::servers site/ --facts web01.json")
	}
	if f.format != "text" && f.format != "json" {
		return failf("--format %q: give text or json", f.format)
	}
	opts, err := f.options()
	if err != nil {
		return err
	}
	site := "."
	if len(args) == 2 {
		site = args[1]
	}
	data, diags := hiera.Open(site)
	if err := printOrFail(c, diags, nil); err != nil {
		return err
	}
	if data == nil {
		return failf("%s holds no %s: give the directory of the site's hiera.yaml (version 5)", site, hiera.ConfigName)
	}
	nodes, err := lookupNodes(c)
	if err != nil {
		return err
	}
	if len(nodes) == 1 && !c.common.nodesSet {
		return lookupOne(c, data, nodes[0], args[0], opts, f)
	}
	return lookupFleet(c, data, nodes, args[0], opts, f)
}

// options are the lookup's options from the flags, as puppet lookup
// reads its own.
func (f lookupFlags) options() (hiera.Options, error) {
	o := hiera.Options{Explain: f.explain}
	if (f.prefix != "" || f.sortArrays || f.hashArrays) && f.merge != "deep" {
		return o, fail("--knock-out-prefix, --sort-merged-arrays and --merge-hash-arrays are only available with --merge deep")
	}
	switch f.merge {
	case "":
	case "first", "unique", "hash":
		h := &types.Hash{}
		h.Append("strategy", f.merge)
		o.Merge = h
	case "deep":
		h := &types.Hash{}
		h.Append("strategy", "deep")
		h.Append("sort_merged_arrays", f.sortArrays)
		h.Append("merge_hash_arrays", f.hashArrays)
		if f.prefix != "" {
			h.Append("knockout_prefix", f.prefix)
		}
		o.Merge = h
	default:
		return o, failf("--merge %q: give first, unique, hash or deep", f.merge)
	}
	if f.typ != "" {
		t, err := types.Parse(f.typ)
		if err != nil {
			return o, failf("--type %q: %v", f.typ, err)
		}
		o.ValueType = t
	}
	if f.defSet {
		o.Default, o.HasDefault = f.def, true
	}
	return o, nil
}

// lookupNodes reads --facts or --nodes.
func lookupNodes(c *cmdRun) ([]*nodefacts.Node, error) {
	cf := c.common
	switch {
	case cf.factsSet && cf.nodesSet:
		return nil, fail("--facts gives the facts of one node; --nodes gives every node's: use one of them")
	case cf.factsSet:
		n, diags := c.factsNode()
		if err := printOrFail(c, diags, nil); err != nil {
			return nil, err
		}
		return []*nodefacts.Node{n}, nil
	case cf.nodesSet:
		return readNodes(c)
	}
	return nil, fail("lookup needs the node: --facts FILE (one node) or --nodes PATH (a fleet)")
}

// lookupOne prints one node's value, or its explanation.
func lookupOne(c *cmdRun, data *hiera.Data, n *nodefacts.Node, key string, opts hiera.Options, f lookupFlags) error {
	res, diags := data.NewSession(hiera.NodeScope(n)).Lookup(key, opts)
	out := c.stdout
	if f.explain && res.Explain != nil {
		if err := writeExplanation(out, res.Explain, f.format); err != nil {
			return err
		}
	}
	if err := printOrFail(c, diags, nil); err != nil {
		return err
	}
	if f.explain {
		return nil
	}
	_, err := fmt.Fprintf(out, "%s\n", types.EncodeJSON(res.Value))
	return err
}

func writeExplanation(w io.Writer, e *hiera.ExplainNode, format string) error {
	if format == "json" {
		b, err := json.Marshal(e.Hash())
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	_, err := io.WriteString(w, words.EscapeText(e.Text()))
	return err
}

// lookupGroup is the nodes that got one value (or one error).
type lookupGroup struct {
	Value any      `json:"value,omitempty"`
	Error string   `json:"error,omitempty"`
	Nodes []string `json:"nodes"`
	text  string
}

// lookupFleet looks the key up for every node and prints the nodes
// grouped by value, in the order each value is first met (nodes come
// sorted by name). Secrets group by their run digest, never shown.
func lookupFleet(c *cmdRun, data *hiera.Data, nodes []*nodefacts.Node, key string, opts hiera.Options, f lookupFlags) error {
	if f.explain {
		return fail("--explain explains one node's lookup: give --facts FILE")
	}
	var groups []*lookupGroup
	index := map[string]*lookupGroup{}
	failedAny := false
	digest := runDigestKey(c)
	for _, n := range nodes {
		res, diags := data.NewSession(hiera.NodeScope(n)).Lookup(key, opts)
		g := &lookupGroup{}
		var id string
		if diags.HasErrors() {
			failedAny = true
			g.Error = diagnosticText(diags)
			g.text = "error: " + g.Error
			id = "e" + g.text
		} else {
			b := types.EncodeJSON(res.Value)
			g.Value, g.text = json.RawMessage(b), string(b)
			id = "v" + string(types.EncodeJSON(digestSecrets(res.Value, digest)))
		}
		if prev := index[id]; prev != nil {
			prev.Nodes = append(prev.Nodes, n.Name)
			continue
		}
		g.Nodes = []string{n.Name}
		index[id] = g
		groups = append(groups, g)
	}
	if err := writeGroups(c.stdout, groups, f.format); err != nil {
		return err
	}
	if failedAny {
		return failed()
	}
	return nil
}

func writeGroups(w io.Writer, groups []*lookupGroup, format string) error {
	if format == "json" {
		b, err := json.Marshal(groups)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	seen := map[string]int{}
	var b strings.Builder
	for _, g := range groups {
		label := g.text
		if seen[label]++; seen[label] > 1 {
			label += fmt.Sprintf("  (another secret, #%d)", seen[label])
		}
		fmt.Fprintf(&b, "%s  (%s)\n", words.Escape(label), words.Noun(len(g.Nodes), "node", "nodes"))
		for _, n := range g.Nodes {
			fmt.Fprintf(&b, "  %s\n", words.Escape(n))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// diagnosticText is a lookup's errors on one line each.
func diagnosticText(diags hcl.Diagnostics) string {
	var parts []string
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			parts = append(parts, d.Detail)
		}
	}
	return strings.Join(parts, " ")
}

// digestSecrets replaces each secret by its digest for this run, so
// that nodes group by secret without the secret being kept.
func digestSecrets(v types.Value, k *secretdigest.Key) types.Value {
	return hiera.MapLeaves(v, func(x types.Value) types.Value {
		if s, ok := x.(types.Sensitive); ok {
			return k.RunDigest(s.Value)
		}
		return x
	})
}

// siteHiera opens the Hiera data of the site among paths: the first
// directory argument that holds a hiera.yaml (nil when none does).
func siteHiera(c *cmdRun, paths []string) (*hiera.Data, error) {
	data, diags := source.Hiera(paths)
	if err := printOrFail(c, diags, nil); err != nil {
		return nil, err
	}
	return data, nil
}
