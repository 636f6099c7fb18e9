package puppetdb

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/puppetcatalog"
)

// SourceName is how diagnostics name a node's catalog read from
// PuppetDB: "puppetdb:CERTNAME", as the user gives it.
func SourceName(certname string) string { return "puppetdb:" + certname }

// CatalogJSON is the node's current catalog as PuppetDB's query API
// returns it (/pdb/query/v4/catalogs/CERTNAME). An unknown node is an
// *Error for which IsNotFound holds.
func (c *Client) CatalogJSON(ctx context.Context, certname string) ([]byte, error) {
	var data []byte
	err := c.get(ctx, "/pdb/query/v4/catalogs/"+url.PathEscape(certname), nil, func(r io.Reader) error {
		var err error
		data, err = io.ReadAll(&budget{r: r, left: c.maxRow})
		if err != nil {
			return err
		}
		return wholeObject(data)
	})
	return data, err
}

// wholeObject checks that data is one JSON object, at least by its ends
// (the catalog reader checks the rest): a truncated answer rarely ends
// with a brace, and the first brace tells JSON from a page.
func wholeObject(data []byte) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || t[0] != '{' {
		return &notPuppetDB{why: "its answer is not a JSON object (a catalog)"}
	}
	if t[len(t)-1] != '}' {
		return io.ErrUnexpectedEOF
	}
	return nil
}

// Catalog reads the node's current catalog with puppetcatalog's reader
// (PuppetDB's query output: no resource order, sensitive parameters
// deleted), named SourceName(certname) in its diagnostics.
func (c *Client) Catalog(ctx context.Context, certname string) (*puppetcatalog.Catalog, hcl.Diagnostics, error) {
	data, err := c.CatalogJSON(ctx, certname)
	if err != nil {
		return nil, nil, err
	}
	pc, diags := puppetcatalog.Parse(SourceName(certname), data)
	return pc, diags, nil
}

// Prefetch reads the current catalogs of a fleet ahead of their use, a
// page of nodes per query, at most window pages held at once.
type Prefetch struct {
	c      *Client
	ctx    context.Context
	cancel context.CancelFunc
	pageOf map[string]int
	pages  []*catalogPage
	slots  chan struct{}

	mu  sync.Mutex
	err error
}

type catalogPage struct {
	names []string
	done  chan struct{}
	data  map[string][]byte
	left  int
	err   error
}

// catalogsPerPage is the most catalogs one query asks for: a catalog is
// a few hundred times a node's facts.
const catalogsPerPage = 25

// Prefetch starts reading the catalogs of names, in that order. Each
// name must then be asked for once (Get), in about the same order (the
// order of a fleet's nodes); Close stops it.
func (c *Client) Prefetch(ctx context.Context, names []string) *Prefetch {
	ctx, cancel := context.WithCancel(ctx)
	per := min(c.pageSize, catalogsPerPage)
	p := &Prefetch{c: c, ctx: ctx, cancel: cancel, pageOf: make(map[string]int, len(names)), slots: make(chan struct{}, 4)}
	for start := 0; start < len(names); start += per {
		page := &catalogPage{names: names[start:min(start+per, len(names))], done: make(chan struct{})}
		page.left = len(page.names)
		for _, n := range page.names {
			p.pageOf[n] = len(p.pages)
		}
		p.pages = append(p.pages, page)
	}
	go p.fetchAll()
	return p
}

// fetchAll fetches the pages in order, two at a time, while fewer than
// cap(slots) are held.
func (p *Prefetch) fetchAll() {
	var wg sync.WaitGroup
	next := make(chan *catalogPage)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for page := range next {
				page.data, page.err = p.c.catalogPage(p.ctx, page.names)
				if page.err != nil {
					p.fail(page.err)
				}
				close(page.done)
			}
		}()
	}
	for _, page := range p.pages {
		select {
		case p.slots <- struct{}{}:
		case <-p.ctx.Done():
			page.err = p.ctx.Err()
			close(page.done)
			continue
		}
		next <- page
	}
	close(next)
	wg.Wait()
}

// fail records the first error and stops the fetching: the pages not
// yet fetched fail too, so that no Get waits for them.
func (p *Prefetch) fail(err error) {
	p.mu.Lock()
	if p.err == nil {
		p.err = err
	}
	p.mu.Unlock()
	p.cancel()
}

// Err is the first error of a query, nil when all went well.
func (p *Prefetch) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Get is the catalog of name (its JSON), waiting for its page. A node
// PuppetDB no longer has (deactivated meanwhile) is an error for which
// IsNotFound holds.
func (p *Prefetch) Get(name string) ([]byte, error) {
	i, ok := p.pageOf[name]
	if !ok {
		return nil, fmt.Errorf("%s was not asked of PuppetDB", name)
	}
	page := p.pages[i]
	<-page.done
	p.mu.Lock()
	defer p.mu.Unlock()
	if page.err != nil {
		return nil, page.err
	}
	data, found := page.data[name]
	delete(page.data, name)
	if page.left--; page.left == 0 {
		<-p.slots // the page is used up: the next may be fetched
	}
	if !found {
		return nil, &Error{Status: 404, msg: fmt.Sprintf("PuppetDB at %s has no catalog of %s (deactivated while catc read the fleet?)", p.c.URL(), name)}
	}
	return data, nil
}

// Close stops the fetching.
func (p *Prefetch) Close() { p.cancel() }

// catalogPage queries the catalogs of names, keyed by certname.
func (c *Client) catalogPage(ctx context.Context, names []string) (map[string][]byte, error) {
	var out map[string][]byte
	err := c.post(ctx, "/pdb/query/v4/catalogs", inQuery(names), func(r io.Reader) error {
		out = make(map[string][]byte, len(names))
		return rows(r, c.maxRow, func(dec *json.Decoder) error {
			certname, raw, err := catalogRow(dec)
			if err != nil {
				return err
			}
			out[certname] = raw
			return nil
		})
	})
	return out, err
}

// catalogRow reads one catalog of an answer, key by key: its certname,
// and the catalog's JSON as one object again (one pass over the bytes,
// where decoding the row and then its certname would take two).
func catalogRow(dec *json.Decoder) (string, []byte, error) {
	if err := expectObject(dec); err != nil {
		return "", nil, err
	}
	var certname *string
	buf := []byte{'{'}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", nil, err
		}
		if key == "certname" {
			var name string
			if json.Unmarshal(raw, &name) == nil {
				certname = &name
			}
		}
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		k, _ := json.Marshal(key)
		buf = append(append(append(buf, k...), ':'), raw...)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return "", nil, err
	}
	if certname == nil {
		return "", nil, &notPuppetDB{why: "a catalog of its answer has no certname"}
	}
	return *certname, append(buf, '}'), nil
}

// expectObject reads the opening brace of an object.
func expectObject(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		return &notPuppetDB{why: fmt.Sprintf("a row of its answer is not a catalog (found %v)", tok)}
	}
	return nil
}
