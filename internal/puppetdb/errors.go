package puppetdb

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/url"
	"strings"
	"syscall"

	"github.com/catc-dev/catc/internal/words"
)

// Error is what a query to PuppetDB failed with, in words that name the
// URL and say what to do.
type Error struct {
	// Status is PuppetDB's HTTP status, 0 when it gave none.
	Status int
	msg    string
}

func (e *Error) Error() string { return e.msg }

// IsNotFound reports whether PuppetDB answered that it has no such
// thing (404 of a node's catalog).
func IsNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == 404
}

// httpError is an answer other than 200 OK.
type httpError struct {
	status        int
	text, message string
}

func (e *httpError) Error() string { return fmt.Sprintf("%d %s", e.status, e.text) }

// notPuppetDB is an answer that cannot be PuppetDB's.
type notPuppetDB struct{ why string }

func (e *notPuppetDB) Error() string { return e.why }

var (
	errTimeout  = errors.New("no data within the timeout")
	errTooLarge = errors.New("row too large")
	errTrailing = errors.New("data after the JSON")
)

// dropped reports whether err is a connection lost mid-way: worth one
// more try of a query (a refusal or a timeout is not).
func dropped(err error) bool {
	if errors.Is(err, errTimeout) {
		return false
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, syscall.ECONNABORTED)
}

// explain turns err, met querying u, into an *Error for people.
func (c *Client) explain(u *url.URL, err error) error {
	if err == nil {
		return nil
	}
	var already *Error
	if errors.As(err, &already) {
		return already
	}
	where := *u
	where.RawQuery = ""
	at := where.Redacted()
	var h *httpError
	if errors.As(err, &h) {
		return &Error{Status: h.status, msg: c.statusMessage(at, h)}
	}
	return &Error{msg: c.transportMessage(at, err)}
}

func (c *Client) statusMessage(at string, h *httpError) string {
	said := ""
	if h.message != "" {
		said = ": " + h.message
	}
	switch {
	case h.status == 401:
		return fmt.Sprintf("PuppetDB at %s refused the request (401 %s%s). It wants a valid token: give --puppetdb-token-file with a current one (puppet access login)", at, h.text, said)
	case h.status == 403:
		who := "this client"
		if c.certFile != "" {
			who = "the certificate " + c.certFile
		}
		return fmt.Sprintf("PuppetDB at %s refused access (403 %s%s). PuppetDB's certificate-allowlist (or PE's RBAC) must allow %s", at, h.text, said, who)
	case h.status == 404 && strings.Contains(at, "/pdb/query/v4/catalogs/") && h.message != "":
		return fmt.Sprintf("PuppetDB at %s has no catalog of this node%s. Check the certname (puppet query 'catalogs[certname] {}' lists them); a deactivated node's catalog is not served", at, said)
	case h.status == 404:
		return fmt.Sprintf("%s answered 404 %s: it does not look like PuppetDB's query API (v4). Give PuppetDB's base URL, https://HOST:8081", at, h.text)
	case h.status == 400:
		return fmt.Sprintf("PuppetDB at %s rejected the query (400 %s)%s", at, h.text, said)
	case h.status == 503 || h.status == 500:
		return fmt.Sprintf("PuppetDB at %s failed to answer (%d %s%s): see PuppetDB's log; try again once it is up", at, h.status, h.text, said)
	}
	return fmt.Sprintf("%s answered %d %s%s, not PuppetDB's JSON: is it PuppetDB's address?", at, h.status, h.text, said)
}

func (c *Client) transportMessage(at string, err error) string {
	var (
		unknownCA  x509.UnknownAuthorityError
		hostname   x509.HostnameError
		invalid    x509.CertificateInvalidError
		record     tls.RecordHeaderError
		alert      tls.AlertError
		dnsErr     *net.DNSError
		netErr     net.Error
		notPDB     *notPuppetDB
		syntax     *json.SyntaxError
		verifyFail *tls.CertificateVerificationError
	)
	ca := "the CA of --puppetdb-cacert " + c.caFile
	if c.caFile == "" {
		ca = "a CA this system trusts (without --puppetdb-cacert)"
	}
	switch {
	case errors.Is(err, errTimeout):
		return fmt.Sprintf("PuppetDB at %s stopped sending its answer: no data for %s. Try again, or give it longer with --puppetdb-timeout", at, c.timeout)
	case errors.As(err, &unknownCA):
		return fmt.Sprintf("the certificate of %s is not signed by %s: give Puppet's CA certificate (puppet config print localcacert)", at, ca)
	case errors.As(err, &hostname):
		return fmt.Sprintf("the certificate of %s is not for this host name (%v): use the name PuppetDB's certificate has in the URL", at, hostname.Error())
	case errors.As(err, &invalid):
		return fmt.Sprintf("the certificate of %s is not valid: %v", at, invalid.Error())
	case errors.As(err, &verifyFail):
		return fmt.Sprintf("the certificate of %s could not be verified with %s: %v", at, ca, verifyFail.Err)
	case errors.As(err, &record) || strings.Contains(err.Error(), "gave HTTP response to HTTPS client"):
		return fmt.Sprintf("%s does not answer TLS (is it a plain HTTP port, or not PuppetDB's?): PuppetDB's HTTPS port is 8081", at)
	case errors.As(err, &alert) || strings.Contains(err.Error(), "remote error: tls:"):
		if c.certFile == "" {
			return fmt.Sprintf("PuppetDB at %s wants a client certificate: give --puppetdb-cert and --puppetdb-key (a certificate signed by Puppet's CA, e.g. puppet config print hostcert hostprivkey)", at)
		}
		return fmt.Sprintf("PuppetDB at %s refused the client certificate %s during the TLS handshake (%v): it must be signed by the CA PuppetDB trusts", at, c.certFile, tlsAlert(err))
	case errors.As(err, &notPDB):
		return fmt.Sprintf("%s is not PuppetDB: %s. Give PuppetDB's base URL, https://HOST:8081", at, notPDB.why)
	case errors.As(err, &syntax):
		return fmt.Sprintf("%s is not PuppetDB: its answer is not JSON (%v at byte %d). Give PuppetDB's base URL, https://HOST:8081", at, syntax, syntax.Offset)
	case errors.Is(err, errTooLarge):
		return fmt.Sprintf("the answer of %s holds a node's data larger than %d MiB, more than catc reads", at, c.maxRow>>20)
	case errors.Is(err, errTrailing):
		return fmt.Sprintf("%s is not PuppetDB: its answer goes on after the JSON", at)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Sprintf("the answer of %s ended early, twice (the connection dropped or the answer was truncated): try again", at)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("cannot connect to %s: connection refused. Is PuppetDB running, and is this its port (8081 for HTTPS)?", at)
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("cannot find PuppetDB's host: %v", dnsErr)
	case errors.As(err, &netErr) && netErr.Timeout():
		return fmt.Sprintf("no answer from %s within %s: is PuppetDB up and reachable? (--puppetdb-timeout sets the wait)", at, c.timeout)
	case dropped(err):
		return fmt.Sprintf("the connection to %s dropped, twice (%v): is this PuppetDB's port? If it is, try again", at, shortCause(err))
	case strings.Contains(err.Error(), "malformed HTTP"):
		return fmt.Sprintf("%s does not answer HTTP: it is not PuppetDB's port", at)
	}
	return fmt.Sprintf("cannot query %s: %v", at, shortCause(err))
}

// tlsAlert is the alert of a TLS error ("bad certificate").
func tlsAlert(err error) string {
	s := err.Error()
	if i := strings.Index(s, "remote error: tls: "); i >= 0 {
		return s[i+len("remote error: tls: "):]
	}
	return s
}

// shortCause is err's last part: Go's url.Error repeats the URL.
func shortCause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// puppetDBMessage is PuppetDB's own message in an error answer: its
// {"error": …} or its text, control characters escaped, cut short.
func puppetDBMessage(body []byte, contentType string) string {
	mt, _, _ := mime.ParseMediaType(contentType)
	text := string(body)
	if mt == "application/json" {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(body, &e) == nil && e.Error != "" {
			text = e.Error
		}
	} else if mt == "text/html" {
		return ""
	}
	text = strings.TrimSpace(text)
	if len(text) > 2000 {
		text = text[:2000] + "…"
	}
	return words.EscapeText(text)
}
