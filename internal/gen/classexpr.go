package gen

import (
	"strconv"
	"strings"
)

// expr is a value of the class site model, written in both languages:
// pp() as Puppet writes it, hcl() as catc's HCL does.
type expr interface {
	pp() string
	hcl() string
}

// str is a literal string; the generated text has no quote, backslash,
// `$` or `%` in it, so both languages quote it plainly.
type str string

func (s str) pp() string  { return "'" + string(s) + "'" }
func (s str) hcl() string { return strconv.Quote(string(s)) }

// integer and boolean literals.
type num int

func (n num) pp() string  { return strconv.Itoa(int(n)) }
func (n num) hcl() string { return strconv.Itoa(int(n)) }

type boolean bool

func (b boolean) pp() string  { return strconv.FormatBool(bool(b)) }
func (b boolean) hcl() string { return strconv.FormatBool(bool(b)) }

// array is an array.
type array []expr

func (l array) pp() string  { return "[" + join(l, expr.pp) + "]" }
func (l array) hcl() string { return "[" + join(l, expr.hcl) + "]" }

func join(l []expr, f func(expr) string) string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = f(e)
	}
	return strings.Join(parts, ", ")
}

// param is a class's or define's parameter: Puppet's $name, catc's
// var.name.
type param string

func (v param) pp() string  { return "$" + string(v) }
func (v param) hcl() string { return "var." + string(v) }

// localVar is a class's local: Puppet's $name, catc's local.name.
type localVar string

func (v localVar) pp() string  { return "$" + string(v) }
func (v localVar) hcl() string { return "local." + string(v) }

// fact is a fact by its path: $facts['os']['family'], facts.os.family.
type fact []string

func (f fact) pp() string  { return "$facts['" + strings.Join(f, "']['") + "']" }
func (f fact) hcl() string { return "facts." + strings.Join(f, ".") }

// title is a define instance's title: $title, self.title.
type title struct{}

func (title) pp() string  { return "$title" }
func (title) hcl() string { return "self.title" }

// interp is a string built from literal text (str parts) and values.
type interp []expr

func (t interp) pp() string  { return `"` + t.body(expr.pp) + `"` }
func (t interp) hcl() string { return `"` + t.body(expr.hcl) + `"` }

func (t interp) body(f func(expr) string) string {
	var b strings.Builder
	for _, p := range t {
		if s, ok := p.(str); ok {
			b.WriteString(strings.ReplaceAll(string(s), "\n", `\n`))
			continue
		}
		b.WriteString("${" + strings.TrimPrefix(f(p), "$") + "}")
	}
	return b.String()
}

// plus is a value plus an integer.
type plus struct {
	a expr
	n int
}

func (p plus) pp() string  { return p.a.pp() + " + " + strconv.Itoa(p.n) }
func (p plus) hcl() string { return p.a.hcl() + " + " + strconv.Itoa(p.n) }

// times is a value times an integer.
type times struct {
	a expr
	n int
}

func (p times) pp() string  { return p.a.pp() + " * " + strconv.Itoa(p.n) }
func (p times) hcl() string { return p.a.hcl() + " * " + strconv.Itoa(p.n) }

// choose is `a` when the fact equals eq, else `b`: Puppet's selector,
// HCL's conditional.
type choose struct {
	f    fact
	eq   string
	a, b expr
}

func (c choose) pp() string {
	return c.f.pp() + " ? { " + str(c.eq).pp() + " => " + c.a.pp() + ", default => " + c.b.pp() + " }"
}
func (c choose) hcl() string {
	return c.f.hcl() + " == " + str(c.eq).hcl() + " ? " + c.a.hcl() + " : " + c.b.hcl()
}

// siteRef is a reference to a resource, a class or a define instance. typ is
// Puppet's type name as declared (`notify`, `class`, `site::d2`), name
// the title (for a class, its name). form picks how catc's HCL writes it:
// 0 Puppet's string form, 1 a traversal (`notify["x"]`, `class["x"]`;
// the string form for a type with `::`), 2 the string form with the
// type written in lower case.
type siteRef struct {
	typ, name string
	form      int
}

func (r siteRef) pp() string {
	if r.typ == "class" {
		return "Class['" + r.name + "']"
	}
	return capitalise(r.typ) + "['" + r.name + "']"
}

func (r siteRef) hcl() string {
	switch {
	case r.form == 1 && !strings.Contains(r.typ, "::"):
		return r.typ + "[" + strconv.Quote(r.name) + "]"
	case r.form == 2:
		return strconv.Quote(r.typ + "[" + r.name + "]")
	case r.typ == "class":
		return strconv.Quote("Class[" + capitalise(r.name) + "]")
	}
	return strconv.Quote(capitalise(r.typ) + "[" + r.name + "]")
}

// puppetRef is the reference as Puppet's catalog writes it.
func (r siteRef) puppetRef() string {
	if r.typ == "class" {
		return "Class[" + capitalise(r.name) + "]"
	}
	return capitalise(r.typ) + "[" + r.name + "]"
}

// capitalise upper-cases the first letter of each ::-separated segment.
func capitalise(name string) string {
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}

// tref is a reference whose title is built (a resource of the same define
// instance): Exec["d2 ${title} r2"] in Puppet, "Exec[d2 ${self.title} r2]"
// in catc.
type tref struct {
	typ   string
	title interp
}

func (r tref) pp() string { return capitalise(r.typ) + "[" + r.title.pp() + "]" }
func (r tref) hcl() string {
	return `"` + capitalise(r.typ) + "[" + r.title.body(expr.hcl) + `]"`
}
