package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// The sites and facts of the Hiera oracle corpus; their answers are
// Puppet's (fixtures/oracle/hiera/answers.jsonl: b01, b02, b03, m02, e01).
func hieraFixture(elem ...string) string {
	return testutil.Fixture(append([]string{"oracle", "hiera"}, elem...)...)
}

func TestLookupOneNode(t *testing.T) {
	t.Parallel()
	site, facts := hieraFixture("sites", "h01_basic"), hieraFixture("facts", "web01.example.com.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lookup", "message", site, "--facts", facts}, "\"web01 own\"\n"},
		{[]string{"lookup", "port_string", site, "--facts", facts, "--format", "json"}, "\"80\"\n"},
		{[]string{"lookup", "ntp_servers", site, "--facts", facts, "--merge", "unique"}, "[\"debian.pool.ntp.org\",\"0.pool.ntp.org\",\"1.pool.ntp.org\"]\n"},
		{[]string{"lookup", "absent", site, "--facts", facts, "--default", "x"}, "\"x\"\n"},
	} {
		code, out, errOut := runCatc(t, c.args...)
		if code != 0 || out != c.want {
			t.Errorf("catc %s: exit %d, stdout %q (stderr %q), want %q", strings.Join(c.args, " "), code, out, errOut, c.want)
		}
	}
}

func TestLookupFleetGroups(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCatc(t, "lookup", "message", hieraFixture("sites", "h01_basic"), "--nodes", hieraFixture("facts"), "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var groups []struct {
		Value any
		Nodes []string
	}
	if err := json.Unmarshal([]byte(out), &groups); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, g := range groups {
		got[g.Value.(string)] = g.Nodes
	}
	want := map[string][]string{"redhat": {"app01.example.com", "db01.example.com"}, "common": {"bare.example.org"}, "web01 own": {"web01.example.com"}}
	if len(got) != len(want) {
		t.Fatalf("groups %v, want %v", got, want)
	}
	for v, nodes := range want {
		if strings.Join(got[v], ",") != strings.Join(nodes, ",") {
			t.Errorf("value %q: nodes %v, want %v", v, got[v], nodes)
		}
	}
}

// TestLookupErrors: a missing key is Puppet's error with the files
// searched; --explain prints the search as puppet lookup --explain.
func TestLookupErrors(t *testing.T) {
	t.Parallel()
	site, facts := hieraFixture("sites", "h01_basic"), hieraFixture("facts", "web01.example.com.json")
	code, _, errOut := runCatc(t, "lookup", "absent", site, "--facts", facts)
	if code != 1 || !strings.Contains(errOut, "Function lookup() did not find a value for the name 'absent'") || !strings.Contains(errOut, "data/os/Debian.yaml") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, out, _ := runCatc(t, "lookup", "message", site, "--facts", facts, "--explain")
	if code != 0 || !strings.Contains(out, "Searching for \"message\"\n") || !strings.Contains(out, "Found key: \"message\" value: \"web01 own\"") {
		t.Errorf("explain: exit %d, stdout %q", code, out)
	}
	code, _, errOut = runCatc(t, "lookup", "message", site)
	if code != 1 || !strings.Contains(errOut, "--facts FILE") {
		t.Errorf("no node: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCatc(t, "lookup", "message", hieraFixture("sites", "h07_v4"), "--facts", facts)
	if code != 1 || !strings.Contains(errOut, "Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5") {
		t.Errorf("version 4: exit %d, stderr %q", code, errOut)
	}
}

// TestLookupNeverShowsCiphertext: eyaml values are secrets in every
// output of lookup: the value, the fleet's groups, the explanation.
func TestLookupNeverShowsCiphertext(t *testing.T) {
	t.Parallel()
	site, facts := hieraFixture("sites", "h06_eyaml"), hieraFixture("facts", "web01.example.com.json")
	for _, args := range [][]string{
		{"lookup", "db_password", site, "--facts", facts},
		{"lookup", "secret_hash", site, "--facts", facts, "--format", "json"},
		{"lookup", "mixed", site, "--facts", facts, "--explain"},
		{"lookup", "passwords", site, "--facts", facts, "--explain", "--format", "json"},
		{"lookup", "db_password", site, "--nodes", hieraFixture("facts")},
		{"lookup", "db_password", site, "--facts", facts, "--type", "Integer"},
	} {
		_, out, errOut := runCatc(t, args...)
		if strings.Contains(out+errOut, "ENC[") || strings.Contains(out+errOut, "MII") {
			t.Errorf("catc %s shows the ciphertext:\n%s%s", strings.Join(args, " "), out, errOut)
		}
		if !strings.Contains(out+errOut, "Sensitive [value redacted]") && !strings.Contains(out+errOut, "expects an Integer") {
			t.Errorf("catc %s: no redacted secret in\n%s%s", strings.Join(args, " "), out, errOut)
		}
	}
}
