package fleet

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/nodefacts"
)

// TestClassesBounded: the outcomes kept are bounded, the oldest
// forgotten and computed again when asked for; each computed once while
// kept.
func TestClassesBounded(t *testing.T) {
	t.Parallel()
	c := newClasses[int]()
	calls := 0
	get := func(k int) int { return c.get(fmt.Sprint(k), func() int { calls++; return k }) }
	for k := 0; k < maxClasses+10; k++ {
		if get(k) != k {
			t.Fatal("a class's outcome is another's")
		}
	}
	if len(c.m) > maxClasses || calls != maxClasses+10 {
		t.Errorf("%d kept, %d computed", len(c.m), calls)
	}
	get(maxClasses + 5) // kept
	get(0)              // forgotten
	if calls != maxClasses+11 {
		t.Errorf("computed %d times, want the forgotten class only again", calls-maxClasses-10)
	}
}

// TestClassOf: nodes are of one class exactly when the site reads the
// same of them, a verbatim plain word apart: a number is not its string,
// a missing fact not a null one, a word that is no plain word is read
// as it is, and a value read otherwise too is read as it is.
func TestClassOf(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `type "setting" {
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
  }
  attribute "value" {
    type = "String"
  }
}
resource "setting" "a" { value = "${trusted.certname} ${facts.networking.fqdn} ${try(facts.rack, "none")}" }
resource "setting" "b" { only_if = try(facts.role, "") == "web" }
resource "setting" "c" { value = upper(facts.networking.hostname) }
resource "setting" "d" { value = facts.networking.hostname }
`
	if err := os.WriteFile(filepath.Join(dir, "site.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	site, diags := compiler.LoadSite([]string{dir}, compiler.LoadOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	k := newKeyer(site)
	if len(k.subst) != 3 || k.all {
		t.Fatalf("substituted %v, read %v", k.subst, k.reads)
	}
	node := func(name, facts string) *nodefacts.Node {
		v := cty.EmptyObjectVal
		if facts != "" {
			path := filepath.Join(t.TempDir(), "n.json")
			if err := os.WriteFile(path, []byte(facts), 0o644); err != nil {
				t.Fatal(err)
			}
			n, diags := nodefacts.Read(path)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			v = n[0].Facts
		}
		return &nodefacts.Node{Name: name, Facts: v}
	}
	web1 := node("web-01.example.com", `{"role": "web", "rack": "r1", "networking": {"fqdn": "web-01.example.com", "hostname": "w"}}`)
	tests := []struct {
		name string
		n    *nodefacts.Node
		same bool
	}{
		{"another identity", node("web-02.example.com", `{"role": "web", "rack": "r2", "networking": {"fqdn": "web-02.lan", "hostname": "w"}}`), true},
		{"another role", node("web-02.example.com", `{"role": "db", "rack": "r1", "networking": {"fqdn": "web-02.lan", "hostname": "w"}}`), false},
		{"a role missing", node("web-02.example.com", `{"rack": "r1", "networking": {"fqdn": "web-02.lan", "hostname": "w"}}`), false},
		{"a role null", node("web-02.example.com", `{"role": null, "rack": "r1", "networking": {"fqdn": "web-02.lan", "hostname": "w"}}`), false},
		{"a rack missing", node("web-02.example.com", `{"role": "web", "networking": {"fqdn": "web-02.lan", "hostname": "w"}}`), false},
		{"a rack that is a number", node("web-02.example.com", `{"role": "web", "rack": 1, "networking": {"fqdn": "web-02.lan", "hostname": "w"}}`), false},
		{"an fqdn that is no plain word", node("web-02.example.com", `{"role": "web", "rack": "r1", "networking": {"fqdn": "web 02", "hostname": "w"}}`), false},
		{"another hostname, read by upper", node("web-02.example.com", `{"role": "web", "rack": "r1", "networking": {"fqdn": "web-02.lan", "hostname": "v"}}`), false},
	}
	base := k.classOf(web1)
	if !base.substituted() {
		t.Fatal("nothing of web-01 is substituted")
	}
	for _, tt := range tests {
		if got := k.classOf(tt.n).key == base.key; got != tt.same {
			t.Errorf("%s: same class %v, want %v", tt.name, got, tt.same)
		}
	}
	stand := k.standIn(web1, base)
	if got := stand.Trusted().GetAttr("certname").AsString(); got != k.sentinel(2) || len(got) != sentinelLen {
		t.Errorf("the stand-in's certname is %q", got)
	}
	s := &sentinels{k: k, values: base.values}
	if got := s.replace("x " + k.sentinel(2) + k.sentinel(0) + " y"); got != "x web-01.example.comweb-01.example.com y" || s.bad {
		t.Errorf("replaced: %q", got)
	}
	if s.replace(k.sentinel(2)[:40]); !s.bad {
		t.Error("a sentinel cut short is not seen")
	}
}
