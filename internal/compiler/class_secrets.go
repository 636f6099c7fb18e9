package compiler

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/catalog"
)

// The secrets of a site's structure (class, define and node bodies, and
// the top level's declarations): found, like a flat site's, from the
// syntax alone before anything is evaluated, so that every source range
// holding one is masked in snippets. A value is a secret where it is
//
//   - a sensitive attribute's, in a resource block, a defaults block or
//     a collector's override;
//   - a Sensitive-typed parameter's (its default, and every argument
//     given for it: an include/contain/require block's, a define
//     instance's, a defaults or collect block's for a define);
//   - a parameter's, a local's or a top-level variable's that feeds one
//     of these (a parameter fed in its class's body is then a secret
//     parameter for every caller too).
//
// var.* and local.* in a class or define body are its own parameters and
// locals (childContext), so each definition's flow is followed apart;
// node bodies and the top level read the site's own (the global flow).

// structSecrets finds the secrets of the structure blocks: the ranges go
// to s (through the definitions' own flows), the top-level variables and
// locals they read to top (the global flow, run by the caller).
type structSecrets struct {
	l           *loader
	withSecrets map[string]*catalog.TypeDef
	// defs are the class and define blocks by Puppet's name; params
	// their secret parameters (Sensitive-typed or fed to a secret).
	defs   map[string]*hclsyntax.Block
	locals map[string][]*hclsyntax.Block
	params map[string]map[string]bool
}

// findStructSecrets adds the structure's secret ranges to c.secrets and
// the global flow's pending names to top.
func (c *loader) findStructSecrets(blocks []structBlock, withSecrets map[string]*catalog.TypeDef, top *secretFlow) *structSecrets {
	ss := &structSecrets{l: c, withSecrets: withSecrets, defs: map[string]*hclsyntax.Block{},
		locals: map[string][]*hclsyntax.Block{}, params: map[string]map[string]bool{}}
	if c.secrets.eachValue == nil {
		c.secrets.eachValue = map[*hclsyntax.Attribute]bool{}
	}
	for _, sb := range blocks {
		b := sb.block
		if b == nil || (b.Type != "class" && b.Type != "define") || len(b.Labels) != 1 {
			continue
		}
		name := className(b.Labels[0])
		if ss.defs[name] != nil {
			continue // a duplicate: refused when compiled
		}
		ss.defs[name] = b
		for _, nb := range b.Body.Blocks {
			switch nb.Type {
			case "variable":
				if p, ok := sensitiveVariable(catalog.SourceBlock{Block: nb, Src: sb.src}, c.AliasTable()); ok {
					ss.addParam(name, p)
				}
			case "locals":
				ss.locals[name] = append(ss.locals[name], nb)
			}
		}
	}
	// a parameter fed to a secret in its body is a secret for callers,
	// whose bodies may feed their own parameters in turn: until nothing
	// changes (each round adds a parameter, so it ends)
	for changed := true; changed; {
		changed = false
		for name := range ss.defs {
			flow := ss.defFlow(name, &secrets{})
			for _, fedSet := range []map[string]bool{flow.s.names, flow.s.elems} {
				for fed := range fedSet {
					if p, ok := strings.CutPrefix(fed, "var."); ok && !ss.params[name][p] {
						ss.addParam(name, p)
						changed = true
					}
				}
			}
		}
	}
	s := &c.secrets
	for name, b := range ss.defs {
		flow := ss.defFlow(name, s)
		if len(flow.s.names)+len(flow.s.elems) > 0 {
			if s.scoped == nil {
				s.scoped = map[*hclsyntax.Block]*secrets{}
			}
			s.scoped[b] = &secrets{names: flow.s.names, elems: flow.s.elems}
		}
		for _, nb := range b.Body.Blocks {
			if d := nb.Body.Attributes["default"]; nb.Type == "variable" && len(nb.Labels) == 1 && d != nil && ss.params[name][nb.Labels[0]] {
				s.addRange(d.Expr.Range())
			}
		}
		// facts read in a body are the node's, as at the top level
		for fed := range flow.s.names {
			if strings.HasPrefix(fed, "facts.") {
				top.pending = append(top.pending, flowName{fed, true})
			}
		}
	}
	for _, sb := range blocks {
		switch {
		case sb.block == nil:
		case sb.block.Type == "node":
			ss.body(top, sb.block.Body)
		case sb.block.Type != "class" && sb.block.Type != "define":
			ss.statement(top, sb.block)
		}
	}
	return ss
}

func (ss *structSecrets) addParam(def, p string) {
	if ss.params[def] == nil {
		ss.params[def] = map[string]bool{}
	}
	ss.params[def][p] = true
}

// defFlow follows the secrets of one definition's body in its own scope,
// its ranges going to s, and returns the flow run.
func (ss *structSecrets) defFlow(name string, s *secrets) *secretFlow {
	// a for_each whose each.value feeds a secret is marked in the
	// loader's own table, which every expansion reads
	f := &secretFlow{s: &secrets{ranges: map[string][]hcl.Range{}, eachValue: ss.l.secrets.eachValue}, defs: map[string][]*hcl.Attribute{}}
	for p := range ss.params[name] {
		f.pending = append(f.pending, flowName{"var." + p, true})
	}
	ss.body(f, ss.defs[name].Body)
	for _, lb := range ss.locals[name] {
		attrs, _ := lb.Body.JustAttributes()
		for n, a := range attrs {
			f.defs[n] = append(f.defs[n], a)
		}
	}
	f.s.names, f.s.elems = map[string]bool{}, map[string]bool{}
	f.run()
	for _, rs := range f.s.ranges {
		for _, r := range rs {
			s.addRange(r)
		}
	}
	return f
}

// body notes the secrets of a body's statements.
func (ss *structSecrets) body(f *secretFlow, body *hclsyntax.Body) {
	for _, nb := range body.Blocks {
		ss.statement(f, nb)
	}
}

// statement notes the secrets of one statement of a body (or of the top
// level's structure).
func (ss *structSecrets) statement(f *secretFlow, b *hclsyntax.Block) {
	switch b.Type {
	case "group":
		ss.body(f, b.Body)
	case "resource", "defaults", "collect":
		if len(b.Labels) == 0 {
			return
		}
		if secret := ss.argOf(b.Labels[0]); secret != nil {
			f.resource(b.Body, secret)
		}
	case "include", "contain", "require":
		if len(b.Labels) == 1 {
			if secret := ss.paramOf(b.Labels[0]); secret != nil {
				f.resource(b.Body, secret)
			}
		}
	}
}

// argOf tells the secret arguments of a resource of type typ (a type
// with secret attributes, or a define with secret parameters); nil: it
// has none.
func (ss *structSecrets) argOf(typ string) func(string) bool {
	if td := ss.withSecrets[strings.ToLower(typ)]; td != nil {
		return func(name string) bool { return catalog.IsSecretAttr(td.Attr(name)) }
	}
	if len(ss.params) == 0 {
		return nil // no define has a secret parameter (a flat site's)
	}
	if b := ss.defs[className(typ)]; b != nil && b.Type == "define" {
		return ss.paramOf(typ)
	}
	return nil
}

// paramOf tells the secret parameters of the class or define name; nil:
// it has none.
func (ss *structSecrets) paramOf(name string) func(string) bool {
	params := ss.params[className(name)]
	if len(params) == 0 {
		return nil
	}
	return func(p string) bool { return params[p] }
}
