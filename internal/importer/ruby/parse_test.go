package ruby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// show prints a node compactly, for comparing parse results.
func show(n Node) string {
	switch v := n.(type) {
	case *Str:
		if v.Interp != nil {
			return fmt.Sprintf("str(%q, interp@%d:%d)", v.Value, v.Interp.Start.Line, v.Interp.Start.Column)
		}
		return fmt.Sprintf("%q", v.Value)
	case *Sym:
		return ":" + v.Name
	case *Int:
		return "int(" + v.Text + ")"
	case *Float:
		return "float(" + v.Text + ")"
	case *Bool:
		return fmt.Sprint(v.Value)
	case *Nil:
		return "nil"
	case *Regexp:
		return fmt.Sprintf("re(%q,%q)", v.Source, v.Flags)
	case *Array:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = show(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		parts := make([]string, len(v.Pairs))
		for i, pr := range v.Pairs {
			parts[i] = show(pr.Key) + " => " + show(pr.Value)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *NonLiteral:
		return fmt.Sprintf("nonliteral(%s | %s @%d:%d)", v.What, v.Text, v.Rng.Start.Line, v.Rng.Start.Column)
	}
	return fmt.Sprintf("?%T", n)
}

func parseOne(t *testing.T, src string) string {
	t.Helper()
	f, diags := Parse("t.rb", []byte(src))
	if diags.HasErrors() {
		t.Fatalf("Parse(%q): %s", src, diags.Error())
	}
	if len(f.Calls) != 1 {
		t.Fatalf("Parse(%q): %d calls, want 1", src, len(f.Calls))
	}
	parts := make([]string, len(f.Calls[0].Args))
	for i, a := range f.Calls[0].Args {
		parts[i] = show(a)
	}
	return strings.Join(parts, " ; ")
}

func TestParseValues(t *testing.T) {
	t.Parallel()
	call := func(args string) string { return "Puppet::ResourceApi.register_type(" + args + ")\n" }
	tests := []struct {
		name, src, want string
	}{
		{"single quotes", call(`name: 'a\'b\\c\n'`), `{:name => "a'b\\c\\n"}`},
		{"double quotes and escapes", call(`name: "t\tx\u00e9\x41\101\s\A\e"`), `{:name => "t\txéAA A\x1b"}`},
		{"unicode braces", call(`name: "\u{48 49}"`), `{:name => "HI"}`},
		{"hash rockets with symbols and strings", call(`:name => 'x', 'desc' => "y"`), `{:name => "x", "desc" => "y"}`},
		{"quoted label", call(`"name": 'x'`), `{:name => "x"}`},
		{"adjacent strings", call(`desc: 'a' "b" \` + "\n" + `  'c'`), `{:desc => "abc"}`},
		{"backslash newline in double quotes", call("desc: \"a\\\nb\""), `{:desc => "ab"}`},
		{"percent q", call(`desc: %q{it's {nested} \} ok}`), `{:desc => "it's {nested} } ok"}`},
		{"percent Q", call(`desc: %Q(a\tb (c))`), `{:desc => "a\tb (c)"}`},
		{"percent bare", call(`desc: %[x]`), `{:desc => "x"}`},
		{"percent w", call(`features: %w[canonicalize  supports_noop\ x]`), `{:features => ["canonicalize", "supports_noop x"]}`},
		{"percent i", call(`features: %i(a b)`), `{:features => [:a, :b]}`},
		{"numbers", call(`a: 1_000, b: -2, c: 1.5e3, d: 0x1F, e: -0.5`), `{:a => int(1000), :b => int(-2), :c => float(1.5e3), :d => int(0x1F), :e => float(-0.5)}`},
		{"true false nil", call(`a: true, b: false, c: nil`), `{:a => true, :b => false, :c => nil}`},
		{"symbols", call(`behaviour: :namevar, b: :"read_only", c: :'x y'`), `{:behaviour => :namevar, :b => :read_only, :c => :x y}`},
		{"regexps", call(`title_patterns: [{pattern: %r{^(?<a>.*[^/])/(?<b>.*)$}m, desc: 'x'}, {pattern: /\A(?<a>\/x)\z/i}]`),
			`{:title_patterns => [{:pattern => re("^(?<a>.*[^/])/(?<b>.*)$","m"), :desc => "x"}, {:pattern => re("\\A(?<a>/x)\\z","i")}]}`},
		{"nested hash and trailing commas", call("\n  name: 'x',\n  attributes: {\n    ensure: {\n      type: 'Enum[present, absent]',\n    },\n  },\n"),
			`{:name => "x", :attributes => {:ensure => {:type => "Enum[present, absent]"}}}`},
		{"comments", call("# c\n  name: 'x', # after\n=begin\nname: 'no'\n=end\n  desc: 'y'"), `{:name => "x", :desc => "y"}`},
		{"braced hash argument", call(`{name: 'x'}`), `{:name => "x"}`},
		{"interpolation", call(`desc: "a #{b} c"`), `{:desc => str("a  c", interp@1:44)}`},
		{"constant", call(`desc: Nexus3::Config.file_path`), `{:desc => nonliteral(the method call Nexus3::Config.file_path | Nexus3::Config.file_path @1:41)}`},
		{"operator", call(`features: ['a'] + ['b'], name: 'x'`), `{:features => nonliteral(an expression with ` + "`+`" + ` | ['a'] + ['b'] @1:45), :name => "x"}`},
		{"ternary", call(`features: x ? ['a'] : [], name: 'x'`), `{:features => nonliteral(the method call or variable ` + "`x`" + ` | x ? ['a'] : [] @1:45), :name => "x"}`},
		{"method call", call(`desc: 'x'.freeze`), `{:desc => nonliteral(a method call ` + "`.freeze`" + ` | 'x'.freeze @1:41)}`},
		{"variable", call(`desc: @d`), `{:desc => nonliteral(the variable @d | @d @1:41)}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseOne(t, tt.src); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestParseHeredocs(t *testing.T) {
	t.Parallel()
	src := "Puppet::ResourceApi.register_type(\n" +
		"  name: 'x',\n" +
		"  docs: <<-EOS,\n" +
		"    Indented \\t text\n" +
		"    EOS\n" +
		"  desc: <<~EOS, other: <<~'RAW',\n" +
		"      Squiggly\n" +
		"        keeps relative\n" +
		"\n" +
		"      \\A done\n" +
		"  EOS\n" +
		"    raw \\A #{x}\n" +
		"  RAW\n" +
		"  plain: <<EOS\n" +
		"column zero\n" +
		"EOS\n" +
		")\n"
	want := `{:name => "x", :docs => "    Indented \t text\n", :desc => "Squiggly\n  keeps relative\n\nA done\n", :other => "raw \\A #{x}\n", :plain => "column zero\n"}`
	if got := parseOne(t, src); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestParseFindsCalls(t *testing.T) {
	t.Parallel()
	src := `# frozen_string_literal: true
require 'puppet/resource_api'

module Foo
  class Bar
  end
end

x = 1 if y
Puppet::ResourceApi.register_type(name: 'a', attributes: {})
if Facter.value(:kernel) == 'windows'
  Puppet::ResourceApi.register_type(name: 'b', attributes: {})
else
  Puppet::ResourceApi.register_type(name: 'c', attributes: {})
end
::Puppet::ResourceApi.register_type name: 'd',
  attributes: {}
puts 'done'
`
	f, diags := Parse("t.rb", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	var got []string
	for _, c := range f.Calls {
		s := show(c.Args[0])
		if c.Conditional != nil {
			s += fmt.Sprintf(" inside %s@%d", c.Conditional.Keyword, c.Conditional.Rng.Start.Line)
		}
		got = append(got, s)
	}
	want := []string{
		`{:name => "a", :attributes => {}}`,
		`{:name => "b", :attributes => {}} inside if@11`,
		`{:name => "c", :attributes => {}} inside if@11`,
		`{:name => "d", :attributes => {}}`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ src, want string }{
		{"Puppet::ResourceApi.register_type(name: 'x)\n", "t.rb:1,41-42: Unterminated string"},
		{"Puppet::ResourceApi.register_type(desc: <<-EOS)\nno end\n", "t.rb:1,41-47: Unterminated heredoc"},
		{"Puppet::ResourceApi.register_type(name: ['x'\n", "t.rb:1,41-42: Unclosed bracket"},
		{"=begin\nnever ends\n", "t.rb:1,1-7: Unterminated comment"},
	}
	for _, tt := range tests {
		_, diags := Parse("t.rb", []byte(tt.src))
		if !diags.HasErrors() {
			t.Errorf("Parse(%q): no error, want %s", tt.src, tt.want)
			continue
		}
		d := diags[0]
		got := fmt.Sprintf("%s: %s", d.Subject, d.Summary)
		if got != tt.want {
			t.Errorf("Parse(%q): %s, want %s", tt.src, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("Puppet::ResourceApi.register_type(name: 'x', docs: <<~EOS, a: %w[a b])\n  t\nEOS\n"))
	f.Add([]byte("Puppet::ResourceApi.register_type name: \"#{x}\", b: [1, {c: :d}]\n"))
	f.Add([]byte("if x\n Puppet::ResourceApi.register_type(a => /x\\/y/m, %q(a) => 1.5)\nend\n"))
	f.Add([]byte(deepValue(maxNesting+2, "[", "]", "1")))
	f.Add([]byte(deepValue(maxNesting+2, "{a: ", "}", "%w[x]")))
	f.Add([]byte(deepValue(maxNesting, "[{'k' => ", "}]", "%Q{#{y}}")))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := Parse("f.rb", src)
		for _, c := range file.Calls {
			for _, a := range c.Args {
				_ = show(a)
				// the call's own hash of arguments is one level more
				if d := nodeDepth(a); d > maxNesting+1 {
					t.Fatalf("a value nests %d levels, more than %d", d, maxNesting)
				}
			}
		}
	})
}

// In a <<~ heredoc, interpolation and bad escapes are reported where they
// stand in the file, after the indentation the heredoc removes.
func TestHeredocPlaces(t *testing.T) {
	t.Parallel()
	src := "Puppet::ResourceApi.register_type(docs: <<~EOS)\n      ab #{x}\n      \\u12\n    EOS\n"
	f, diags := Parse("t.rb", []byte(src))
	if len(diags) != 1 || diags[0].Summary != "Invalid escape" || diags[0].Subject.Start.Line != 3 || diags[0].Subject.Start.Column != 7 {
		t.Errorf("diagnostics: %v", diags)
	}
	got := show(f.Calls[0].Args[0])
	if want := `{:docs => str("ab \n\n", interp@2:10)}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// An argument that is not a pair is parsed once: its diagnostics are not
// repeated.
func TestParseArgumentOnce(t *testing.T) {
	t.Parallel()
	_, diags := Parse("t.rb", []byte("Puppet::ResourceApi.register_type([1, 2\n)\n"))
	if len(diags) != 1 {
		t.Errorf("diagnostics: %v", diags)
	}
}
