package plandiff

import "github.com/catc-dev/catc/internal/testutil"

// oracleDir holds Puppet's answers (fixtures/oracle/README.md).
var oracleDir = testutil.Fixture("oracle")
