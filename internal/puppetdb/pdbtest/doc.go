// Package pdbtest runs a real PuppetDB for tests: Debian's puppetdb
// package on a PostgreSQL cluster of its own, both on loopback, with TLS
// from a certificate authority it creates, and submits facts and catalogs
// to it through PuppetDB's command API as Puppet's server would.
//
// One server serves a test binary (Main in TestMain, Get in each test).
// With $CATC_TEST_PUPPETDB naming a directory, the server there is reused
// if it runs, else started there and left running for the next test run:
// a developer starts PuppetDB once while iterating. Without PuppetDB
// installed the tests skip, except under $CI, where they fail; with
// -short they skip unless a kept server is named.
//
// It is imported by tests only.
package pdbtest
