// Package hiera reads a site's Hiera 5 data as Puppet 7.23's environment
// layer does, and answers lookups for a node: the site's hiera.yaml
// (version 5: hierarchy levels with path, paths, glob, globs or
// mapped_paths, datadir, defaults, options), its YAML and JSON data
// files (yaml_data, json_data) and eyaml files (eyaml_lookup_key, whose
// ENC[…] values stay secrets: types.Sensitive holding the ciphertext,
// never decrypted), interpolation (%{facts.x}, %{trusted.x}, %{::x},
// lookup(), hiera(), alias(), literal(), scope()), the merge strategies
// first, unique, hash and deep (with the deep_merge options), and
// lookup_options (regexp keys included, convert_to Sensitive).
//
// Open reads hiera.yaml once; a Data parses each data file once, and
// each string's interpolations, however many nodes look keys up, and is
// safe for concurrent use (what it has read is shared without a lock;
// it lives as long as its caller keeps it: a new Data reads the files
// again). A Session is one node's lookups (NewSession, with its facts
// and trusted data; see NodeScope): Lookup is Puppet's lookup() function (default_value,
// value_type, merge, an explanation as `puppet lookup --explain` prints
// it), Find is the automatic parameter lookup of CLASS::PARAM (a missing
// key is no error); CheckFiles reads every data file of the node's
// hierarchy, for an editor to show their errors. Errors are hcl.Diagnostics in Puppet's words, with
// the data file, line and column where there is one.
//
// Bounds: a YAML alias bomb, data nested beyond 1,000 levels, a file over
// inputfile.MaxSize, an interpolation loop or an interpolation that
// doubles itself without end each end in an error. A path interpolated
// from a fact cannot make it read outside the site directory.
//
// It does not know about HCL files, resources, classes or catalogs (the
// compiler calls it), does not print (render and cmd/catc do), and has
// no Puppet global or module layer: the site is the environment.
package hiera
