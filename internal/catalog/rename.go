package catalog

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// Summaries of the title and `name` diagnostics (this file's rules).
const (
	summaryEmptyTitle = "Empty title"
	SummaryRenamed    = "Resource applied under another title"
	summaryRenamedRef = "Reference to a renamed resource"
	summaryNameArg    = "Conflicting name"
)

// checkTitle rejects an empty title, with Puppet's sentence (a resource
// block has one title, so Puppet's index is always 0 here).
func (b *Built) checkTitle(raw *RawResource) {
	if raw.Title != "" {
		return
	}
	b.errorf(summaryEmptyTitle, raw.TitleRange, raw.DeclRange,
		"Empty string title at 0. Title strings must have a length greater than zero. Give this %s a non-empty title (when the title comes from for_each or a variable, leave the empty value out).", raw.TypeName)
}

// nameArg takes the `name` argument on a type that has no attribute of
// that name. Puppet accepts `name` on every type: with a single namevar
// it sets that namevar (Puppet::Resource#parameter_name), which is kept
// until every argument is read (see applyName). With several namevars it
// sets none, and Puppet only renames the resource when it is applied; catc
// rejects that, as the resource would keep its namevars from the title.
func (b *Built) nameArg(td *TypeDef, arg *RawArg) {
	nv := td.namevarList()
	if len(nv) == 1 {
		b.name = arg
		return
	}
	names := make([]string, len(nv))
	for i, a := range nv {
		names[i] = a.Name
	}
	b.errorf(summaryNameArg, arg.NameRange, arg.Rng,
		"%s has %d namevars (%s), so name sets none of them: Puppet would apply this resource as %s[%s] with its namevars still taken from the title %s. Set %s instead of name.",
		td.Name, len(nv), words.And(names), td.RefType(), displayName(arg.Value), types.RubyInspectString(b.Res.Title), words.And(names))
}

// applyName makes a `name` argument the value of the single namevar. When
// both are written the Resource API keeps name's value (the oracle's
// name_and_path cases), and so does catc, with a warning on the value
// that is dropped.
func (b *Built) applyName(td *TypeDef, explicit []*RawArg) {
	arg := b.name
	if arg == nil || arg.Value == nil {
		return
	}
	nv := td.namevarList()[0]
	if e := explicit[nv.pos]; e != nil {
		b.Diags = append(b.Diags, warningAt(summaryNameArg,
			fmt.Sprintf("name and %s both set %s, the namevar of %s: Puppet keeps the value of name (%s, line %d) and ignores %s = %s. Remove one of them.",
				nv.Name, nv.Name, td.Name, displayValue(nv, arg.Value), arg.NameRange.Start.Line, nv.Name, displayValue(nv, e.Value)),
			e.NameRange))
	}
	explicit[nv.pos] = arg
	b.Res.addAttrRange(nv.Name, arg.Rng)
	b.Res.nameSet = true
}

// displayName prints a `name` value in a message.
func displayName(v types.Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return types.RubyInspect(v)
}

// rename gives the resource the title Puppet applies it under. For a type
// with an attribute called `name` the Resource API (the type's
// initialize, then Puppet::Type.hash2resource) takes the title from
// name's value, or, when name has none, from the single namevar: so
// `node_res "x" { name = "y" }` is applied as Node_res[y]. The declared
// title still counts for duplicates (Puppet compiles with it), but not
// for references (see Catalog.retitle). A sensitive name is never put in
// a reference.
//
// Puppet's own types (Builtin) keep the declared title, whatever their
// name: `user { 'utitle': name => 'catc_u9' }` is applied as User[utitle]
// and found by either (fixtures/oracle/core/ref_title_vs_namevar.pp).
func (b *Built) rename(td *TypeDef) {
	if td.Builtin || td.Attr("name") == nil {
		return
	}
	r := b.Res
	v, _ := r.Attributes.Get("name")
	if v == nil {
		if nv := td.namevarList(); len(nv) == 1 {
			v, _ = r.Attributes.Get(nv[0].Name)
		}
	}
	var title string
	switch v := v.(type) {
	case string:
		title = v
	case int64, float64, bool:
		title = scalarString(v)
	default:
		return
	}
	if title == r.Title {
		return
	}
	r.applied, r.renamed = title, true
	r.ref = r.refWith(title)
	subject := r.TitleRange
	if rng, ok := r.AttrRange("name"); ok {
		subject = rng
	}
	old := r.DeclaredRef()
	b.Diags = append(b.Diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: SummaryRenamed,
		Detail: fmt.Sprintf("%s is applied as %s: for a type with a name attribute, Puppet takes the title from name. A reference or auto rule naming %s finds nothing in Puppet; refer to %s, or title the resource %s.",
			old, r.ref, old, r.ref, types.RubyInspectString(title)),
		Subject: subject.Ptr(), Context: r.DeclRange.Ptr()})
}

// retitle moves renamed resources to the titles they are applied under,
// once every declaration is registered: Puppet finds references and auto
// rule targets in the catalog it applies, where the declared title is
// gone (unless it is also an explicit alias). The old titles are kept to
// explain a reference to one.
func (c *Builder) Retitle() {
	for _, r := range c.Resources {
		if !r.renamed {
			continue
		}
		if c.renamed == nil {
			c.renamed = map[string]*Resource{}
		}
		key := TitleKey(r.Type.Name, r.Title)
		c.renamed[key] = r
		if c.table[key] == r && !contains(r.Aliases, r.Title) {
			delete(c.table, key)
		}
	}
}

// RenamedFrom returns the resource declared with the title that Puppet
// applies under another one (see Resource.appliedTitle), or nil.
func (c *Catalog) RenamedFrom(typ, title string) *Resource {
	td := c.Type(typ)
	if td == nil || c.renamed == nil {
		return nil
	}
	return c.renamed[TitleKey(td.Name, title)]
}

// renamedRefDiag is Puppet's apply-time error for a reference to a
// declared title that the resource no longer has, naming the new one.
func renamedRefDiag(r *Resource, p PendingRef, target *Resource) *hcl.Diagnostic {
	what := "dependency"
	if p.Kind == Before || p.Kind == Notify {
		what = "dependent"
	}
	return ErrorAt(summaryRenamedRef,
		fmt.Sprintf("Could not find %s %s for %s: the resource declared as %s %s is applied as %s, because its name is %s. Refer to %s.",
			what, p.Ref.Text(), r.Ref(), p.Ref.Text(), Location(target.DeclRange), target.Ref(), types.RubyInspectString(target.AppliedTitle()), target.Ref()),
		p.Ref.Rng, r.DeclRange.Ptr())
}

// appliedTitle is the title Puppet applies the resource under: Title,
// unless a `name` attribute renames it (see Renamed).
func (r *Resource) AppliedTitle() string {
	if r.renamed {
		return r.applied
	}
	return r.Title
}

// Renamed reports whether Puppet applies the resource under another title
// than the declared one: its type has an attribute called `name` whose
// value differs from the title. Ref then uses the applied title.
func (r *Resource) Renamed() bool { return r.renamed }

// DeclaredRef is the reference with the declared title, as Puppet's
// compiler prints it in duplicate messages.
func (r *Resource) DeclaredRef() string {
	if r.agentNamed {
		return r.refWith(r.Title)
	}
	if !r.renamed {
		return r.Ref()
	}
	return r.refWith(r.Title)
}

// foundOnlyByName reports whether a reference title finds r only through
// the namevar value its `name` argument set. Puppet's compiler keeps such
// a `name` apart from the namevar (it becomes the namevar only in the
// catalog Puppet applies), so a reference by that value fails to compile,
// while duplicates and auto rules see it.
func (r *Resource) foundOnlyByName(title string) bool {
	return r.nameSet && title != r.Title && !contains(r.Aliases, title)
}

// nameSetRefDiag is the compiler's error for such a reference.
func nameSetRefDiag(r *Resource, p PendingRef, target *Resource) *hcl.Diagnostic {
	nv := target.Type.namevarList()[0].Name
	v, _ := target.Namevars.Get(nv)
	return ErrorAt(SummaryUnresolvedRef,
		fmt.Sprintf("Could not find resource '%s' in parameter '%s' %s. %s sets %s to %s through name, which Puppet applies only after compiling, so no reference can use that value: refer to %s, or write %s = %s instead of name.",
			p.Ref.Text(), p.Kind, Location(p.Ref.Rng), target.Ref(), nv, types.RubyInspect(v), target.Ref(), nv, types.RubyInspect(v)),
		p.Ref.Rng, r.DeclRange.Ptr())
}
