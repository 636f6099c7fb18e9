package main

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/puppetcatalog"
	"github.com/catc-dev/catc/internal/puppetdb"
	"github.com/catc-dev/catc/internal/words"
)

// puppetDBPrefix starts an input read from PuppetDB: puppetdb:CERTNAME
// (a node's catalog), puppetdb: or puppetdb:PQL (a fleet's), and
// --nodes puppetdb[:PQL].
const puppetDBPrefix = "puppetdb:"

// puppetDBFlags say how to reach PuppetDB (loadFlags has them).
func puppetDBFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "puppetdb", EnvVars: []string{"PUPPETDB_URL"}, Usage: "PuppetDB's `URL` (https://HOST:8081), for puppetdb:CERTNAME, puppetdb:PQL and --nodes puppetdb"},
		&cli.StringFlag{Name: "puppetdb-cacert", EnvVars: []string{"PUPPETDB_CACERT"}, TakesFile: true, Usage: "the CA certificate (`FILE`, PEM) that signed PuppetDB's: puppet config print localcacert"},
		&cli.StringFlag{Name: "puppetdb-cert", EnvVars: []string{"PUPPETDB_CERT"}, TakesFile: true, Usage: "the client certificate (`FILE`, PEM) PuppetDB allows: puppet config print hostcert"},
		&cli.StringFlag{Name: "puppetdb-key", EnvVars: []string{"PUPPETDB_KEY"}, TakesFile: true, Usage: "the client certificate's private key (`FILE`, PEM): puppet config print hostprivkey"},
		&cli.StringFlag{Name: "puppetdb-token-file", EnvVars: []string{"PUPPETDB_TOKEN_FILE"}, TakesFile: true, Usage: "send the token in `FILE` to PuppetDB (PE's RBAC: puppet access login)"},
		&cli.BoolFlag{Name: "puppetdb-insecure-http", Usage: "allow a plain http:// PuppetDB URL to another host than this one"},
		&cli.DurationFlag{Name: "puppetdb-timeout", Value: puppetdb.DefaultTimeout, Usage: "wait at most `DURATION` for PuppetDB to connect, and for each part of an answer"},
	}
}

const puppetDBKey = "catc.puppetdb"

// puppetDBOf is the run's PuppetDB client, made at the first use.
func puppetDBOf(c *cli.Context, what string) (*puppetdb.Client, error) {
	if pc, ok := c.App.Metadata[puppetDBKey].(*puppetdb.Client); ok {
		return pc, nil
	}
	if c.String("puppetdb") == "" {
		return nil, failf("%s reads PuppetDB: give its address with --puppetdb URL or $PUPPETDB_URL (https://HOST:8081)", words.Escape(what))
	}
	pc, err := puppetdb.New(puppetdb.Config{
		URL: c.String("puppetdb"), CACert: c.String("puppetdb-cacert"),
		Cert: c.String("puppetdb-cert"), Key: c.String("puppetdb-key"),
		TokenFile: c.String("puppetdb-token-file"), InsecureHTTP: c.Bool("puppetdb-insecure-http"),
		Timeout: c.Duration("puppetdb-timeout"),
	})
	if err != nil {
		return nil, fail(err.Error())
	}
	c.App.Metadata[puppetDBKey] = pc
	return pc, nil
}

// isPuppetDB reports whether path names something in PuppetDB.
func isPuppetDB(path string) bool { return strings.HasPrefix(path, puppetDBPrefix) }

// isPuppetDBFleet reports whether path is a fleet in PuppetDB: puppetdb:
// (every node) or puppetdb:PQL.
func isPuppetDBFleet(path string) bool {
	rest, ok := strings.CutPrefix(path, puppetDBPrefix)
	return ok && (rest == "" || puppetdb.IsPQLHint(rest))
}

// readPuppetCatalog reads a Puppet catalog file, or a node's current
// catalog from PuppetDB (puppetdb:CERTNAME).
func readPuppetCatalog(c *cli.Context, path string) (*puppetcatalog.Catalog, hcl.Diagnostics, error) {
	certname, ok := strings.CutPrefix(path, puppetDBPrefix)
	if !ok {
		pc, diags := puppetcatalog.Read(path)
		return pc, diags, nil
	}
	if isPuppetDBFleet(path) {
		return nil, nil, failf("%s selects many nodes; %s takes one node's catalog: puppetdb:CERTNAME", words.Escape(path), c.Command.Name)
	}
	pdb, err := puppetDBOf(c, path)
	if err != nil {
		return nil, nil, err
	}
	pc, diags, err := pdb.Catalog(c.Context, certname)
	if err != nil {
		return nil, nil, fail(err.Error())
	}
	return pc, diags, nil
}

// nodesQuery is the PQL query --nodes asks PuppetDB (puppetdb: every
// active node with facts; puppetdb:PQL), ok false for a facts path.
func nodesQuery(spec string) (pql string, ok bool) {
	if spec == "puppetdb" || spec == puppetDBPrefix {
		return puppetdb.EveryNodeWithFacts, true
	}
	pql, ok = strings.CutPrefix(spec, puppetDBPrefix)
	return pql, ok
}

// readPuppetDBNodes reads --nodes puppetdb[:PQL] (spec): PuppetDB's
// inventory of the nodes pql selects.
func readPuppetDBNodes(c *cli.Context, spec, pql string) ([]*nodefacts.Node, error) {
	pdb, err := puppetDBOf(c, "--nodes "+spec)
	if err != nil {
		return nil, err
	}
	nodes, err := pdb.Nodes(c.Context, pql)
	if err != nil {
		return nil, fail(err.Error())
	}
	if len(nodes) == 0 {
		return nil, failf("PuppetDB at %s has no active node with facts that %s selects", pdb.URL(), words.Escape(spec))
	}
	return nodes, nil
}

// printPuppetDBNote says once what PuppetDB's catalogs do not keep, for
// a fleet diff (a plan's notes say it of one catalog).
func printPuppetDBNote(c *cli.Context) {
	if jsonDiagnostics(c) {
		return
	}
	fmt.Fprintln(c.App.ErrWriter, "Note: PuppetDB keeps less than the catalog Puppet compiled: no order of the resources "+
		"(moves in the apply order are not compared), no sensitive parameter (a secret only one side has is unknown, not removed), "+
		"and rich data only as strings (a value the other side holds as rich data is unknown, not changed).")
}
