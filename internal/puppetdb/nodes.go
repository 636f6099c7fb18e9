package puppetdb

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"

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
				return &Error{msg: fmt.Sprintf("the rows PuppetDB at %s answers to the query %q have no certname: select nodes, e.g. inventory[certname] { facts.os.family = \"Debian\" }", c.URL(), pql)}
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

// Nodes are the facts of the nodes a PQL query selects (every active
// node: EveryNodeWithFacts), with their trusted data, sorted by name. A
// node PuppetDB holds no facts of is left out. The inventory is read a
// page at a time (PageSize nodes, by limit and offset in certname
// order, two pages at once); a selection of at most two pages is read
// by name instead.
func (c *Client) Nodes(ctx context.Context, pql string) ([]*nodefacts.Node, error) {
	if pql == EveryNodeWithFacts {
		return c.inventory(ctx, nil)
	}
	names, err := c.Certnames(ctx, pql)
	if err != nil || len(names) == 0 {
		return nil, err
	}
	if len(names) > 2*c.pageSize {
		keep := make(map[string]bool, len(names))
		for _, n := range names {
			keep[n] = true
		}
		return c.inventory(ctx, keep)
	}
	var out []*nodefacts.Node
	for start := 0; start < len(names); start += c.pageSize {
		var page []*nodefacts.Node
		err := c.post(ctx, "/pdb/query/v4/inventory", inQuery(names[start:min(start+c.pageSize, len(names))]), func(r io.Reader) error {
			var err error
			page, err = c.inventoryRows(r, nil)
			return err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
	}
	return out, nil
}

// inventory reads every page of the inventory, keeping the nodes keep
// names (all when nil). A node that moves between pages while they are
// read (one added or deactivated meanwhile) is kept once.
func (c *Client) inventory(ctx context.Context, keep map[string]bool) ([]*nodefacts.Node, error) {
	var out []*nodefacts.Node
	for offset := 0; ; offset += 2 * c.pageSize {
		var pages [2][]*nodefacts.Node
		var errs [2]error
		var wg sync.WaitGroup
		for i := range pages {
			wg.Add(1)
			go func() {
				defer wg.Done()
				params := url.Values{"order_by": {`[{"field":"certname"}]`},
					"limit": {strconv.Itoa(c.pageSize)}, "offset": {strconv.Itoa(offset + i*c.pageSize)}}
				errs[i] = c.get(ctx, "/pdb/query/v4/inventory", params, func(r io.Reader) error {
					var err error
					pages[i], err = c.inventoryRows(r, keep)
					return err
				})
			}()
		}
		wg.Wait()
		for i, page := range pages {
			if errs[i] != nil {
				return nil, errs[i]
			}
			for _, n := range page {
				if n != nil && (len(out) == 0 || n.Name > out[len(out)-1].Name) {
					out = append(out, n)
				}
			}
			if c.short(page) {
				return out, nil
			}
		}
	}
}

// short reports whether a page read is the last one.
func (c *Client) short(page []*nodefacts.Node) bool { return len(page) < c.pageSize }

// inventoryRows reads a page of inventory rows: the nodes keep names
// (all when nil), and nil for each other row, so that the page's length
// still tells whether it was the last (short).
func (c *Client) inventoryRows(r io.Reader, keep map[string]bool) ([]*nodefacts.Node, error) {
	var nodes []*nodefacts.Node
	err := rows(r, c.maxRow, func(dec *json.Decoder) error {
		var row inventoryRow
		if err := dec.Decode(&row); err != nil {
			return err
		}
		if keep != nil && !keep[row.Certname] {
			nodes = append(nodes, nil) // counts towards the page
			return nil
		}
		n, err := nodefacts.FromPuppetDB(row.Certname, c.URL()+" (node "+row.Certname+")", row.Facts, row.Trusted)
		if err != nil {
			return &Error{msg: fmt.Sprintf("the facts of %s in PuppetDB at %s: %v", row.Certname, c.URL(), err)}
		}
		nodes = append(nodes, n)
		return nil
	})
	return nodes, err
}

// inQuery is the body of a query of the nodes named, by name.
func inQuery(names []string) map[string]any {
	return map[string]any{
		"query":    []any{"in", "certname", []any{"array", names}},
		"order_by": []any{map[string]string{"field": "certname"}},
	}
}

// IsPQLHint reports whether s reads as PQL rather than a certname: a
// certname has no space, bracket or brace.
func IsPQLHint(s string) bool {
	return strings.ContainsAny(s, " []{}=\"")
}
