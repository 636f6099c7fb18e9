package main

import (
	"bytes"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/secretdigest"
)

// digestKeyEnv holds the digest key itself; the --digest-key-file flag
// (or digestKeyFileEnv) names a file holding it.
const (
	digestKeyEnv     = "CATC_DIGEST_KEY"
	digestKeyFileEnv = "CATC_DIGEST_KEY_FILE"
)

func digestKeyFlag() cli.Flag {
	return &cli.StringFlag{Name: "digest-key-file", EnvVars: []string{digestKeyFileEnv}, TakesFile: true,
		Usage: "read the key of the digests of sensitive values from `FILE` (else $" + digestKeyEnv + "; without a key, compiled files carry no digest)"}
}

// applyDigestKey reads the digest key of this run from --digest-key-file,
// CATC_DIGEST_KEY_FILE or CATC_DIGEST_KEY, or none (each run starts from
// none: the app keeps no state between runs), the first time it is
// called in the run; runDigestKey then gives it to the loads.
func applyDigestKey(c *cmdRun) error {
	if c.digestKeyRead { // a diff loads two sides or more, and reads the key once
		return nil
	}
	var key []byte
	env, envSet := os.LookupEnv(digestKeyEnv)
	switch path := c.common.digestKeyFile; {
	case path != "" && envSet:
		return failf("both %s and a digest key file (%s) are set: use one", digestKeyEnv, path)
	case path != "":
		b, err := inputfile.Read(path)
		if err != nil {
			return failf("cannot read the digest key file: %v", err)
		}
		key = bytes.TrimRight(b, "\r\n")
	case envSet:
		key = []byte(env)
	}
	k, err := secretdigest.NewKey(key)
	if err != nil {
		return fail(err.Error())
	}
	c.digestKey, c.digestKeyRead = k, true
	return nil
}

// runDigestKey is the key applyDigestKey read (nil: none).
func runDigestKey(c *cmdRun) *secretdigest.Key {
	return c.digestKey
}
