package puppetdb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client queries one PuppetDB. It is safe for use by many goroutines.
type Client struct {
	base     *url.URL
	http     *http.Client
	token    string
	timeout  time.Duration
	pageSize int
	maxRow   int64
	// caFile and certFile name the CA and the client certificate, for
	// messages.
	caFile, certFile string
}

// New checks cfg and reads its files; it does not connect.
func New(cfg Config) (*Client, error) {
	base, err := cfg.checkURL()
	if err != nil {
		return nil, err
	}
	c := &Client{base: base, timeout: cfg.Timeout, pageSize: cfg.PageSize, maxRow: cfg.MaxRow,
		caFile: cfg.CACert, certFile: cfg.Cert}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.pageSize <= 0 {
		c.pageSize = DefaultPageSize
	}
	if c.maxRow <= 0 {
		c.maxRow = DefaultMaxRow
	}
	if c.token, err = cfg.token(); err != nil {
		return nil, err
	}
	tr := &http.Transport{
		DialContext:           (&net.Dialer{Timeout: c.timeout, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   c.timeout,
		ResponseHeaderTimeout: c.timeout,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       30 * time.Second,
		Proxy:                 http.ProxyFromEnvironment,
	}
	if base.Scheme == "https" {
		if tr.TLSClientConfig, err = cfg.tlsConfig(base.Hostname()); err != nil {
			return nil, err
		}
	}
	c.http = &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse // a redirect is not PuppetDB's answer
	}}
	return c, nil
}

// URL is PuppetDB's base address, as messages give it.
func (c *Client) URL() string { return c.base.String() }

// endpoint is the URL of a query: base + path + params.
func (c *Client) endpoint(path string, params url.Values) *url.URL {
	u := *c.base
	u.Path = c.base.Path + path
	u.RawQuery = params.Encode()
	return &u
}

// get runs one GET of the query API and hands the body to read. read
// may run twice: a query whose connection drops is tried once more,
// from the start, so read must start its result afresh.
func (c *Client) get(ctx context.Context, path string, params url.Values, read func(io.Reader) error) error {
	return c.query(ctx, c.endpoint(path, params), nil, read)
}

// post is get with the query in a JSON body, for a query too long for a
// URL (the nodes of a page by name): PuppetDB reads its query endpoints
// either way, and a query only reads, so it too is tried once more.
func (c *Client) post(ctx context.Context, path string, body any, read func(io.Reader) error) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return c.query(ctx, c.endpoint(path, nil), data, read)
}

func (c *Client) query(ctx context.Context, u *url.URL, body []byte, read func(io.Reader) error) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		if err = c.queryOnce(ctx, u, body, read); err == nil || !dropped(err) || ctx.Err() != nil {
			break
		}
	}
	return c.explain(u, err)
}

// errIdle is the cause of a request cancelled because no data came for
// the timeout.
var errIdle = errors.New("idle")

func (c *Client) queryOnce(ctx context.Context, u *url.URL, body []byte, read func(io.Reader) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	method, content := http.MethodGet, io.Reader(nil)
	if body != nil {
		method, content = http.MethodPost, bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), content)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("X-Authentication", c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return idleCause(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return statusError(resp)
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "application/json" {
		return &notPuppetDB{why: fmt.Sprintf("it answered %s instead of PuppetDB's JSON", describeType(resp.Header.Get("Content-Type")))}
	}
	answer := &idleReader{r: resp.Body, timer: time.AfterFunc(c.timeout, func() { cancel(errIdle) }), d: c.timeout}
	defer answer.timer.Stop()
	return idleCause(ctx, read(answer))
}

// idleReader restarts the idle timer whenever data comes.
type idleReader struct {
	r     io.Reader
	timer *time.Timer
	d     time.Duration
}

func (b *idleReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if n > 0 {
		b.timer.Reset(b.d)
	}
	return n, err
}

// idleCause is err, or errTimeout when the request was cancelled for
// want of data.
func idleCause(ctx context.Context, err error) error {
	if err != nil && errors.Is(context.Cause(ctx), errIdle) {
		return errTimeout
	}
	return err
}

func describeType(ct string) string {
	if ct == "" {
		return "no content type"
	}
	mt, _, _ := mime.ParseMediaType(ct)
	if mt == "text/html" {
		return "an HTML page"
	}
	return strings.TrimSpace(mt)
}

// statusError is the error of an answer that is not 200 OK: PuppetDB's
// own message (its body, a plain text or {"error": …}), cut short.
func statusError(resp *http.Response) error {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return &httpError{status: resp.StatusCode, text: http.StatusText(resp.StatusCode), message: puppetDBMessage(body, resp.Header.Get("Content-Type"))}
}
