package catalog

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad loads arbitrary bytes as one file next to the seed types and
// writes the result: neither may panic. The seed corpus is fuzzLoadSeeds
// plus testdata/fuzz/FuzzLoad.
//
// The seeds are small on purpose, one construct each: the fuzzer
// minimizes every input that finds new coverage by trying to remove
// every range of its bytes (quadratic in the input's length). With the
// fixtures (up to 7 KB) as seeds, a 20 s run spent its time minimizing
// and made about 95 executions.
func FuzzLoad(f *testing.F) {
	types, err := os.ReadFile(filepath.Join(seedDir, "types.hcl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, src := range fuzzLoadSeeds {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c, _ := LoadFiles([]string{"types.hcl", "fuzz.hcl"}, [][]byte{types, src}, LoadOptions{Parallelism: 1})
		if err := WriteJSON(io.Discard, c); err != nil {
			t.Fatal(err)
		}
		for _, r := range c.Resources {
			for _, rule := range r.Type.AutoRules {
				for _, title := range r.AutoTitles(rule) {
					c.Lookup(rule.Target, title)
				}
				c.AutoTargets(r, rule)
			}
		}
	})
}

// fuzzLoadSeeds cover the language, each in about 100 bytes: resources
// and references, types and their rules, aliases, variables, locals and
// functions, for_each, groups, templates, heredocs and comments.
var fuzzLoadSeeds = []string{
	"resource \"apt_key\" \"6F6B1550\" {\n}\nresource \"software\" \"php-yum\" {\n  require = [apt_key[\"6F6B1550\"]]\n}\n",
	"resource \"software\" \"vim\" {\n}\nresource \"software\" \"php\" {\n  before = \"Software[vim]\" # Puppet's form\n}\n",
	"type \"t\" {\n  attribute \"n\" {\n    type      = \"String[1]\"\n    behaviour = \"namevar\"\n  }\n  autorequire {\n    software = [\"$n\"]\n  }\n}\n",
	"type \"u\" {\n  desc = \"u\"\n  title_pattern {\n    pattern = \"^(?<a>.*)$\"\n  }\n  attribute \"a\" {\n    behaviour = \"namevar\"\n  }\n}\n",
	"type_alias \"My::Port\" {\n  type = \"Variant[Integer[1, 65535], Pattern[/^\\\\d+$/]]\"\n}\n",
	"variable \"v\" {\n  type    = \"Array[String]\"\n  default = [\"a\", \"b\"]\n}\nlocals {\n  n = length(var.v) * 2\n}\n",
	"locals {\n  m = { for k in [\"a\", \"b\"] : k => upper(k) if k != \"\" }\n  s = \"x-${local.m.a}\"\n}\n",
	"resource \"software\" \"${each.key}\" {\n  for_each = toset([\"vim\", \"git\"])\n  manager  = each.value\n}\n",
	"group \"web\" {\n  only_if = try(facts.role, \"\") == \"\"\n  resource \"software\" \"nginx\" {\n    ensure = \"absent\"\n  }\n}\n",
	"resource \"apt_key\" \"k\" {\n  id     = \"0x6F6B1550\"\n  source = <<-EOT\n    http://x/%{if true}y%{endif}\n  EOT\n}\n",
	"resource \"software\" \"a\" {\n  manager = true ? \"gem\" : \"pip\"\n  ensure  = [\"present\"][0]\n}\n/* c */\n",
	"resource \"software\" \"b\" {\n  subscribe = [\"Software[a]\"]\n  manager   = format(\"%s-%d\", \"x\", 1)\n}\n",
	"type \"d\" {\n  attribute \"p\" {\n    behaviour = \"namevar\"\n  }\n  autorequire {\n    d = [first_managed(ancestors(\"$p\")), format(\"%s/x\", \"$p\")]\n  }\n}\n",
	"type \"m\" {\n  attribute \"p\" {\n    behaviour = \"namevar\"\n  }\n  autobefore {\n    m = below(\"$p\")\n  }\n}\nresource \"m\" \"/a.b\" {}\nresource \"m\" \"/aXb/c\" {}\n",
	"resource \"file\" \"/a/\" {}\nresource \"mount\" \"/a\" {}\nresource \"exec\" \"/a/x\\n\\\"/b c\\\"\" {\n  cwd  = \"/a\"\n  user = 4711\n}\n",
}
