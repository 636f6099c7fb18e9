package catalog

import "sync"

// sshkeyTypeAliases are the alias values of sshkey's `type`, munged by
// the agent to the key type they stand for (sshkeys_core's
// lib/puppet/type/sshkey.rb, aliasvalue; fixtures/oracle/core/values.jsonl).
var sshkeyTypeAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"dsa": "ssh-dss", "ed25519": "ssh-ed25519", "rsa": "ssh-rsa",
		"ecdsa-sk": "sk-ecdsa-sha2-nistp256@openssh.com", "ed25519-sk": "sk-ssh-ed25519@openssh.com",
	}
})

// agentName gives a built-in sshkey the reference Puppet's agent
// evaluates, orders and reports it under: sshkeys_core's Sshkey#name,
// which is also its title there, is "name@type" with the munged key type
// (fixtures/oracle/core/types_without_auto.json: Sshkey[catc.invalid]
// with type ssh-ed25519 is evaluated as Sshkey[catc.invalid@ssh-ed25519]).
// References still find it by its declared title, as the compiler does.
func (b *Built) agentName(td *TypeDef) {
	r := b.Res
	if !td.Builtin || td.Name != "sshkey" || r.renamed {
		return
	}
	name, _ := r.Attributes.Get("name")
	typ, _ := r.Attributes.Get("type")
	n, ok1 := name.(string)
	t, ok2 := typ.(string)
	if !ok1 || !ok2 {
		return
	}
	if canon, ok := sshkeyTypeAliases()[t]; ok {
		t = canon
	}
	r.agentNamed = true
	r.ref = r.refWith(n + "@" + t)
}
