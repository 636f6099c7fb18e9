package compiler

import "testing"

// TestSshkeyAgentName: a built-in sshkey is planned under the name
// Puppet's agent gives it, name@type with the key type munged
// (fixtures/oracle/export/sshkey.json), and still found by its title.
func TestSshkeyAgentName(t *testing.T) {
	src := `
resource "sshkey" "k1" {
  type = "rsa"
}
resource "sshkey" "k2@ssh-ed25519" {}
resource "sshkey" "k3" {
  name = "host3"
  type = "ecdsa-sk"
}
resource "notify" "n" {
  require = [sshkey.k1, sshkey["k2@ssh-ed25519"], sshkey.k3]
}
`
	c, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := []string{"Sshkey[k1@ssh-rsa]", "Sshkey[k2@ssh-ed25519]", "Sshkey[host3@sk-ecdsa-sha2-nistp256@openssh.com]"}
	declared := []string{"Sshkey[k1]", "Sshkey[k2@ssh-ed25519]", "Sshkey[k3]"}
	for i, w := range want {
		r := c.Resources[i]
		if r.Ref() != w || r.DeclaredRef() != declared[i] {
			t.Errorf("resource %d: Ref %s, DeclaredRef %s; want %s, %s", i, r.Ref(), r.DeclaredRef(), w, declared[i])
		}
	}
	n := c.Resources[3]
	if len(n.Relations) != 3 {
		t.Fatalf("notify has %d relations, want 3", len(n.Relations))
	}
	for i, rel := range n.Relations {
		if rel.Target == nil || rel.Target.Ref() != want[i] {
			t.Errorf("relation %d finds %v, want %s", i, rel.Target, want[i])
		}
	}
}
