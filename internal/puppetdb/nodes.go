package puppetdb

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/nodefacts"
)

// The PQL queries of every active node with facts, and with a catalog.
const (
	EveryNodeWithFacts   = "inventory[certname] {}"
	EveryNodeWithCatalog = "catalogs[certname] {}"
)

// Certnames are the distinct certnames of the rows a PQL query returns
// (PuppetDB leaves deactivated nodes out), sorted. A row without a
// certname is an error: the query must select nodes.
func (c *Client) Certnames(ctx context.Context, pql string) ([]string, error) {
	var names []string
	err := c.get(ctx, "/pdb/query/v4", url.Values{"query": {pql}}, func(r io.Reader) error {
		names = names[:0]
		seen := map[string]bool{}
		return rows(r, c.maxRow, func(dec *json.Decoder) error {
			var row certnameRow
			if err := dec.Decode(&row); err != nil {
				return err
			}
			if row.Certname == nil {
				return &Error{msg: fmt.Sprintf("the rows of the query %q have no certname: select nodes, e.g. inventory[certname] { facts.os.family = \"Debian\" }", pql)}
			}
			if !seen[*row.Certname] {
				seen[*row.Certname] = true
				names = append(names, *row.Certname)
			}
			return nil
		})
	})
	sort.Strings(names)
	return names, err
}

// inventoryRow is a row of /pdb/query/v4/inventory.
type inventoryRow struct {
	Certname string         `json:"certname"`
	Facts    map[string]any `json:"facts"`
	Trusted  map[string]any `json:"trusted"`
}

// Nodes are the facts of the named nodes, with their trusted data, read
// from PuppetDB's inventory PageSize nodes at a time, sorted by name. A
// node PuppetDB holds no facts of is left out.
func (c *Client) Nodes(ctx context.Context, names []string) ([]*nodefacts.Node, error) {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	out := make([]*nodefacts.Node, 0, len(sorted))
	for start := 0; start < len(sorted); start += c.pageSize {
		page := sorted[start:min(start+c.pageSize, len(sorted))]
		nodes, err := c.inventoryPage(ctx, page)
		if err != nil {
			return nil, err
		}
		out = append(out, nodes...)
	}
	return out, nil
}

func (c *Client) inventoryPage(ctx context.Context, names []string) ([]*nodefacts.Node, error) {
	params := url.Values{"query": {inQuery(names)}, "order_by": {`[{"field":"certname"}]`}}
	var nodes []*nodefacts.Node
	err := c.get(ctx, "/pdb/query/v4/inventory", params, func(r io.Reader) error {
		nodes = nodes[:0]
		return rows(r, c.maxRow, func(dec *json.Decoder) error {
			var row inventoryRow
			if err := dec.Decode(&row); err != nil {
				return err
			}
			n, err := nodefacts.FromPuppetDB(row.Certname, c.URL()+" (node "+row.Certname+")", row.Facts, row.Trusted)
			if err != nil {
				return &Error{msg: fmt.Sprintf("the facts of %s in PuppetDB at %s: %v", row.Certname, c.URL(), err)}
			}
			nodes = append(nodes, n)
			return nil
		})
	})
	return nodes, err
}

// inQuery is the AST query of the nodes named.
func inQuery(names []string) string {
	q, _ := json.Marshal([]any{"in", "certname", []any{"array", names}})
	return string(q)
}

// IsPQLHint reports whether s reads as PQL rather than a certname: a
// certname has no space, bracket or brace.
func IsPQLHint(s string) bool {
	return strings.ContainsAny(s, " []{}=\"")
}
