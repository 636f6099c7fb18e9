package gen

// The model of a generated class site: what GenerateClasses builds from
// its seed and writes twice, as Puppet's site.pp and as catc's main.hcl.
// Statements keep their order, which both languages evaluate alike.

// classSite is a whole site.
type classSite struct {
	certname string
	stage    bool // stage "pre", before main
	defines  []*defineType
	classes  []*siteClass
	top      []stmt // top-level statements: Class[main]
	nodes    []*nodeBlock
}

// siteParam is a parameter of a class or define; def is nil without a
// default.
type siteParam struct {
	name, typ string
	def       expr
}

// defineType is a defined type.
type defineType struct {
	name   string
	params []siteParam
	body   []stmt
	// flagDefault is the default of its Boolean parameter `flag`, which
	// decides (only_if) whether one of its resources is declared.
	flagDefault bool
	// base is the number of resources one instance declares besides the
	// flag's and those of its inner instance.
	base int
	// inner is the define one instance declares an instance of (with
	// innerFlag), or -1.
	inner     int
	innerFlag bool
}

// resources is the number of core resources one instance declares with
// flag set so, its inner instance's included.
func (d *defineType) resources(all []*defineType, flag bool) int {
	n := d.base
	if flag {
		n++
	}
	if d.inner >= 0 {
		n += all[d.inner].resources(all, d.innerFlag)
	}
	return n
}

// instances is the number of define instances one instance makes, itself
// included.
func (d *defineType) instances(all []*defineType) int {
	if d.inner < 0 {
		return 1
	}
	return 1 + all[d.inner].instances(all)
}

// declKind is how a class is declared.
type declKind int

const (
	declInclude declKind = iota
	declContain
	declRequire
)

// siteClass is a class.
type siteClass struct {
	name   string
	params []siteParam
	locals []local
	body   []stmt
	// parent is the class whose body declares it first (-1 for the role,
	// which the node blocks include); kind and decl are that declaration.
	parent int
	kind   declKind
	decl   *declStmt
	staged bool // declared with stage = "pre"
	// ordering: the interval of its whits (see layout)
	span
}

type local struct {
	name  string
	value expr
}

// nodeBlock is a node definition: its name as written (a certname, a
// /regex/ or default).
type nodeBlock struct {
	name string
	body []stmt
}

// stmt is a statement of a body.
type stmt interface{ isStmt() }

// siteAttr is an attribute or parameter assignment.
type siteAttr struct {
	name  string
	value expr
}

// resStmt declares a resource (of a core type) or a define instance (of
// def).
type resStmt struct {
	typ     string
	def     *defineType
	title   expr // the title as written
	forEach []string
	attrs   []siteAttr // values, then metaparameters
	virtual bool
	onlyIf  expr // the resource is declared only when true (Puppet's if)
}

// declStmt declares a class: include, contain or require; args make it
// resource-like, as resourceLike does alone.
type declStmt struct {
	kind         declKind
	class        string
	index        int // the class's position in classSite.classes
	args         []siteAttr
	resourceLike bool
}

// defaultsStmt sets resource defaults for a type.
type defaultsStmt struct {
	typ   string
	attrs []siteAttr
}

// realizeStmt realizes virtual resources; a body holds at most one.
type realizeStmt struct{ refs []expr }

// collectStmt collects resources of a type by tag, overriding attributes
// and adding relationships (rels: before/require/notify/subscribe).
type collectStmt struct {
	typ       string
	tag       string
	overrides []siteAttr
	rels      []siteAttr
}

func (*resStmt) isStmt()      {}
func (*declStmt) isStmt()     {}
func (*defaultsStmt) isStmt() {}
func (*realizeStmt) isStmt()  {}
func (*collectStmt) isStmt()  {}

// span is when something is applied on an abstract time line that every
// edge of the generated site follows forwards: a container's whits open
// at start and close at end, a resource is a point (start == end). An
// edge from X to Y is added only when X.end < Y.start, so a site without
// the Cycle option has no dependency cycle.
type span struct{ start, end int }
