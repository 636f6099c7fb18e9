package pdbtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/catc-dev/catc/internal/gen"
	"github.com/catc-dev/catc/internal/pool"
)

var client = &http.Client{Timeout: 2 * time.Minute}

// stamp is a producer timestamp later than any given before by this
// process: PuppetDB ignores a command older than what it holds.
var stamp struct {
	sync.Mutex
	last time.Time
}

func producerTimestamp() string {
	stamp.Lock()
	defer stamp.Unlock()
	t := time.Now().UTC()
	if !t.After(stamp.last) {
		t = stamp.last.Add(time.Millisecond)
	}
	stamp.last = t
	return t.Format("2006-01-02T15:04:05.000Z")
}

// Command submits a command to PuppetDB's command API, as Puppet's
// server does; with wait, it returns once PuppetDB processed it.
func (s *Server) Command(command string, version int, certname string, payload any, wait bool) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	q := url.Values{"command": {command}, "version": {fmt.Sprint(version)}, "certname": {certname}}
	if wait {
		q.Set("secondsToWaitForCompletion", "60")
	}
	resp, err := client.Post(s.HTTPURL+"/pdb/cmd/v1?"+q.Encode(), "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %s: %s", command, certname, resp.Status, answer)
	}
	if wait {
		var r struct {
			Processed bool `json:"processed"`
			Error     string
		}
		if err := json.Unmarshal(answer, &r); err != nil || !r.Processed {
			return fmt.Errorf("%s %s: not processed: %s", command, certname, answer)
		}
	}
	return nil
}

// ReplaceFacts stores a node's facts (trusted included, under
// "trusted", as Puppet's server sends them).
func (s *Server) ReplaceFacts(certname string, values map[string]any, wait bool) error {
	return s.Command("replace_facts", 5, certname, map[string]any{
		"certname": certname, "environment": "production", "values": values,
		"producer_timestamp": producerTimestamp(), "producer": "puppet.example.com",
	}, wait)
}

// ReplaceCatalog stores a catalog in PuppetDB's wire format (v9); its
// producer_timestamp is replaced by a current one.
func (s *Server) ReplaceCatalog(wire []byte, wait bool) error {
	var doc map[string]any
	if err := json.Unmarshal(wire, &doc); err != nil {
		return err
	}
	doc["producer_timestamp"] = producerTimestamp()
	certname, _ := doc["certname"].(string)
	return s.Command("replace_catalog", 9, certname, doc, wait)
}

// Deactivate deactivates a node: PuppetDB's queries leave it out.
func (s *Server) Deactivate(certname string, wait bool) error {
	return s.Command("deactivate_node", 3, certname, map[string]any{
		"certname": certname, "producer_timestamp": producerTimestamp(),
	}, wait)
}

// Query is a GET of PuppetDB's query API over plain HTTP, decoded.
func (s *Server) Query(path string, out any) error {
	resp, err := client.Get(s.HTTPURL + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s: %s", path, resp.Status, body)
	}
	return json.Unmarshal(body, out)
}

// ActiveNodes are the certnames of PuppetDB's active nodes.
func (s *Server) ActiveNodes() ([]string, error) {
	var rows []struct {
		Certname string `json:"certname"`
	}
	if err := s.Query("/pdb/query/v4/nodes", &rows); err != nil {
		return nil, err
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Certname
	}
	return out, nil
}

// DeactivateAll deactivates every active node and waits until PuppetDB
// has none.
func (s *Server) DeactivateAll() error {
	names, err := s.ActiveNodes()
	if err != nil {
		return err
	}
	if err := Each(len(names), 4, func(i int) error { return s.Deactivate(names[i], false) }); err != nil {
		return err
	}
	return s.WaitFor(func() (bool, error) {
		names, err := s.ActiveNodes()
		return len(names) == 0, err
	})
}

// WaitFor polls done until it is true (commands sent without waiting
// are processed in the background), for at most five minutes.
func (s *Server) WaitFor(done func() (bool, error)) error {
	deadline := time.Now().Add(5 * time.Minute)
	for {
		ok, err := done()
		if err != nil || ok {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("PuppetDB did not process the commands within 5 minutes")
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// Each runs fn(0) … fn(n-1) on workers goroutines; the first error wins.
func Each(n, workers int, fn func(i int) error) error {
	var mu sync.Mutex
	var first error
	pool.For(n, workers, 1, func(i int) {
		if err := fn(i); err != nil {
			mu.Lock()
			if first == nil {
				first = err
			}
			mu.Unlock()
		}
	})
	return first
}

// ReplaceCatalogs stores Puppet catalogs (internal/gen's), each turned
// into the wire format (Wire), and waits for them.
func (s *Server) ReplaceCatalogs(catalogs []gen.File) error {
	return Each(len(catalogs), 8, func(i int) error {
		wire, err := Wire(catalogs[i].Src)
		if err != nil {
			return err
		}
		return s.ReplaceCatalog(wire, true)
	})
}
