package catalog

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// register adds r to the lookup table the way Puppet's
// Catalog#add_one_resource does: the title first (a taken title is a
// duplicate declaration), then the uniqueness key when it is not just the
// title, then each explicit alias (a taken key is an alias conflict).
// The subject is the later declaration; the detail cites both.
func (c *Builder) Register(r *Resource) hcl.Diagnostics {
	tk, uk := r.titleKey, r.uniqueKey
	if tk == "" {
		tk, uk = registerKeys(c.strs, r)
	}
	if prev := c.table[tk]; prev != nil {
		// The title may be the earlier resource's alias or key: then it
		// has another ref, which Puppet's sentence does not give.
		earlier := ""
		if prev.DeclaredRef() != r.DeclaredRef() {
			earlier = fmt.Sprintf(" %s is an alias of %s, declared at %s:%d.", r.DeclaredRef(), prev.Ref(), prev.DeclRange.Filename, prev.DeclRange.Start.Line)
		}
		return hcl.Diagnostics{ErrorAt(SummaryDuplicate,
			fmt.Sprintf("Duplicate declaration: %s is already declared at %s; cannot redeclare %s.%s Rename one of them, or remove the duplicate.",
				r.DeclaredRef(), Location(prev.DeclRange), Location(r.DeclRange), earlier),
			r.TitleRange, r.DeclRange.Ptr())}
	}
	c.table[tk] = r
	var diags hcl.Diagnostics
	if uk != "" {
		shown := func() (string, []types.Value) { return types.RubyInspect(r.shownKey()), r.shownKey() }
		advice := fmt.Sprintf("Give one of them other values for %s, or remove the duplicate.", words.Or(r.Type.sortedNamevarNames()))
		if d := c.alias(r, uk, shown, r.TitleRange, advice); d != nil {
			diags = append(diags, d)
		}
	}
	for i, a := range r.Aliases {
		if a == r.Title {
			continue
		}
		rng := r.DeclRange
		if i < len(r.aliasRanges) {
			rng = r.aliasRanges[i]
		}
		shown := func() (string, []types.Value) { return types.RubyInspectString(a), []types.Value{a} }
		advice := fmt.Sprintf("Remove the alias %q, or rename the other resource.", a)
		if d := c.alias(r, TitleKey(r.Type.Name, a), shown, rng, advice); d != nil {
			diags = append(diags, d)
		}
	}
	return diags
}

// registerKeys are r's keys in the lookup table: its title's (titleKey),
// and its uniqueness key's when that is not just the title (else "").
// The strings are made in strs (nil: allocated).
func registerKeys(strs *stringRoom, r *Resource) (title, unique string) {
	var buf [64]byte
	title = strs.bytes(appendTitleKey(buf[:0], r.Type.Name, r.Title))
	if key := r.Type.mungeKey(r.UniquenessKey); keyPresent(key) && !isTitleKey(key, r.Title) && !r.Type.notIsomorphic {
		unique = lookupKey(r.Type.Name, key)
	}
	return title, unique
}

// shownKey is the uniqueness key for messages: sensitive namevars stay
// redacted.
func (r *Resource) shownKey() []types.Value { return r.Type.uniquenessKey(r.Namevars) }

// alias maps key to r unless another resource holds it. shown gives the
// key as the message prints it and its values; it is called only on a
// conflict, since building it costs more than the lookup. advice ends the
// detail.
func (c *Builder) alias(r *Resource, key string, shown func() (string, []types.Value), subject hcl.Range, advice string) *hcl.Diagnostic {
	prev := c.table[key]
	if prev == nil {
		c.table[key] = r
		return nil
	}
	if prev == r {
		return nil
	}
	text, values := shown()
	newref := types.RubyInspect(append([]types.Value{r.Type.RefType()}, values...))
	// Puppet's sentence names the later resource by ref and the earlier
	// one only by its key and place; say which resource that is.
	return ErrorAt(summaryAliasConflict,
		fmt.Sprintf("Cannot alias %s to %s at %s; resource %s already declared %s",
			r.DeclaredRef(), text, Location(r.Place()), newref, Location(prev.Place()))+
			fmt.Sprintf(". %s clashes with %s, declared at %s:%d. ", r.DeclaredRef(), prev.DeclaredRef(), prev.Place().Filename, prev.Place().Start.Line)+advice,
		subject, r.DeclRange.Ptr())
}

// resolve turns r's references into relations; a reference to nothing is
// an error naming the reference, the metaparameter and the place.
func (c *Builder) Resolve(r *Resource, refs []PendingRef) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range refs {
		text := p.Ref.textIn(c.strs)
		if c.Source != nil && c.Lookup(p.Ref.TypeName, p.Ref.Title) == nil {
			diags = append(diags, c.danglingExternal(r, p, text))
			continue
		}
		if c.Type(p.Ref.TypeName) == nil {
			d := UnknownTypeDiag(c.Catalog, p.Ref.TypeName, p.Ref.Rng, r.DeclRange)
			d.Summary = SummaryUnresolvedRef
			d.Detail = fmt.Sprintf("Could not find resource '%s' in parameter '%s' %s: %s", text, p.Kind, Location(p.Ref.Rng), d.Detail)
			diags = append(diags, d)
			continue
		}
		target := c.Lookup(p.Ref.TypeName, p.Ref.Title)
		if target == nil {
			if old := c.RenamedFrom(p.Ref.TypeName, p.Ref.Title); old != nil {
				diags = append(diags, renamedRefDiag(r, p, old))
				continue
			}
			diags = append(diags, ErrorAt(SummaryUnresolvedRef,
				fmt.Sprintf("Could not find resource '%s' in parameter '%s' %s. %s", text, p.Kind, Location(p.Ref.Rng), c.UnresolvedAdvice(text, p.Ref.TypeName)),
				p.Ref.Rng, r.DeclRange.Ptr()))
			continue
		}
		if target.foundOnlyByName(p.Ref.Title) {
			diags = append(diags, nameSetRefDiag(r, p, target))
			continue
		}
		r.Relations = append(r.Relations, Relation{Kind: p.Kind, Target: target, RefText: text, Range: p.Ref.Rng})
	}
	return append(diags, c.resolveSchedule(r)...)
}

// danglingExternal is the error for a reference to nothing in a catalog
// compiled elsewhere: Puppet's compiler checks every reference, so the
// resource was there while it compiled and left out after (a virtual one
// never realised, an exported one), and the agent fails the whole run.
// The detail ends with the agent's own message.
func (c *Catalog) danglingExternal(r *Resource, p PendingRef, text string) *hcl.Diagnostic {
	place := "the catalog gives no manifest place"
	if at, ok := r.ManifestPlace(); ok {
		place = Location(at)
	}
	return ErrorAt(SummaryUnresolvedRef,
		fmt.Sprintf("Could not find resource '%s' in parameter '%s' of %s (%s): the catalog has none, so Puppet's agent fails the whole run (\"Could not retrieve dependency '%s' of %s\"). A virtual resource that nothing realises and an exported one are left out of the catalog: realise it, declare it, or fix the reference.%s",
			text, p.Kind, r.Ref(), strings.Trim(place, "()"), text, r.Ref(), c.refSuggestion(text, p.Ref.TypeName)),
		p.Ref.Rng, r.DeclRange.Ptr())
}

// unresolvedAdvice says how to fix a reference to nothing, naming the
// closest declared resource of the same type (by title or alias).
func (c *Catalog) UnresolvedAdvice(text, typeName string) string {
	return fmt.Sprintf("Declare %s, or fix the reference.", text) + c.refSuggestion(text, typeName)
}

// refSuggestion is " Did you mean "X"?" for the declared resource of the
// type (by title or alias) closest to the reference text, "" for none.
func (c *Catalog) refSuggestion(text, typeName string) string {
	var refs []string
	for _, res := range c.Resources {
		if !strings.EqualFold(res.Type.Name, typeName) {
			continue
		}
		refs = append(refs, res.Ref())
		for _, a := range res.Aliases {
			refs = append(refs, res.Type.RefType()+"["+a+"]")
		}
	}
	return words.DidYouMean(text, refs)
}
