package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/puppetdb"
	"github.com/catc-dev/catc/internal/source"
	"github.com/catc-dev/catc/internal/words"
)

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

// puppetDBOf is the run's PuppetDB client, made at the first use.
func puppetDBOf(c *cmdRun, what string) (*puppetdb.Client, error) {
	if c.puppetDB != nil {
		return c.puppetDB, nil
	}
	if c.puppetDBConfig.URL == "" {
		return nil, failf("%s reads PuppetDB: give its address with --puppetdb URL or $PUPPETDB_URL (https://HOST:8081)", words.Escape(what))
	}
	pc, err := puppetdb.New(c.puppetDBConfig)
	if err != nil {
		return nil, fail(err.Error())
	}
	c.puppetDB = pc
	return pc, nil
}

// readPuppetCatalog reads a Puppet catalog file, or a node's current
// catalog from PuppetDB (puppetdb:CERTNAME), with the types of the HCL
// paths (source.PuppetCatalog).
func readPuppetCatalog(c *cmdRun, in source.Input, hclPaths []string) (source.Loaded, error) {
	var exitErr error // puppetDBOf's: printed as it is
	l, err := source.PuppetCatalog(c.ctx, in, hclPaths, runDigestKey(c), func() (source.CatalogReader, error) {
		pdb, err := puppetDBOf(c, in.Path)
		exitErr = err
		return pdb, err
	})
	var fleetErr *source.FleetError
	switch {
	case exitErr != nil:
		return l, exitErr
	case errors.As(err, &fleetErr):
		return l, failf("%s selects many nodes; %s takes one node's catalog: puppetdb:CERTNAME", words.Escape(in.Path), c.name)
	case err != nil:
		return l, fail(err.Error())
	}
	return l, nil
}

// readNodesOf reads --nodes spec whole (source.ReadNodes): the facts
// files, or PuppetDB's inventory of the nodes it selects.
func readNodesOf(c *cmdRun, spec string) ([]*nodefacts.Node, error) {
	var exitErr error // puppetDBOf's: printed as it is
	var pdb *puppetdb.Client
	nodes, diags, err := source.ReadNodes(c.ctx, spec, func() (source.NodeReader, error) {
		pdb, exitErr = puppetDBOf(c, "--nodes "+spec)
		return pdb, exitErr
	})
	switch {
	case exitErr != nil:
		return nil, exitErr
	case err != nil:
		return nil, fail(err.Error())
	case pdb == nil: // facts files
		if err := printOrFail(c, diags, nil); err != nil {
			return nil, err
		}
	case len(nodes) == 0:
		return nil, failf("PuppetDB at %s has no active node with facts that %s selects", pdb.URL(), words.Escape(spec))
	}
	return nodes, nil
}

// printPuppetDBNote says once what PuppetDB's catalogs do not keep, for
// a fleet diff (a plan's notes say it of one catalog).
func printPuppetDBNote(c *cmdRun) {
	if jsonDiagnostics(c) {
		return
	}
	fmt.Fprintln(c.stderr, "Note: PuppetDB keeps less than the catalog Puppet compiled: no order of the resources "+
		"(moves in the apply order are not compared), no sensitive parameter (a secret only one side has is unknown, not removed), "+
		"and rich data only as strings (a value the other side holds as rich data is unknown, not changed).")
}
