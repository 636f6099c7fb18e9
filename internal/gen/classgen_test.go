package gen

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

var classCases = []ClassOptions{
	{Seed: 1, Resources: 60, Classes: 10, Instances: 12},
	{Seed: 2, Resources: 90, Classes: 14, Instances: 20},
	{Seed: 5, Resources: 80, Classes: 12, Instances: 16, Cycle: true},
	{Seed: 7, Resources: 50, Classes: 8},
	{Seed: 12, Resources: 3, Classes: 1},
	{Seed: 13, Resources: 400, Classes: 40, Instances: 90},
}

// TestGenerateClassesDeterministic: the same options give the same bytes;
// another seed gives another site.
func TestGenerateClassesDeterministic(t *testing.T) {
	t.Parallel()
	for _, o := range classCases {
		a, err := GenerateClasses(o)
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		b, _ := GenerateClasses(o)
		for i := range a {
			if a[i].Name != b[i].Name || !bytes.Equal(a[i].Src, b[i].Src) {
				t.Errorf("%+v: %s differs between two runs", o, a[i].Name)
			}
		}
		o.Seed += 1000
		c, err := GenerateClasses(o)
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		if o.Classes > 1 && bytes.Equal(a[1].Src, c[1].Src) {
			t.Errorf("%+v: seeds %d and %d give the same main.hcl", o, o.Seed-1000, o.Seed)
		}
	}
}

// TestGenerateClassesRefused: options no site can meet are refused.
func TestGenerateClassesRefused(t *testing.T) {
	t.Parallel()
	for _, o := range []ClassOptions{
		{Seed: 1, Resources: 10, Classes: 0},
		{Seed: 1, Resources: -1, Classes: 2},
		{Seed: 1, Resources: 10, Classes: 3, Instances: 40},
		{Seed: 1, Resources: 3, Classes: 1, Cycle: true},
	} {
		if _, err := GenerateClasses(o); err == nil {
			t.Errorf("%+v: accepted", o)
		}
	}
}

var (
	ppResourceRE  = regexp.MustCompile(`(?m)^\s*@?([a-z:_0-9]+) \{ (\[[^\]]*\]|'[^']*'|"[^"]*"):`)
	hclResourceRE = regexp.MustCompile(`(?m)^\s*resource "([a-z:_0-9]+)" "([^"]*)" \{`)
	ppClassRE     = regexp.MustCompile(`(?m)^(class|define) ([a-z:_0-9]+) [({]`)
	hclClassRE    = regexp.MustCompile(`(?m)^(class|define) "([a-z:_0-9]+)" \{`)
	forEachRE     = regexp.MustCompile(`for_each\s+= toset\(\[([^\]]*)\]\)`)
)

// TestGenerateClassesTwins: main.hcl parses as HCL, and both files
// declare the same classes, defines and resource blocks in the same order,
// with the same titles (a Puppet title array is a for_each set).
func TestGenerateClassesTwins(t *testing.T) {
	t.Parallel()
	for _, o := range classCases {
		files, err := GenerateClasses(o)
		if err != nil {
			t.Fatal(err)
		}
		pp, hclSrc := string(files[0].Src), files[1].Src
		_, diags := hclsyntax.ParseConfig(hclSrc, "main.hcl", hcl.InitialPos)
		for _, d := range diags {
			// catc reads a title label as a template; HCL alone refuses it
			if !strings.Contains(d.Detail, "Template sequences are not allowed") {
				t.Fatalf("%+v: main.hcl: %v", o, d)
			}
		}
		if got, want := names(hclClassRE, string(hclSrc)), names(ppClassRE, pp); !slices.Equal(got, want) {
			t.Errorf("%+v: HCL classes and defines %v, Puppet %v", o, got, want)
		}
		var ppRes, hclRes []string
		for _, m := range ppResourceRE.FindAllStringSubmatch(pp, -1) {
			if m[1] == "class" || m[1] == "stage" {
				continue
			}
			ppRes = append(ppRes, m[1]+" "+ppTitle(m[2]))
		}
		lines := strings.Split(string(hclSrc), "\n")
		for i, line := range lines {
			m := hclResourceRE.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			title := hclTitle(m[2])
			if fe := forEachRE.FindStringSubmatch(lines[i+1]); fe != nil {
				title = "[" + strings.ReplaceAll(fe[1], `"`, "") + "]"
			}
			hclRes = append(hclRes, m[1]+" "+title)
		}
		if !slices.Equal(ppRes, hclRes) {
			t.Errorf("%+v: resource blocks differ:\nPuppet %v\nHCL    %v", o, ppRes, hclRes)
		}
		if len(ppRes) == 0 {
			t.Errorf("%+v: no resource block", o)
		}
	}
}

func names(re *regexp.Regexp, src string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

// ppTitle and hclTitle write a title so that both languages compare:
// quotes dropped, interpolation as ${title}.
func ppTitle(s string) string { return strings.NewReplacer("'", "", `"`, "").Replace(s) }

func hclTitle(s string) string { return strings.ReplaceAll(s, "${self.title}", "${title}") }

// TestGenerateClassesForward: without Cycle every relationship the
// generator writes, and every automatic relationship its resources imply
// (a file's parent directory, a user's group), goes forward on the time
// line of span, where a container's span holds its contents; so the site
// has no dependency cycle. With Cycle exactly one goes back.
func TestGenerateClassesForward(t *testing.T) {
	t.Parallel()
	for _, o := range classCases {
		b, err := newClassBuilder(o)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.build(); err != nil {
			t.Fatal(err)
		}
		at := map[string]span{}
		for _, tg := range b.targets {
			at[tg.ref.puppetRef()] = tg.sp()
		}
		back := 0
		check := func(from, to span, what string) {
			if from.end >= to.start {
				back++
				if !o.Cycle {
					t.Errorf("%+v: %s goes back: %v -> %v", o, what, from, to)
				}
			}
		}
		rels := func(owner span, attrs []siteAttr, who string) {
			for _, a := range attrs {
				for _, r := range refsOf(a) {
					other, ok := at[r.puppetRef()]
					if !ok {
						t.Errorf("%+v: %s %s names %s, which the site does not declare", o, who, a.name, r.puppetRef())
						continue
					}
					switch a.name {
					case "before", "notify":
						check(owner, other, who+" "+a.name+" "+r.puppetRef())
					case "require", "subscribe":
						check(other, owner, who+" "+a.name+" "+r.puppetRef())
					}
				}
			}
		}
		for i, c := range b.s.classes {
			if i > 0 && c.parent >= 0 {
				p := b.s.classes[c.parent].span
				if c.kind == declContain && (c.start <= p.start || c.end >= p.end) {
					t.Errorf("%+v: %s is contained by %s but lies outside it", o, c.name, b.s.classes[c.parent].name)
				}
				if c.kind == declRequire {
					check(c.span, p, c.name+" required by "+b.s.classes[c.parent].name)
				}
				rels(c.span, c.decl.args, "class "+c.name)
			}
			var dir span
			groups := map[string]span{}
			for _, s := range c.body {
				switch s := s.(type) {
				case *resStmt:
					sp := b.spans[s][0]
					rels(sp, s.attrs, s.typ)
					if s.typ == "file" {
						title := string(s.title.(str))
						if strings.Count(title, "/") == 4 {
							dir = sp
						} else {
							check(dir, sp, "the parent directory of "+title)
						}
					}
					for _, a := range s.attrs {
						switch {
						case s.typ == "group":
							groups[string(s.title.(str))] = sp
						case s.typ == "user" && a.name == "gid":
							check(groups[string(a.value.(str))], sp, "the group of "+string(s.title.(str)))
						}
					}
				case *collectStmt:
					for r, g := range b.grpOf {
						if "grp_"+strconv.Itoa(g) == s.tag {
							rels(b.spans[r][0], s.rels, "collected "+string(r.title.(str)))
						}
					}
				}
			}
		}
		if o.Cycle && back != 1 {
			t.Errorf("%+v: %d relationships go back, want exactly 1 (the cycle's)", o, back)
		}
	}
}

func refsOf(a siteAttr) []siteRef {
	switch v := a.value.(type) {
	case siteRef:
		return []siteRef{v}
	case array:
		var out []siteRef
		for _, e := range v {
			if r, ok := e.(siteRef); ok {
				out = append(out, r)
			}
		}
		return out
	}
	return nil
}

// TestGenerateClassesScale: the speed target's site (100,000
// resources over 2,000 classes and 20,000 define instances) is generated
// with exactly those counts.
func TestGenerateClassesScale(t *testing.T) {
	t.Parallel()
	o := ClassOptions{Seed: 7, Resources: 100000, Classes: 2000, Instances: 20000}
	if testing.Short() {
		o = ClassOptions{Seed: 7, Resources: 10000, Classes: 200, Instances: 2000}
	}
	b, err := newClassBuilder(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.build(); err != nil {
		t.Fatal(err)
	}
	if b.count != o.Resources || len(b.s.classes) != o.Classes {
		t.Errorf("%d resources in %d classes, want %d in %d", b.count, len(b.s.classes), o.Resources, o.Classes)
	}
	instances := 0
	for _, c := range b.s.classes {
		for _, s := range c.body {
			if r, ok := s.(*resStmt); ok && r.def != nil {
				instances += r.def.instances(b.s.defines) * max(1, len(r.forEach))
			}
		}
	}
	if instances != o.Instances {
		t.Errorf("%d define instances, want %d", instances, o.Instances)
	}
}
