package ruby

import (
	"fmt"
	"strings"
	"testing"
)

// newtypeSummary is what a reader of the type checks: its attributes
// (P for a property, * for a namevar) and auto rules.
func newtypeSummary(nts []*Newtype) string {
	var b strings.Builder
	for _, nt := range nts {
		fmt.Fprintf(&b, "%s:", nt.Name)
		for _, a := range nt.Attrs {
			b.WriteString(" " + a.Name)
			if a.Property {
				b.WriteString("P")
			}
			if a.Namevar {
				b.WriteString("*")
			}
		}
		for _, a := range nt.Autos {
			fmt.Fprintf(&b, " %s(%s)=", a.Kind, a.Type)
			if !a.Simple {
				b.WriteString("?")
				continue
			}
			fmt.Fprintf(&b, "%q", a.Titles)
			if a.List {
				b.WriteString("[]")
			}
		}
		if nt.TitlePatterns != nil {
			b.WriteString(" title_patterns")
		}
		b.WriteString(";")
	}
	return b.String()
}

func TestParseNewtypes(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"attributes and namevars",
			"Puppet::Type.newtype(:a) do\n  ensurable\n  newparam(:name, :namevar => true)\n  newproperty(:v) do\n    desc 'x'\n  end\n  newparam(:k) do\n    isnamevar\n  end\nend\n",
			"a: ensureP name* vP k*;"},
		{"modifier if and nested blocks stay inside the attribute",
			"Puppet::Type.newtype(:a) do\n  newparam(:p) do\n    validate do |v|\n      raise 'x' unless v\n      if v then v end\n    end\n    isnamevar if false\n  end\n  newparam(:q)\nend\n",
			"a: p q;"},
		{"simple and other rule shapes",
			"Puppet::Type.newtype(:a) do\n  autorequire(:file) { self[:path] }\n  autorequire(:user) do\n    [self[:owner], \"root\"]\n  end\n  autobefore(:x) { \"#{self[:p]}\" }\n  autonotify(:y) { self[:a] if self[:b] }\n  autosubscribe(:z) { '$literal' }\nend\n",
			`a: autorequire(file)=["$path"] autorequire(user)=["$owner" "root"][] autobefore(x)=? autonotify(y)=? autosubscribe(z)=?;`},
		{"attributes after a rule; title_patterns",
			"Puppet::Type.newtype(:a) do\n  autorequire(:file) { { 'k' => self[:p] }['k'] }\n  newparam(:after)\n  def self.title_patterns\n    []\n  end\nend\n",
			"a: after autorequire(file)=? title_patterns;"},
		{"two types; register_type and methods named newtype are not read",
			"::Puppet::Type.newtype(:a) do\nend\nx.newtype(:b) do\nend\nPuppet::Type.newtype(:c) do\n  newparam(:n)\nend\n",
			"a:;c: n;"},
		{"an unterminated type ends at the end of the file",
			"Puppet::Type.newtype(:a) do\n  newparam(:n) do\n",
			"a: n;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nts, _ := ParseNewtypes("t.rb", []byte(tt.src))
			if got := newtypeSummary(nts); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// FuzzParseNewtypes: any input ends, without a panic.
func FuzzParseNewtypes(f *testing.F) {
	f.Add([]byte("Puppet::Type.newtype(:a) do\n  newparam(:n, namevar: true)\n  autorequire(:file) { [self[:n]] }\nend\n"))
	f.Add([]byte("Puppet::Type.newtype(:a) do\n  autorequire(:file) do\n  }\n  end\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ParseNewtypes("f.rb", src)
	})
}
