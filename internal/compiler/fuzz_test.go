package compiler

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/catalogjson"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
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
		if err := catalogjson.WriteCatalog(io.Discard, c); err != nil {
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
	"class \"c\" {\n  variable \"p\" {\n    default = 1\n  }\n  contain \"d\" {}\n  resource \"d::e\" \"x\" {}\n}\nclass \"d\" {}\ninclude \"c\" { p = 2 }\n",
	"define \"d::e\" {\n  defaults \"notify\" { message = self.title }\n  resource \"notify\" \"${self.name}\" { virtual = true }\n}\ncollect \"notify\" {}\nnode \"/x/\" {}\nstage \"s\" {}\n",
	"resource \"file\" \"/a/\" {}\nresource \"mount\" \"/a\" {}\nresource \"exec\" \"/a/x\\n\\\"/b c\\\"\" {\n  cwd  = \"/a\"\n  user = 4711\n}\n",
}

// FuzzEvalBudget evaluates arbitrary expressions with small limits: the
// load ends within seconds whatever the expression (the budget stops
// it, the nesting and chain bounds refuse it, or it ends), reports the
// budget's error at most once, and does not panic. Seeds: budgetSeeds
// plus testdata/fuzz/FuzzEvalBudget.
func FuzzEvalBudget(f *testing.F) {
	for _, s := range budgetSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		src := "locals {\n  s = \"abc\"\n  l = [1, 2, 3]\n  x = " + expr + "\n}\n"
		start := time.Now()
		_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(src)}, LoadOptions{Parallelism: 1, Limits: catalog.Limits{Steps: 20000, Text: 1 << 20}})
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("%q took %v", expr, d)
		}
		if n := countSummary(diags, catalog.SummaryBudget); n > 1 {
			t.Fatalf("%q: %d budget errors", expr, n)
		}
	})
}

// budgetSeeds are the shapes of work the budget charges.
var budgetSeeds = []string{
	`[for a in range(100) : [for b in range(100) : "${a}-${b}"]]`,
	`[for i in range(10) : flatten(setproduct(range(30), range(30)))]`,
	`[for i in range(100) : "${local.s}${local.s}%{for j in local.l}${j}%{endfor}"]`,
	`[for i in range(100) : [for j in range(100) : local.l[*] == local.l ? local.l : []]]`,
	`try([for a in range(1000) : [for b in range(1000) : a]], can(local.l[9]))`,
	`{ for k, v in zipmap(local.l, local.l) : k => format("%s%s", v, local.s)... }`,
}

// FuzzNestingBound: a file the nesting scanner accepts parses into a
// syntax tree no deeper than what the scanner counted allows (the levels
// and links it saw open at once), so that no walk or evaluation of an
// accepted file recurses beyond the bounds; a file it refuses gets one
// error, with a range in the file. Seeds: fuzzLoadSeeds plus
// testdata/fuzz/FuzzNestingBound.
func FuzzNestingBound(f *testing.F) {
	for _, s := range fuzzLoadSeeds {
		f.Add(s)
	}
	for _, s := range []string{"x = 1 + 2 * (3 - -4) / 5 % 6\n", "x = a[b][c].*.d[*].e\n", "x = a && !b || c == d != e < f >= g\n",
		"x = (1 # c\n + /* c */ 2\n)\n", "x = \"${a}-%{if b}${c}%{endif}\"\n", "x = <<EOT\n${a + b}\nEOT\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := nestScanner{src: []byte(src)}
		off, ok := s.scan()
		diags := s.diagnose(off, ok, "a.hcl", hcl.InitialPos)
		if diags.HasErrors() {
			if len(diags) != 1 || diags[0].Subject == nil || diags[0].Subject.Start.Byte > len(src) {
				t.Fatalf("%q: %v", src, diags)
			}
			return
		}
		file, _ := hclsyntax.ParseConfig([]byte(src), "a.hcl", hcl.InitialPos)
		body, ok := file.Body.(*hclsyntax.Body)
		if !ok {
			return
		}
		boundExpressions(body, nil)
		if depth, most := treeDepth(body), 8*(s.peak+2); depth > most {
			t.Fatalf("%q: a tree %d deep, the scanner allowed %d", src, depth, most)
		}
	})
}

// treeDepth is the depth of the syntax tree n.
func treeDepth(n hclsyntax.Node) int {
	w := &depthWalker{}
	hclsyntax.Walk(n, w)
	return w.most
}

type depthWalker struct{ cur, most int }

func (w *depthWalker) Enter(hclsyntax.Node) hcl.Diagnostics {
	w.cur++
	w.most = max(w.most, w.cur)
	return nil
}

func (w *depthWalker) Exit(hclsyntax.Node) hcl.Diagnostics {
	w.cur--
	return nil
}
