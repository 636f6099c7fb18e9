package plandiff

// oracleDir holds Puppet's answers (fixtures/oracle/README.md).
const oracleDir = "../../fixtures/oracle"
