package puppetdb

import (
	"context"
	"fmt"
	"github.com/catc-dev/catc/internal/puppetdb/pdbtest"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestLiveErrors provokes each error for real against the package's
// PuppetDB: a stopped server (its port closed), a wrong CA, no client
// certificate, a certificate not on PuppetDB's allow-list (403), a name
// the server's certificate does not hold, a port that answers another
// protocol (PostgreSQL's, over TLS and over HTTP), a row larger than
// allowed. Each error names the URL and says what to do.
func TestLiveErrors(t *testing.T) {
	s := pdbtest.Get(t)
	closed := closedPort(t)
	port := s.URL[strings.LastIndex(s.URL, ":")+1:]
	httpPort := s.HTTPURL[strings.LastIndex(s.HTTPURL, ":")+1:]
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"server stopped", Config{URL: "https://localhost:" + closed, CACert: s.CACert, Cert: s.Cert, Key: s.Key},
			[]string{"cannot connect to https://localhost:" + closed + "/pdb/query/v4", "connection refused", "Is PuppetDB running"}},
		{"wrong CA", Config{URL: s.URL, CACert: s.OtherCA, Cert: s.Cert, Key: s.Key},
			[]string{"the certificate of " + s.URL + "/pdb/query/v4 is not signed by the CA of --puppetdb-cacert " + s.OtherCA}},
		{"no client certificate", Config{URL: s.URL, CACert: s.CACert},
			[]string{"PuppetDB at " + s.URL + "/pdb/query/v4 wants a client certificate: give --puppetdb-cert and --puppetdb-key"}},
		{"certificate not allowed", Config{URL: s.URL, CACert: s.CACert, Cert: s.DeniedCert, Key: s.DeniedKey},
			[]string{"refused access (403 Forbidden: Permission denied: The client certificate name denied-client", "certificate-allowlist", s.DeniedCert}},
		{"server name checked", Config{URL: "https://127.0.0.1:" + port, CACert: s.CACert, Cert: s.Cert, Key: s.Key},
			[]string{"the certificate of https://127.0.0.1:" + port + "/pdb/query/v4 is not for this host name", "127.0.0.1"}},
		{"PostgreSQL's port", Config{URL: fmt.Sprintf("https://localhost:%d", s.PostgresPort), CACert: s.CACert, Cert: s.Cert, Key: s.Key},
			[]string{fmt.Sprintf("the connection to https://localhost:%d/pdb/query/v4 dropped, twice", s.PostgresPort), "is this PuppetDB's port?"}},
		{"https:// to the plain HTTP port", Config{URL: "https://localhost:" + httpPort, CACert: s.CACert, Cert: s.Cert, Key: s.Key},
			[]string{"https://localhost:" + httpPort + "/pdb/query/v4 does not answer TLS"}},
		{"http:// to the TLS port", Config{URL: "http://localhost:" + port},
			[]string{"http://localhost:" + port + "/pdb/query/v4 does not answer HTTP"}},
		{"row too large", Config{URL: s.URL, CACert: s.CACert, Cert: s.Cert, Key: s.Key, MaxRow: 10},
			[]string{"the answer of " + s.URL + "/pdb/query/v4 holds a node's data larger than"}},
	}
	if err := s.ReplaceFacts("errors.example.com", map[string]any{"role": "web"}, true); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Timeout = 5 * time.Second
			c, err := New(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Certnames(context.Background(), EveryNodeWithFacts)
			checkError(t, err, tt.want...)
		})
	}
}

func checkError(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %q", want)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q\nlacks %q", err, w)
		}
	}
}

// closedPort is a loopback port nothing listens on: a stopped server's.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return fmt.Sprint(port)
}

// TestRetryDroppedConnection puts a proxy before the real PuppetDB that
// cuts the first connection mid-answer: the query is tried once more
// and succeeds. When every connection is cut, the error says so.
func TestRetryDroppedConnection(t *testing.T) {
	s := pdbtest.Get(t)
	if err := s.ReplaceFacts("retry.example.com", map[string]any{"role": "web"}, true); err != nil {
		t.Fatal(err)
	}
	for _, cutEvery := range []bool{false, true} {
		var conns atomic.Int32
		addr := proxy(t, strings.TrimPrefix(s.HTTPURL, "http://"), func(n int32) bool { return cutEvery || n == 1 }, &conns)
		c, err := New(Config{URL: "http://" + addr})
		if err != nil {
			t.Fatal(err)
		}
		names, err := c.Certnames(context.Background(), EveryNodeWithFacts)
		if cutEvery {
			checkError(t, err, "the answer of http://"+addr+"/pdb/query/v4 ended early, twice")
			if conns.Load() != 2 {
				t.Errorf("%d connections, want 2 (one retry)", conns.Load())
			}
			continue
		}
		if err != nil || !strings.Contains(strings.Join(names, " "), "retry.example.com") || conns.Load() != 2 {
			t.Errorf("names %v, error %v, %d connections (want 2)", names, err, conns.Load())
		}
	}
}

// proxy forwards loopback TCP connections to target; a connection for
// which cut(n) holds (n counts from 1) is closed after the answer's
// first 200 bytes.
func proxy(t *testing.T, target string, cut func(int32) bool, conns *atomic.Int32) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			in, err := l.Accept()
			if err != nil {
				return
			}
			n := conns.Add(1)
			go func() {
				defer in.Close()
				out, err := net.Dial("tcp", target)
				if err != nil {
					return
				}
				defer out.Close()
				go io.Copy(out, in)
				if cut(n) {
					io.CopyN(in, out, 200)
					return
				}
				io.Copy(in, out)
			}()
		}
	}()
	return l.Addr().String()
}

// TestFakeServers: what a real PuppetDB never sends but a wrong address
// or a broken network does: a 401 for a token (PE's RBAC), an HTML
// page, a truncated answer, an answer that never comes. The token goes
// in X-Authentication and in no message.
func TestFakeServers(t *testing.T) {
	t.Parallel()
	const token = "s3cr3t-t0ken"
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var gotToken atomic.Value
	block := make(chan struct{})
	t.Cleanup(func() { close(block) })
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    []string
	}{
		{"401", func(w http.ResponseWriter, r *http.Request) {
			gotToken.Store(r.Header.Get("X-Authentication"))
			http.Error(w, "rbac: the token has expired", http.StatusUnauthorized)
		}, []string{"refused the request (401 Unauthorized: rbac: the token has expired)", "--puppetdb-token-file"}},
		{"HTML page", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><body>Welcome</body></html>")
		}, []string{"/pdb/query/v4 is not PuppetDB: it answered an HTML page instead of PuppetDB's JSON"}},
		{"truncated", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "1000")
			io.WriteString(w, `[{"certname": "a"}, {"cert`)
		}, []string{"/pdb/query/v4 ended early, twice"}},
		{"404", func(w http.ResponseWriter, r *http.Request) {
			http.NotFound(w, r)
		}, []string{"answered 404 Not Found: it does not look like PuppetDB's query API (v4)"}},
		{"no answer", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-block:
			case <-r.Context().Done():
			}
		}, []string{"no answer from http://127.0.0.1:", "within 300ms"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(tt.handler)
			defer srv.Close()
			c, err := New(Config{URL: srv.URL, TokenFile: tokenFile, Timeout: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			began := time.Now()
			_, err = c.Certnames(context.Background(), EveryNodeWithFacts)
			checkError(t, err, tt.want...)
			if strings.Contains(err.Error(), token) {
				t.Errorf("the token is in the error: %v", err)
			}
			if d := time.Since(began); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
	t.Run("token sent", func(t *testing.T) {
		t.Parallel()
		// the 401 case records it; wait for it through a fresh server
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if r.Header.Get("X-Authentication") != token {
				http.Error(w, "no token", http.StatusUnauthorized)
				return
			}
			io.WriteString(w, `[{"certname": "a.example.com"}]`)
		}))
		defer srv.Close()
		c, err := New(Config{URL: srv.URL, TokenFile: tokenFile})
		if err != nil {
			t.Fatal(err)
		}
		if names, err := c.Certnames(context.Background(), EveryNodeWithFacts); err != nil || len(names) != 1 {
			t.Errorf("%v %v", names, err)
		}
	})
}

// TestConfig refuses what cannot be a safe PuppetDB address.
func TestConfig(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{URL: "http://puppetdb.example.com:8080"}, "is plain HTTP to another host"},
		{Config{URL: "puppetdb.example.com"}, "is not an http(s) address"},
		{Config{URL: "https://user:hunter2@puppetdb.example.com"}, "holds a user name or password"},
		{Config{URL: "https://puppetdb.example.com", Cert: "c.pem"}, "--puppetdb-cert and --puppetdb-key go together"},
		{Config{URL: "https://puppetdb.example.com", TokenFile: "/nonexistent/token"}, "cannot read the PuppetDB token"},
	}
	for _, tt := range tests {
		_, err := New(tt.cfg)
		checkError(t, err, tt.want)
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("the password is in the error: %v", err)
		}
	}
	for _, ok := range []Config{{URL: "http://127.0.0.1:8080"}, {URL: "http://localhost:8080/"}, {URL: "http://pdb.example.com:8080", InsecureHTTP: true}} {
		if _, err := New(ok); err != nil {
			t.Errorf("%s: %v", ok.URL, err)
		}
	}
}

// TestPrefetchFails: when a page of catalogs fails, every node's Get
// returns (the failing page's error, or the stop it caused) instead of
// waiting for pages that will never come, and Err says why.
func TestPrefetchFails(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the database is down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	c, err := New(Config{URL: srv.URL, PageSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range 20 {
		names = append(names, fmt.Sprintf("n%02d", i))
	}
	p := c.Prefetch(context.Background(), names)
	defer p.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, n := range names {
			if _, err := p.Get(n); err == nil {
				t.Errorf("%s: no error", n)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Get waits for pages that never come")
	}
	checkError(t, p.Err(), "failed to answer (503 Service Unavailable: the database is down)")
}
