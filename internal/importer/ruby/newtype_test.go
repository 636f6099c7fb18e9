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
			if a.HasDefault {
				b.WriteString("=" + a.Default)
			}
			if a.Property {
				b.WriteString("P")
			}
			if a.Namevar {
				b.WriteString("*")
			}
		}
		for _, a := range nt.Autos {
			fmt.Fprintf(&b, " %s(%s)=", a.Kind, a.Type)
			if !a.Read {
				b.WriteString("?")
				continue
			}
			terms := make([]string, len(a.Terms))
			for i, t := range a.Terms {
				terms[i] = termString(t)
			}
			fmt.Fprintf(&b, "%q", terms)
			if a.List {
				b.WriteString("[]")
			}
		}
		if nt.TitlePatterns != nil {
			b.WriteString(" title_patterns")
		}
		if nt.Refresh != nil {
			b.WriteString(" refresh")
		}
		b.WriteString(";")
	}
	return b.String()
}

// termString writes a term as the rule language would: "$attr", a title,
// or fn(args).
func termString(t AutoTerm) string {
	switch {
	case t.Func != "":
		args := make([]string, len(t.Args))
		for i, a := range t.Args {
			args[i] = termString(a)
		}
		return t.Func + "(" + strings.Join(args, ", ") + ")"
	case t.Attr != "":
		return "$" + t.Attr
	}
	return t.Title
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
			`a: autorequire(file)=["$path"] autorequire(user)=["$owner" "root"][] autobefore(x)=["format(%s, $p)"] autonotify(y)=? autosubscribe(z)=?;`},
		{"the common Ruby of module types: interpolation, Pathname, File.dirname, guards",
			"Puppet::Type.newtype(:a) do\n" +
				"  autorequire(:anchor) do\n    [\"postgresql::server::service::end::#{self[:instance]}\"]\n  end\n" +
				"  autorequire(:file) do\n    Pathname.new(self[:path]).parent.to_s\n  end\n" +
				"  autorequire(:file) { File.dirname(self[:target]) }\n" +
				"  autorequire(:file) do\n    self[:source] if self[:source] && Pathname.new(self[:source]).absolute?\n  end\n" +
				"  autorequire(:file) do\n    [\n      Pathname.new(self[:path]).parent.to_s,\n      self[:extract_path],\n      '/root/.aws/config',\n    ].compact\n  end\n" +
				"  autorequire(:file) { \"100% #{self[:a]}/#{self[:b]}.conf\" }\n" +
				"  autorequire(:file) { self[:a] if self[:b] }\n" +
				"  autorequire(:file) { \"#{@x}\" }\n" +
				"end\n",
			`a: autorequire(anchor)=["format(postgresql::server::service::end::%s, $instance)"][] autorequire(file)=["parent($path)"] ` +
				`autorequire(file)=["dirname($target)"] autorequire(file)=["absolute($source)"] ` +
				`autorequire(file)=["parent($path)" "$extract_path" "/root/.aws/config"][] autorequire(file)=["format(100%% %s/%s.conf, $a, $b)"] ` +
				`autorequire(file)=? autorequire(file)=?;`},
		{"defaults and refresh",
			"Puppet::Type.newtype(:a) do\n  newparam(:instance) do\n    defaultto('main')\n  end\n  newparam(:order) do\n    defaultto :numeric\n  end\n" +
				"  newparam(:computed) do\n    defaultto { Facter.value(:x) }\n  end\n  def refresh\n    provider.restart\n  end\nend\n",
			"a: instance=main order=numeric computed refresh;"},
		{"refresh by define_method or alias_method, not by a class method",
			"Puppet::Type.newtype(:a) do\n  define_method(:refresh) { provider.restart }\nend\n" +
				"Puppet::Type.newtype(:b) do\n  alias_method :refresh, :restart\nend\n" +
				"Puppet::Type.newtype(:c) do\n  def self.refresh\n  end\n  def refreshed\n  end\nend\n",
			"a: refresh;b: refresh;c:;"},
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
	f.Add([]byte("Puppet::Type.newtype(:a) do\n  newparam(:i) do\n    defaultto('m')\n  end\n  autorequire(:x) { [\"a::#{self[:i]}%\"].compact }\n" +
		"  autorequire(:file) { self[:s] if self[:s] && Pathname.new(self[:s]).absolute? }\n  autorequire(:file) { File.dirname(Pathname.new(self[:p]).parent.to_s) }\n  def refresh\n  end\nend\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ParseNewtypes("f.rb", src)
	})
}
