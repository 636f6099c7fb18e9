package puppetdb

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/catc-dev/catc/internal/inputfile"
)

// Config says how to reach PuppetDB.
type Config struct {
	// URL is PuppetDB's base address: https://HOST:8081 (a path prefix
	// is kept, for a PuppetDB behind a proxy).
	URL string
	// CACert is the PEM file of the CA that signed PuppetDB's certificate
	// (Puppet's CA: puppet config print localcacert); "" for the system's.
	CACert string
	// Cert and Key are the client's certificate and private key (PEM),
	// which PuppetDB's certificate-allowlist must name.
	Cert, Key string
	// TokenFile holds a token sent as X-Authentication (PE's RBAC).
	TokenFile string
	// InsecureHTTP allows http:// to a host other than loopback.
	InsecureHTTP bool
	// Timeout bounds connecting, the TLS handshake, the wait for an
	// answer and each wait for more of it; 0 is DefaultTimeout.
	Timeout time.Duration
	// PageSize is the most nodes one query asks for; 0 is
	// DefaultPageSize.
	PageSize int
	// MaxRow is the most bytes of one node's facts or catalog; 0 is
	// DefaultMaxRow.
	MaxRow int64
}

// The defaults of Config.
const (
	DefaultTimeout  = 60 * time.Second
	DefaultPageSize = 1000
	DefaultMaxRow   = inputfile.MaxSize
)

// checkURL parses the base URL and refuses plain HTTP off loopback.
func (c Config) checkURL() (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(c.URL))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, fmt.Errorf("the PuppetDB URL %q is not an http(s) address: give https://HOST:8081 (PuppetDB's TLS port)", redact(c.URL))
	}
	if u.User != nil {
		return nil, fmt.Errorf("the PuppetDB URL %s holds a user name or password: give the token with --puppetdb-token-file instead", redact(c.URL))
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("the PuppetDB URL %s has a query or fragment: give only the base address, https://HOST:8081", u.Redacted())
	}
	if u.Scheme == "http" && !c.InsecureHTTP && !loopback(u.Hostname()) {
		return nil, fmt.Errorf("%s is plain HTTP to another host: facts and catalogs would cross the network unencrypted. Use https:// with --puppetdb-cacert, --puppetdb-cert and --puppetdb-key, or --puppetdb-insecure-http if you mean it", u.Redacted())
	}
	if u.Scheme == "http" && (c.Cert != "" || c.Key != "" || c.CACert != "") {
		return nil, fmt.Errorf("%s is plain HTTP: the TLS files (--puppetdb-cacert, --puppetdb-cert, --puppetdb-key) need https://", u.Redacted())
	}
	u.Path = strings.TrimRight(u.Path, "/")
	return u, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// redact is a URL for a message: without the password if it parses, or
// only its start when it does not.
func redact(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	if i := strings.IndexAny(raw, "@"); i >= 0 {
		return "…" + raw[i:]
	}
	return raw
}

// tlsConfig reads the CA, the client certificate and its key.
func (c Config) tlsConfig(host string) (*tls.Config, error) {
	t := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if c.CACert != "" {
		pem, err := inputfile.Read(c.CACert)
		if err != nil {
			return nil, fmt.Errorf("cannot read the PuppetDB CA certificate (--puppetdb-cacert): %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("%s holds no PEM certificate: --puppetdb-cacert takes the CA's certificate (puppet config print localcacert)", c.CACert)
		}
		t.RootCAs = pool
	}
	switch {
	case c.Cert == "" && c.Key == "":
	case c.Cert == "" || c.Key == "":
		return nil, errors.New("--puppetdb-cert and --puppetdb-key go together: the client certificate and its private key (puppet config print hostcert hostprivkey)")
	default:
		cert, err := loadKeyPair(c.Cert, c.Key)
		if err != nil {
			return nil, err
		}
		t.Certificates = []tls.Certificate{cert}
	}
	return t, nil
}

// loadKeyPair reads the client certificate and key; an error never
// quotes the key.
func loadKeyPair(certFile, keyFile string) (tls.Certificate, error) {
	certPEM, err := inputfile.Read(certFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("cannot read the client certificate (--puppetdb-cert): %w", err)
	}
	keyPEM, err := inputfile.Read(keyFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("cannot read the client key (--puppetdb-key): %w", err)
	}
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("%s and %s are not a certificate and its private key in PEM (%w): give the node's hostcert and hostprivkey", certFile, keyFile, err)
	}
	return cert, nil
}

// token reads the token file: its first line, trimmed.
func (c Config) token() (string, error) {
	if c.TokenFile == "" {
		return "", nil
	}
	data, err := inputfile.Read(c.TokenFile)
	if err != nil {
		return "", fmt.Errorf("cannot read the PuppetDB token (--puppetdb-token-file): %w", err)
	}
	tok, _, _ := strings.Cut(string(data), "\n")
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return "", fmt.Errorf("the token file %s is empty: give the file puppet access login writes (~/.puppetlabs/token)", c.TokenFile)
	}
	if strings.ContainsAny(tok, "\r\x00") {
		return "", fmt.Errorf("the token file %s does not hold a token on its first line", c.TokenFile)
	}
	return tok, nil
}
