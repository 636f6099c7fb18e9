package gen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
)

// ClassOptions say what class site to generate (GenerateClasses).
type ClassOptions struct {
	// Seed picks the site; the same options give the same bytes.
	Seed uint64
	// Resources is the number of core resources in the catalog of the
	// site's node (stages, classes, the node and define instances not
	// counted).
	Resources int
	// Classes is the number of classes; every one is declared on the node.
	Classes int
	// Instances is the number of define instances on the node, nested
	// ones included.
	Instances int
	// Cycle adds two relationships that make a dependency cycle through a
	// class (otherwise every edge goes forward and there is none).
	Cycle bool
}

// GenerateClasses writes a random site of classes, defined types,
// defaults, virtual resources, collectors, relationships and node blocks
// as site.pp (Puppet) and main.hcl (catc's HCL, docs/classes.md), both
// from one model so they mean the same, plus facts.json: the node
// (certname) the site is compiled for and its facts, in the format
// `puppet facts find --render-as json` prints. The output depends only on
// o.
func GenerateClasses(o ClassOptions) ([]File, error) {
	s, err := buildClassSite(o)
	if err != nil {
		return nil, err
	}
	header := fmt.Sprintf("gen -classes -seed %d -n %d -class-count %d -instances %d", o.Seed, o.Resources, o.Classes, o.Instances)
	if o.Cycle {
		header += " -cycle"
	}
	return []File{
		{Name: "site.pp", Src: s.puppet(header)},
		{Name: "main.hcl", Src: s.hclSrc(header)},
		{Name: "facts.json", Src: classFacts(s.certname)},
	}, nil
}

// classBuilder builds a classSite from the options' seed.
type classBuilder struct {
	o       ClassOptions
	rng     *rand.Rand
	s       *classSite
	res     [][]*resStmt // each class's own resources, in order
	inst    [][]*resStmt // each class's define instances, in order
	extra   [][]stmt     // each class's defaults, realize and collect statements
	targets []target     // what relationships may join, with its span
	spans   map[*resStmt][]span
	realize map[int][]expr
	collect map[int]*collectStmt // by group
	grpOf   map[*resStmt]int
	count   int // core resources declared on the node
}

// target is something a relationship may name: a resource, a define
// instance or a class, with where a relationship from or to it can be
// written (stmt: a resource block, nil for a class or for one of several
// for_each instances).
type target struct {
	ref   siteRef
	stmt  *resStmt
	class int // its index when it is a class, else -1
	owner int // the class whose body declares it (a class: itself)
	sp    func() span
}

func buildClassSite(o ClassOptions) (*classSite, error) {
	b, err := newClassBuilder(o)
	if err != nil {
		return nil, err
	}
	return b.s, b.build()
}

func newClassBuilder(o ClassOptions) (*classBuilder, error) {
	switch {
	case o.Classes < 1:
		return nil, errors.New("gen: -classes needs at least one class")
	case o.Resources < 0 || o.Instances < 0:
		return nil, errors.New("gen: resources and instances cannot be negative")
	}
	return &classBuilder{o: o, rng: rand.New(rand.NewPCG(o.Seed, 0x5eed)), s: &classSite{}, extra: make([][]stmt, o.Classes),
		spans: map[*resStmt][]span{}, realize: map[int][]expr{}, collect: map[int]*collectStmt{}, grpOf: map[*resStmt]int{}}, nil
}

// build makes the site, step by step (each step's doc says what it adds).
func (b *classBuilder) build() error {
	o := b.o
	b.nodes()
	b.s.stage = o.Classes >= 4 && b.rng.IntN(10) < 6
	b.defineTypes()
	b.classTree()
	b.stageOne()
	instRes := b.instances()
	budget := o.Resources - 3 - instRes // two top-level resources and the node's
	if budget < 0 {
		return fmt.Errorf("gen: %d resources are too few: the %d define instances declare %d, and the top level and the node 3",
			o.Resources, o.Instances, instRes)
	}
	b.classResources(budget)
	b.virtuals()
	b.bodies()
	b.top()
	b.layout()
	b.relationships()
	b.collectorRelationships()
	b.extraIncludes()
	if o.Cycle {
		if err := b.cycle(); err != nil {
			return err
		}
	}
	if b.count != o.Resources {
		return fmt.Errorf("gen: internal error: %d resources declared, %d asked", b.count, o.Resources)
	}
	return nil
}

// pick is true with probability percent/100.
func (b *classBuilder) pick(percent int) bool { return b.rng.IntN(100) < percent }

// nodes chooses the certname and writes the node blocks: an exact name,
// a regex and default, each including the role; which one matches the
// certname depends on the seed.
func (b *classBuilder) nodes() {
	seed := strconv.FormatUint(b.o.Seed, 10)
	exact := "gen-other.example.com"
	b.s.certname = "gen-" + seed + ".example.com"
	switch b.o.Seed % 3 {
	case 0:
		exact = b.s.certname
	case 2:
		b.s.certname = "host-" + seed + ".example.com"
	}
	for _, n := range []struct{ name, what string }{{exact, "exact"}, {`/^gen-\d+\.example\.com$/`, "regex"}, {"default", "default"}} {
		nb := &nodeBlock{name: n.name}
		if b.pick(30) {
			nb.body = append(nb.body, &defaultsStmt{typ: "file", attrs: []siteAttr{{"backup", boolean(false)}}})
		}
		nb.body = append(nb.body, &declStmt{kind: declInclude, class: "site::role"},
			&resStmt{typ: "notify", title: str("node " + n.what)})
		b.s.nodes = append(b.s.nodes, nb)
	}
	b.count++ // the matching node's notify
}

// defineTypes writes the defined types: each declares one to three
// resources of its instance (a notify, a file, a refreshonly exec the
// notify refreshes), one more when its `flag` is true, and may declare an
// instance of an earlier define.
func (b *classBuilder) defineTypes() {
	if b.o.Instances == 0 {
		return
	}
	n := min(max(b.o.Instances/500+2, 1), 50, b.o.Instances)
	for d := range n {
		dt := &defineType{name: fmt.Sprintf("site::d%d", d), base: 1 + b.rng.IntN(3), inner: -1, flagDefault: b.pick(50)}
		if d > 0 && b.pick(40) {
			dt.inner, dt.innerFlag = b.rng.IntN(d), b.pick(50)
		}
		dn := strconv.Itoa(d)
		dt.params = []siteParam{
			{"port", "Integer", num(8000 + d)},
			{"label", "String", interp{title{}, str("-d" + dn)}},
			{"flag", "Boolean", boolean(dt.flagDefault)},
		}
		if b.pick(20) {
			dt.body = append(dt.body, &defaultsStmt{typ: "file", attrs: []siteAttr{{"mode", str("0640")}}})
		}
		name := func(k string) interp { return interp{str("d" + dn + " "), title{}, str(" " + k)} }
		for k := range dt.base {
			r := &resStmt{}
			switch k {
			case 0:
				r.typ, r.title = "notify", name("r0")
				r.attrs = []siteAttr{{"message", interp{param("label"), str(":"), param("port")}}}
				if dt.base == 3 {
					r.attrs = append(r.attrs, siteAttr{"notify", tref{"exec", name("r2")}})
				}
			case 1:
				r.typ, r.title = "file", interp{str("/tmp/catc-classes/gen/d" + dn + "/"), title{}, str("/r1")}
				r.attrs = []siteAttr{{"ensure", str("file")}, {"content", interp{param("port"), str("\n")}}}
			case 2:
				r.typ, r.title = "exec", name("r2")
				r.attrs = []siteAttr{{"command", str("/bin/true")}, {"refreshonly", boolean(true)}}
			}
			dt.body = append(dt.body, r)
		}
		dt.body = append(dt.body, &resStmt{typ: "notify", title: name("flagged"), onlyIf: param("flag")})
		if dt.inner >= 0 {
			dt.body = append(dt.body, &resStmt{typ: b.s.defines[dt.inner].name, def: b.s.defines[dt.inner], title: interp{title{}, str("-in")},
				attrs: []siteAttr{{"flag", boolean(dt.innerFlag)}}})
		}
		b.s.defines = append(b.s.defines, dt)
	}
}

// classTree writes the classes and who declares each first: class 0 is
// the role the node includes; class i is declared by an earlier class
// with contain, include or require; some declarations are resource-like.
func (b *classBuilder) classTree() {
	for i := range b.o.Classes {
		c := &siteClass{name: fmt.Sprintf("site::c%d", i), parent: -1}
		if i == 0 {
			c.name = "site::role"
		}
		b.s.classes = append(b.s.classes, c)
		b.classParams(i, c)
		if i == 0 {
			continue
		}
		c.parent = b.rng.IntN(i)
		switch r := b.rng.IntN(100); {
		case r < 45:
			c.kind = declContain
		case r < 85:
			c.kind = declInclude
		default:
			c.kind = declRequire
		}
		c.decl = &declStmt{kind: c.kind, class: c.name, index: i}
		switch {
		case b.pick(35) && len(c.params) > 0:
			for _, p := range c.params {
				if b.pick(60) {
					c.decl.args = append(c.decl.args, siteAttr{p.name, given(p.name, i)})
				}
			}
			c.decl.resourceLike = true
		case b.pick(5):
			c.decl.resourceLike = true
		}
	}
}

// stageOne puts one class that declares no class into stage pre, with
// include { stage = "pre" } (nothing may contain it: its container would
// be in main, after it).
func (b *classBuilder) stageOne() {
	if !b.s.stage {
		return
	}
	parents := map[int]bool{}
	for _, c := range b.s.classes {
		parents[c.parent] = true
	}
	var leaves []int
	for i := 1; i < len(b.s.classes); i++ {
		if !parents[i] {
			leaves = append(leaves, i)
		}
	}
	if len(leaves) == 0 {
		b.s.stage = false
		return
	}
	c := b.s.classes[leaves[b.rng.IntN(len(leaves))]]
	c.staged, c.kind, c.decl.kind = true, declInclude, declInclude
	c.decl.args = append([]siteAttr{{"stage", str("pre")}}, c.decl.args...)
}

// classParams gives class i up to four parameters, each default built
// from the parameters before it, facts and functions, and sometimes a
// local.
func (b *classBuilder) classParams(i int, c *siteClass) {
	n := b.rng.IntN(5)
	ci := "c" + strconv.Itoa(i)
	has := map[string]bool{}
	for _, name := range []string{"port", "label", "family", "workers"}[:min(n, 4)] {
		var p siteParam
		switch name {
		case "port":
			p = siteParam{name, "Integer[1, 65535]", num(1000 + i)}
		case "label":
			p = siteParam{name, "String", str(ci)}
			if has["port"] {
				p.def = interp{str(ci + "-"), param("port")}
			}
		case "family":
			p = siteParam{name, "String", choose{fact{"os", "family"}, "Debian", str("deb"), str("rpm")}}
		case "workers":
			p = siteParam{name, "Integer", times{fact{"processors", "count"}, 2}}
			if has["port"] && b.pick(50) {
				p.def = plus{param("port"), 1}
			}
		}
		has[name] = true
		c.params = append(c.params, p)
	}
	if b.pick(30) {
		v := interp{str("/tmp/catc-classes/gen/" + ci)}
		if has["label"] {
			v = append(v, str("/"), param("label"))
		}
		c.locals = append(c.locals, local{"base", v})
	}
}

// given is the value a resource-like declaration passes for a parameter.
func given(name string, i int) expr {
	switch name {
	case "port":
		return num(2000 + i)
	case "label":
		return str("given-c" + strconv.Itoa(i))
	case "family":
		return str("given")
	}
	return num(3)
}

// instances spreads Instances define instances over the classes (some as
// for_each blocks of two or three) and returns the resources they declare.
func (b *classBuilder) instances() int {
	b.inst = make([][]*resStmt, b.o.Classes)
	left, total, n := b.o.Instances, 0, 0
	for left > 0 {
		var fit []int
		for d, dt := range b.s.defines {
			if dt.instances(b.s.defines) <= left {
				fit = append(fit, d)
			}
		}
		dt := b.s.defines[fit[b.rng.IntN(len(fit))]]
		per := dt.instances(b.s.defines)
		k := 1
		if b.pick(20) {
			k = min(2+b.rng.IntN(2), left/per)
		}
		r := &resStmt{typ: dt.name, def: dt}
		flag := dt.flagDefault
		if b.pick(50) {
			flag = b.pick(50)
			r.attrs = append(r.attrs, siteAttr{"flag", boolean(flag)})
		}
		if b.pick(30) {
			r.attrs = append(r.attrs, siteAttr{"port", num(9000 + n)})
		}
		titles := make([]string, k)
		for j := range titles {
			titles[j] = "i" + strconv.Itoa(n)
			n++
		}
		if k == 1 {
			r.title = str(titles[0])
		} else {
			slices.Sort(titles) // catc declares for_each instances in key order
			r.forEach = titles
		}
		c := b.rng.IntN(b.o.Classes)
		b.inst[c] = append(b.inst[c], r)
		left -= per * k
		total += dt.resources(b.s.defines, flag) * k
	}
	b.count += total
	return total
}

// classResources spreads budget resources of core types over the classes.
func (b *classBuilder) classResources(budget int) {
	b.res = make([][]*resStmt, b.o.Classes)
	per := make([]int, b.o.Classes)
	for i := range per {
		per[i] = budget / b.o.Classes
	}
	for range budget % b.o.Classes {
		per[b.rng.IntN(b.o.Classes)]++
	}
	for i, n := range per {
		b.res[i] = b.classResourceList(i, n)
	}
	b.count += budget
}

// classResourceList writes class i's n resources: a directory first when
// it has files (so a file's parent comes before it), then notify, file,
// exec, group, user (some virtual), package, host and cron resources.
func (b *classBuilder) classResourceList(i, n int) []*resStmt {
	ci := strconv.Itoa(i)
	dir := "/tmp/catc-classes/gen/c" + ci
	c := b.s.classes[i]
	var out []*resStmt
	var group string
	for k := range n {
		ks := strconv.Itoa(k)
		r := &resStmt{}
		if k == 0 && n >= 2 {
			r.typ, r.title = "file", str(dir)
			r.attrs = []siteAttr{{"ensure", str("directory")}}
			out = append(out, r)
			continue
		}
		switch w := b.rng.IntN(100); {
		case w < 30:
			r.typ, r.title = "notify", str("c"+ci+" n"+ks)
			if p := b.someParam(c); p != nil && b.pick(60) {
				r.attrs = append(r.attrs, siteAttr{"message", interp{str("c" + ci + " "), p}})
			}
		case w < 55 && n >= 2:
			r.typ, r.title = "file", str(dir+"/f"+ks)
			r.attrs = []siteAttr{{"ensure", str("file")}}
			switch {
			case len(c.locals) > 0 && b.pick(50):
				r.attrs = append(r.attrs, siteAttr{"content", interp{localVar("base"), str("\n")}})
			case b.pick(50):
				r.attrs = append(r.attrs, siteAttr{"content", interp{str("c" + ci + " "), fact{"networking", "hostname"}, str("\n")}})
			}
		case w < 65:
			r.typ, r.title = "exec", str("c"+ci+" e"+ks)
			r.attrs = []siteAttr{{"command", str("/bin/true")}, {"refreshonly", boolean(true)}}
		case w < 71:
			group = "gen_g" + ci + "_" + ks
			r.typ, r.title = "group", str(group)
			r.attrs = []siteAttr{{"ensure", str("present")}, {"gid", num(20000 + 100*i + k)}}
		case w < 82:
			r.typ, r.title = "user", str("gen_u"+ci+"_"+ks)
			r.attrs = []siteAttr{{"ensure", str("present")}, {"uid", num(30000 + 100*i + k)}}
			if group != "" {
				r.attrs = append(r.attrs, siteAttr{"gid", str(group)})
			}
			r.virtual = b.pick(50)
		case w < 88:
			r.typ, r.title = "package", str("gen-pkg-c"+ci+"-"+ks)
			r.attrs = []siteAttr{{"ensure", str("installed")}}
		case w < 94:
			r.typ, r.title = "host", str("h"+ks+".c"+ci+".gen.internal")
			r.attrs = []siteAttr{{"ip", str(fmt.Sprintf("10.%d.%d.1", i%250, k%250))}}
		default:
			r.typ, r.title = "cron", str("gen c"+ci+" "+ks)
			r.attrs = []siteAttr{{"command", str("/bin/true")}, {"user", str("root")}, {"minute", num(k % 60)}}
		}
		if b.pick(10) {
			addTag(&r.attrs, "gt"+ci)
		}
		out = append(out, r)
	}
	return out
}

// someParam is one of the class's parameters, or nil.
func (b *classBuilder) someParam(c *siteClass) expr {
	if len(c.params) == 0 {
		return nil
	}
	return param(c.params[b.rng.IntN(len(c.params))].name)
}

// virtuals has every virtual user realized: by name from some class's
// realize, or by a collector of a group tag in some class, which also
// overrides its comment.
func (b *classBuilder) virtuals() {
	groups := max(1, b.o.Classes/5)
	for _, rs := range b.res {
		for _, r := range rs {
			if !r.virtual {
				continue
			}
			if b.pick(50) {
				j := b.rng.IntN(b.o.Classes)
				b.realize[j] = append(b.realize[j], siteRef{"user", string(r.title.(str)), b.rng.IntN(3)})
				continue
			}
			g := b.rng.IntN(groups)
			addTag(&r.attrs, "grp_"+strconv.Itoa(g))
			b.grpOf[r] = g
			if b.collect[g] == nil {
				b.collect[g] = &collectStmt{typ: "user", tag: "grp_" + strconv.Itoa(g),
					overrides: []siteAttr{{"comment", str("collected into grp_" + strconv.Itoa(g))}}}
				owner := b.rng.IntN(b.o.Classes)
				b.extraStmt(owner, b.collect[g])
			}
		}
	}
	for j := range b.o.Classes {
		if refs := b.realize[j]; len(refs) > 0 {
			b.extraStmt(j, &realizeStmt{refs: refs})
		}
		if b.pick(15) {
			ds := &defaultsStmt{typ: "file", attrs: []siteAttr{{"mode", str("0644")}}}
			if b.pick(50) {
				ds.attrs = append(ds.attrs, siteAttr{"tag", array{str("dflt_c" + strconv.Itoa(j))}})
			}
			b.extraStmt(j, ds)
		}
	}
}

func (b *classBuilder) extraStmt(i int, s stmt) { b.extra[i] = append(b.extra[i], s) }

// bodies interleaves each class's resources, the declarations of the
// classes it declares first (in their order), its define instances and
// its other statements, keeping the order within each array.
func (b *classBuilder) bodies() {
	decls := make([][]stmt, b.o.Classes)
	for _, c := range b.s.classes {
		if c.parent >= 0 {
			decls[c.parent] = append(decls[c.parent], c.decl)
		}
	}
	for i, c := range b.s.classes {
		lists := [][]stmt{toStmts(b.res[i]), decls[i], toStmts(b.inst[i]), b.extra[i]}
		for {
			var open []int
			for k, l := range lists {
				if len(l) > 0 {
					open = append(open, k)
				}
			}
			if len(open) == 0 {
				break
			}
			k := open[b.rng.IntN(len(open))]
			c.body = append(c.body, lists[k][0])
			lists[k] = lists[k][1:]
		}
	}
}

func toStmts(rs []*resStmt) []stmt {
	out := make([]stmt, len(rs))
	for i, r := range rs {
		out[i] = r
	}
	return out
}

// top writes the top level: sometimes an exec default, and two notify
// resources, the second after the role.
func (b *classBuilder) top() {
	if b.pick(50) {
		b.s.top = append(b.s.top, &defaultsStmt{typ: "exec", attrs: []siteAttr{{"path", str("/usr/bin:/bin")}}})
	}
	b.s.top = append(b.s.top, &resStmt{typ: "notify", title: str("top first")},
		&resStmt{typ: "notify", title: str("top last"), attrs: []siteAttr{{"require", siteRef{"class", "site::role", b.rng.IntN(3)}}}})
	b.count += 2
}

// layout gives everything its span (see span) and lists the targets:
// classes in stage pre first, then the classes no class contains (a
// class declared by contain lies inside its container), a later class
// before an earlier one (a class required by another comes before it),
// then Class[main]. Inside a class: its resources and define instances
// and the classes it contains, in body order.
func (b *classBuilder) layout() {
	var roots []int
	for i, c := range b.s.classes {
		if c.staged {
			roots = append(roots, i)
		}
	}
	for i := len(b.s.classes) - 1; i >= 0; i-- {
		if c := b.s.classes[i]; !c.staged && (c.parent < 0 || c.kind != declContain) {
			roots = append(roots, i)
		}
	}
	t := 0
	for _, i := range roots {
		b.layoutClass(i, &t)
	}
}

func (b *classBuilder) layoutClass(i int, t *int) {
	c := b.s.classes[i]
	c.start = *t
	*t++
	for _, s := range c.body {
		switch s := s.(type) {
		case *resStmt:
			b.layoutResource(i, s, t)
		case *declStmt:
			if s.kind == declContain && s == b.s.classes[s.index].decl {
				b.layoutClass(s.index, t)
			}
		}
	}
	c.end = *t
	*t++
	ci := i
	b.targets = append(b.targets, target{ref: siteRef{"class", c.name, b.rng.IntN(3)}, class: i, owner: i,
		sp: func() span { return b.s.classes[ci].span }})
}

// layoutResource places a resource or define instance block (each of its
// for_each instances, each of them an interval holding its resources).
func (b *classBuilder) layoutResource(owner int, r *resStmt, t *int) {
	titles := r.forEach
	if titles == nil {
		titles = []string{string(r.title.(str))}
	}
	for _, ti := range titles {
		sp := span{start: *t}
		if r.def != nil {
			*t += 1 + 2*r.def.resources(b.s.defines, true)
		}
		sp.end = *t
		*t++
		b.spans[r] = append(b.spans[r], sp)
		tg := target{ref: siteRef{r.typ, ti, b.rng.IntN(3)}, class: -1, owner: owner, sp: func() span { return sp }}
		if len(titles) == 1 {
			tg.stmt = r
		}
		b.targets = append(b.targets, tg)
	}
}

// relationships joins about a tenth as many pairs as there are resources
// and classes, each from the earlier to the later on the time line, a
// third of them refreshing; each is written on a resource block, or on a
// class's declaration (which makes it resource-like).
func (b *classBuilder) relationships() {
	want := max(1, (b.o.Resources+b.o.Classes)/10)
	seen := map[[2]int]bool{}
	for tries := 0; want > 0 && tries < want*8 && len(b.targets) > 1; tries++ {
		i, j := b.rng.IntN(len(b.targets)), b.rng.IntN(len(b.targets))
		x, y := b.targets[i], b.targets[j]
		if x.sp().end >= y.sp().start {
			if y.sp().end >= x.sp().start {
				continue
			}
			i, j, x, y = j, i, y, x
		}
		if seen[[2]int{i, j}] {
			continue
		}
		refresh := b.pick(33)
		if b.relate(x, y, refresh) {
			seen[[2]int{i, j}] = true
			want--
		}
	}
}

// relate writes a relationship from x to y (x applied first) on x's
// block, y's block or a class declaration; false when there is nowhere to
// write it.
func (b *classBuilder) relate(x, y target, refresh bool) bool {
	fwd, back := "before", "require"
	if refresh {
		fwd, back = "notify", "subscribe"
	}
	switch {
	case x.stmt != nil && (y.stmt == nil || b.pick(50)):
		addRel(&x.stmt.attrs, fwd, y.ref)
	case y.stmt != nil:
		addRel(&y.stmt.attrs, back, x.ref)
	case x.class > 0 && !b.s.classes[x.class].staged:
		addRel(&b.s.classes[x.class].decl.args, fwd, y.ref)
	case y.class > 0 && !b.s.classes[y.class].staged:
		addRel(&b.s.classes[y.class].decl.args, back, x.ref)
	default:
		return false
	}
	return true
}

// addTag adds a tag to a resource's tag array.
func addTag(attrs *[]siteAttr, tag string) {
	for k, a := range *attrs {
		if a.name == "tag" {
			(*attrs)[k].value = append(a.value.(array), str(tag))
			return
		}
	}
	*attrs = append(*attrs, siteAttr{"tag", array{str(tag)}})
}

// addRel appends a reference to a relationship attribute (one reference
// is written alone, several as a array).
func addRel(attrs *[]siteAttr, name string, r siteRef) {
	for k, a := range *attrs {
		if a.name != name {
			continue
		}
		if l, ok := a.value.(array); ok {
			(*attrs)[k].value = append(l, r)
		} else {
			(*attrs)[k].value = array{a.value, r}
		}
		return
	}
	*attrs = append(*attrs, siteAttr{name, r})
}

// collectorRelationships gives half of the collectors a relationship: to
// something after every user they collect, or from something before them.
func (b *classBuilder) collectorRelationships() {
	groups := make([]int, 0, len(b.collect))
	for g := range b.collect {
		groups = append(groups, g)
	}
	slices.Sort(groups)
	for _, g := range groups {
		if !b.pick(50) {
			continue
		}
		lo, hi := -1, -1
		for r, rg := range b.grpOf {
			if rg != g {
				continue
			}
			sp := b.spans[r][0]
			if lo < 0 || sp.start < lo {
				lo = sp.start
			}
			hi = max(hi, sp.end)
		}
		refresh := b.pick(33)
		for range 8 {
			tg := b.targets[b.rng.IntN(len(b.targets))]
			switch sp := tg.sp(); {
			case sp.start > hi:
				addRel(&b.collect[g].rels, map[bool]string{false: "before", true: "notify"}[refresh], tg.ref)
			case sp.end < lo:
				addRel(&b.collect[g].rels, map[bool]string{false: "require", true: "subscribe"}[refresh], tg.ref)
			default:
				continue
			}
			break
		}
	}
}

// extraIncludes has some classes include another class again: one whose
// declaration is include-like (a resource-like one would then be a
// duplicate declaration), outside stage pre.
func (b *classBuilder) extraIncludes() {
	var candidates []int
	for i, c := range b.s.classes {
		if i > 0 && !c.staged && len(c.decl.args) == 0 && !c.decl.resourceLike {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) == 0 {
		return
	}
	for j, c := range b.s.classes {
		if c.staged || !b.pick(20) {
			continue
		}
		k := candidates[b.rng.IntN(len(candidates))]
		if k == j {
			continue
		}
		at := b.rng.IntN(len(c.body) + 1)
		c.body = slices.Insert(c.body, at, stmt(&declStmt{kind: declInclude, class: b.s.classes[k].name, index: k}))
	}
}

// cycle closes a dependency cycle: a resource r of a class A before a
// later class B, and a resource of B before r.
func (b *classBuilder) cycle() error {
	own := make([][]target, b.o.Classes)
	for _, tg := range b.targets {
		if tg.stmt != nil && tg.class < 0 && tg.stmt.def == nil {
			own[tg.owner] = append(own[tg.owner], tg)
		}
	}
	for _, a := range b.rng.Perm(b.o.Classes) {
		for _, bi := range b.rng.Perm(b.o.Classes) {
			ca, cb := b.s.classes[a], b.s.classes[bi]
			if len(own[a]) == 0 || len(own[bi]) == 0 || ca.staged || cb.staged || ca.end >= cb.start {
				continue
			}
			r, s := own[a][0], own[bi][0]
			addRel(&r.stmt.attrs, "before", siteRef{"class", cb.name, 0})
			addRel(&s.stmt.attrs, "before", r.ref)
			return nil
		}
	}
	return errors.New("gen: -cycle needs two classes with resources, neither inside the other")
}
