package catalog

import (
	"fmt"
	"unicode"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// built is a resource decoded against its type, with its references not
// yet resolved (that needs every resource).
type Built struct {
	Res   *Resource
	Refs  []PendingRef
	Diags hcl.Diagnostics
	// misspelt are the unknown arguments whose nearest name is one of
	// the type's attributes: a missing mandatory attribute may follow
	// from one of them.
	misspelt []misspelling
	// name is a `name` argument that sets the single namevar of a type
	// without a `name` attribute (see nameArg).
	name *RawArg
	// room is FromExternal's, where the resource's hashes come from; nil
	// for a load.
	room *externalRoom
	// budget is charged the pattern matches of the checks.
	budget *Budget
}

// misspelling is an unknown argument and the attribute it is closest to.
type misspelling struct {
	arg  *RawArg
	attr string
}

type PendingRef struct {
	Kind RelationKind
	Ref  RawRef
}

// unsupportedMetaparams are Puppet metaparameters catc does not take
// (stage is refused too, as Puppet's compiler refuses it on a resource:
// stageArg).
var unsupportedMetaparams = []string{"consume", "export", "title", "provider"}

// ValidTag is Puppet's rule for tags, /\A[[:alnum:]_][[:alnum:]_:.-]*\z/
// with Unicode letters and numbers. (A loop, not a regexp: compiling the
// Unicode classes would cost every start-up half a millisecond.)
func ValidTag(t string) bool {
	for i, r := range t {
		ok := unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' || i > 0 && (r == ':' || r == '.' || r == '-')
		if !ok {
			return false
		}
	}
	return t != ""
}

// buildResource checks one declaration against its type: arguments,
// metaparameters, title → namevars, defaults, values, mandatory
// attributes. It returns a nil resource when the type is unknown.
func BuildResource(c *Catalog, raw *RawResource, budget *Budget) Built {
	td := c.Type(raw.TypeName)
	if td == nil {
		return Built{Diags: hcl.Diagnostics{UnknownTypeDiag(c, raw.TypeName, raw.TypeRange, raw.DeclRange)}}
	}
	r := newResource(td, raw)
	r.ref = r.refIn(raw.room.strRoom(), r.Title) // Ref
	b := Built{Res: r, room: raw.room, Refs: raw.refs, budget: budget}
	b.checkTitle(raw)
	// explicit and values are indexed by attribute position (AttrDef.pos,
	// set when the type was sealed); a nil value is no value.
	var argBuf [8]*RawArg
	var valueBuf [8]types.Value
	var explicit []*RawArg
	var values []types.Value
	if n := len(td.Attributes); n <= len(argBuf) {
		explicit, values = argBuf[:n], valueBuf[:n]
	} else {
		explicit, values = make([]*RawArg, n), make([]types.Value, n)
	}
	for _, arg := range raw.Args {
		r.addAttrRange(arg.Name, arg.Rng)
		b.decodeArg(td, arg, explicit)
	}
	b.applyName(td, explicit)
	b.resolveValues(td, explicit, values)
	b.setValues(td, values)
	b.checkAutoSecrets(td)
	b.rename(td)
	b.agentName(td)
	b.checkExecCommands(td)
	b.checkFileRecurse(td)
	b.checkMandatory(td)
	if raw.Title == "" {
		b.Res = nil // rejected: it must not also be reported as a duplicate
	} else if raw.room == nil {
		r.titleKey, r.uniqueKey = registerKeys(nil, r)
	}
	return b
}

// newResource is the resource raw declares, before its checks: in the
// room raw names, or a new one.
func newResource(td *TypeDef, raw *RawResource) *Resource {
	r, ranges := raw.res, []AttrRange(nil)
	if r == nil {
		r, ranges = new(Resource), make([]AttrRange, 0, len(raw.Args))
	} else {
		ranges = r.attrRanges
	}
	*r = Resource{
		Type: td, Title: raw.Title,
		DeclRange: raw.DeclRange, TypeRange: raw.TypeRange, TitleRange: raw.TitleRange,
		attrRanges: ranges,
		External:   raw.external,
	}
	return r
}

func UnknownTypeDiag(c *Catalog, name string, rng, decl hcl.Range) *hcl.Diagnostic {
	if d := BadNameDiag(NameTypeRef, name, "", c.typeNames, rng, decl.Ptr()); d != nil {
		return d
	}
	detail := fmt.Sprintf("There is no type %q in the loaded files. Define it in a type block, or load the file that does.", name)
	detail += words.DidYouMean(name, c.typeNames())
	return ErrorAt(SummaryUnknownType, detail, rng, decl.Ptr())
}

func (c *Catalog) typeNames() []string {
	out := make([]string, len(c.Types))
	for i, t := range c.Types {
		out[i] = t.Name
	}
	return out
}

// decodeArg sorts one argument into metaparameters and attributes.
func (b *Built) decodeArg(td *TypeDef, arg *RawArg, explicit []*RawArg) {
	r := b.Res
	if kind, ok := RelationKinds[arg.Name]; ok {
		for _, ref := range arg.Refs {
			b.Refs = append(b.Refs, PendingRef{Kind: kind, Ref: ref})
		}
		return
	}
	if arg.RefLike != "" {
		b.refLikeArg(td, arg)
		return
	}
	if !arg.Valid {
		return
	}
	switch arg.Name {
	case "alias":
		r.Aliases = b.stringsArg(arg, "alias")
		r.aliasRanges = aliasRanges(arg, len(r.Aliases))
		return
	case "tag":
		r.Tags = b.stringsArg(arg, "tag")
		b.checkTags(arg, r.Tags)
		return
	case "noop":
		b.noopArg(arg)
		return
	case "schedule":
		b.scheduleArg(arg)
		return
	case "loglevel":
		b.loglevelArg(arg)
		return
	case "audit":
		b.auditArg(td, arg)
		return
	case "stage":
		if td.Attr("stage") == nil {
			b.stageArg(arg)
			return
		}
	}
	a := td.Attr(arg.Name) // provider is one for the built-in types
	if a == nil && contains(unsupportedMetaparams, arg.Name) {
		b.unsupportedMetaparam(arg)
		return
	}
	if a == nil && arg.Name == "name" {
		b.nameArg(td, arg)
		return
	}
	if a == nil {
		b.unknownAttr(td, arg)
		return
	}
	if arg.Value == nil {
		return // null is undef: not given
	}
	if a.Behaviour == ReadOnly {
		b.errorf(summaryReadOnly, arg.NameRange, arg.Rng,
			"Attempting to set `%s` read_only attribute value to `%s`. Remove %s from the declaration: only the provider sets a read_only attribute.", a.Name, displayValue(a, arg.Value), a.Name)
		return
	}
	explicit[a.pos] = arg
}

// unsupportedMetaparam refuses arg, a metaparameter catc does not take
// (unsupportedMetaparams).
func (b *Built) unsupportedMetaparam(arg *RawArg) {
	b.errorf(SummaryMetaparam, arg.NameRange, arg.Rng,
		"The metaparameter %q is not supported by catc; resources take require, before, notify, subscribe, alias, tag, noop, schedule, loglevel and audit. Remove %s.", arg.Name, arg.Name)
}

// refLikeArg diagnoses a reference given to an argument that takes
// none: the name first, as for any value (requires = package.nginx is a
// mistyped require), else the value.
func (b *Built) refLikeArg(td *TypeDef, arg *RawArg) {
	if td.Attr(arg.Name) == nil && !contains(MetaparamNames, arg.Name) && !contains(unsupportedMetaparams, arg.Name) && arg.Name != "name" && arg.Name != "stage" {
		b.unknownAttr(td, arg)
		return
	}
	b.errorf(SummaryInvalidValue, arg.ExprRange, arg.Rng,
		"%s takes a value, not a resource reference: %s is no variable (those are var.NAME, local.NAME, facts.NAME, trusted.NAME and each.key or each.value). A reference goes in require, before, notify or subscribe; a string value is quoted.",
		arg.Name, arg.RefLike)
}

func (b *Built) errorf(summary string, subject, context hcl.Range, format string, args ...any) {
	b.Diags = append(b.Diags, ErrorAt(summary, fmt.Sprintf(format, args...), subject, context.Ptr()))
}

// unknownAttr rejects an argument the type does not define, with
// Puppet's sentence, the attributes the type has, and the closest name.
func (b *Built) unknownAttr(td *TypeDef, arg *RawArg) {
	detail := fmt.Sprintf("no parameter named '%s' on %s.", arg.Name, b.Res.Ref())
	names := make([]string, 0, len(td.Attributes)+7)
	var settable []string
	for _, a := range td.Attributes {
		names = append(names, a.Name)
		if a.Behaviour != ReadOnly {
			settable = append(settable, a.Name)
		}
	}
	detail += fmt.Sprintf(" Remove it, or use an attribute of %s (%s) or a metaparameter.", td.Name, shortList(settable, 12))
	names = append(names, MetaparamNames...)
	if sug := words.Closest(arg.Name, names); sug != "" {
		detail += fmt.Sprintf(" Did you mean %q?", sug)
		if td.Attr(sug) != nil {
			b.misspelt = append(b.misspelt, misspelling{arg: arg, attr: sug})
		}
	}
	b.Diags = append(b.Diags, ErrorAt(SummaryUnknownAttr, detail, arg.NameRange, arg.Rng.Ptr()))
}

// stringsArg reads a string or a list of strings.
func (b *Built) stringsArg(arg *RawArg, name string) []string {
	if ContainsSensitive(arg.Value) {
		b.errorf(SummaryInvalidValue, arg.ExprRange, arg.Rng, "%s", SecretUse("A "+name))
		return nil
	}
	var list []types.Value
	switch v := arg.Value.(type) {
	case nil:
		return nil
	case string:
		return []string{v}
	case []types.Value:
		list = v
	default:
		b.errorf(SummaryInvalidValue, arg.ExprRange, arg.Rng, "%s must be a string or a list of strings.", name)
		return nil
	}
	out := make([]string, 0, len(list))
	for i, x := range list {
		s, ok := x.(string)
		if !ok {
			rng := arg.ExprRange
			if i < len(arg.ElemRanges) {
				rng = arg.ElemRanges[i]
			}
			b.errorf(SummaryInvalidValue, rng, arg.Rng, "%s must be a string or a list of strings.", name)
			continue
		}
		out = append(out, s)
	}
	return out
}

func (b *Built) checkTags(arg *RawArg, tags []string) {
	for i, t := range tags {
		if ValidTag(t) {
			continue
		}
		rng := arg.ExprRange
		if i < len(arg.ElemRanges) {
			rng = arg.ElemRanges[i]
		}
		b.errorf(summaryInvalidTag, rng, arg.Rng,
			"Invalid tag %s: a tag is letters, digits and underscores, then also colons, dots and hyphens. %s", types.RubyInspectString(t), tagAdvice(t))
	}
}

func (b *Built) noopArg(arg *RawArg) {
	switch v := arg.Value.(type) {
	case nil:
	case bool:
		b.Res.Noop = &v
	default:
		b.errorf(SummaryInvalidValue, arg.ExprRange, arg.Rng, "noop must be true or false.")
	}
}

// resolveValues merges title captures, explicit attributes and defaults
// (resource-api.md §2.3, §3.4), checking each value against its type.
func (b *Built) resolveValues(td *TypeDef, explicit []*RawArg, values []types.Value) {
	r := b.Res
	captures, ok := td.titleCaptures(r.Title)
	switch err := td.titleBound(r.Title); {
	case !ok && err != nil:
		b.errorf(summaryTitleNoMatch, r.TitleRange, r.DeclRange, "catc cannot match the title against its title patterns: %v.", err)
	case !ok:
		b.errorf(summaryTitleNoMatch, r.TitleRange, r.DeclRange,
			"No set of title patterns matched the title %s. %s", types.RubyInspectString(r.Title), titlePatternAdvice(td))
	}
	for i, a := range td.Attributes {
		if e := explicit[i]; e != nil {
			if a.Behaviour == Namevar && ContainsSensitive(e.Value) {
				b.errorf(SummaryAttrValue, e.ExprRange, e.Rng, "%s", SecretUse("A namevar ("+a.Name+")"))
				continue
			}
			values[i] = e.Value
			b.check(td, a, e.Value, e.ExprRange, e.Rng)
			continue
		}
		if v, captured := captures.get(a.Name); captured {
			if v == nil {
				b.errorf(summaryNilNamevar, r.TitleRange, r.DeclRange,
					"Got nil value for %s: the title pattern that matched %s did not capture it; set %s explicitly.", a.Name, types.RubyInspectString(r.Title), a.Name)
				continue
			}
			values[i] = v
			b.check(td, a, v, r.TitleRange, r.DeclRange)
			continue
		}
		if a.HasDefault && a.Behaviour != ReadOnly {
			values[i] = a.Default // checked when the type was loaded
		}
	}
}

func (b *Built) check(td *TypeDef, a *AttrDef, v types.Value, subject, context hcl.Range) {
	var meter types.Meter
	if b.budget != nil {
		meter = b.budget
	}
	if msg, ok := checkValue(td, a, v, meter); !ok {
		if b.budget.Over() {
			// the budget stopped the check, or is spent
			b.Diags = append(b.Diags, b.budget.stop(subject, WhatMatch))
			return
		}
		b.Diags = append(b.Diags, ErrorAt(SummaryAttrValue, msg, subject, context.Ptr()))
	}
}

// setValues fills Attributes, Namevars and UniquenessKey in type order
// from values (by attribute position, nil for none).
func (b *Built) setValues(td *TypeDef, values []types.Value) {
	r := b.Res
	count := 0
	for _, v := range values {
		if v != nil {
			count++
		}
	}
	n := len(td.namevarList())
	hashes, key := newHashes(b.room, count, n, n)
	r.Attributes, r.Namevars = &hashes[0], &hashes[1]
	for i, a := range td.Attributes {
		v := redact(a, values[i]) // once for both hashes
		if a.Behaviour == Namevar {
			r.Namevars.Set(a.Name, v)
		}
		if v != nil {
			r.Attributes.Set(a.Name, v)
		}
	}
	nv := &hashes[2]
	for _, a := range td.namevarList() {
		nv.Set(a.Name, values[a.pos])
	}
	r.UniquenessKey = td.fillUniquenessKey(key, nv)
}

// newHashes are three empty hashes with room for a, b and c entries, and
// a uniqueness key of c values, in one allocation of hashes, one of keys
// and one of values rather than one or three each (from FromExternal's
// room when there is one): every resource built makes them. Each hash's
// room is capped, so that a later Set on one of them copies rather than
// overwrites the next.
func newHashes(room *externalRoom, a, b, c int) (*[3]types.Hash, []types.Value) {
	keys, values, hashes := room.hashRoom(a+b+c, a+b+c+c)
	for i, n := range [3]int{a, b, c} {
		if n > 0 {
			hashes[i] = types.Hash{Keys: keys[:0:n], Values: values[:0:n]}
			keys, values = keys[n:], values[n:]
		}
	}
	return hashes, values[:c:c]
}

// redact wraps the secrets of a value: the whole value of an attribute
// marked sensitive, the parts at the Sensitive[...] positions of its type.
// Parts computed from a sensitive value stay wrapped wherever they are.
func redact(a *AttrDef, v types.Value) types.Value {
	switch {
	case v == nil:
		return nil
	case a.Sensitive:
		return types.Sensitive{Value: plainValue(v)}
	case hasSensitiveType(a):
		plain, tainted := unseal(v)
		sv, _ := types.SealSensitive(a.Type, plain)
		if tainted && exposesScalars(sv) {
			return types.Sensitive{Value: plain} // computed from a secret
		}
		return sv
	}
	return v
}

// checkMandatory is the Resource API's validate block (§3.5): a value is
// required for every attribute that is not read_only, not a namevar, not
// ensure and not literally Optional — parameters always, properties when
// ensure is set and is not absent.
func (b *Built) checkMandatory(td *TypeDef) {
	r := b.Res
	ensure, _ := r.Attributes.Get("ensure")
	ensureSet := ensure != nil && ensure != "absent"
	var params, attrs []string
	for _, a := range td.Attributes {
		if a.Behaviour == ReadOnly || a.Behaviour == Namevar || a.Name == "ensure" || a.Type == nil {
			continue
		}
		if _, opt := a.Type.(*types.OptionalType); opt {
			continue
		}
		if _, ok := r.Attributes.Get(a.Name); ok {
			continue
		}
		attrs = append(attrs, a.Name)
		if a.Behaviour == Parameter {
			params = append(params, a.Name)
		}
	}
	switch {
	case len(params) > 0:
		subject, context, cause := b.mandatoryCause(params)
		b.errorf(SummaryMandatory, subject, context, "Validation of %s failed: %s\n%s", r.Ref(), mandatoryList("parameters", params), withCause(cause, "Set "+words.And(params)+"."))
	case len(attrs) > 0 && ensureSet:
		subject, context, cause := b.mandatoryCause(attrs)
		b.errorf(SummaryMandatory, subject, context, "%s: %s\n%s", r.Ref(), mandatoryList("attributes", attrs), withCause(cause, "Set "+words.And(attrs)+", or set ensure = \"absent\"."))
	}
}

// mandatoryCause finds the misspelt argument a missing attribute most
// likely follows from (`sourse` for source). The error then says so and
// points at that argument, which puts it right after the unknown
// attribute error, the root cause (diagnostics are sorted by position;
// the declaration's first line would put the consequence first).
// Without one, the error points at the declaration.
func (b *Built) mandatoryCause(missing []string) (subject, context hcl.Range, cause string) {
	r := b.Res
	for _, m := range b.misspelt {
		if contains(missing, m.attr) {
			return m.arg.NameRange, m.arg.Rng, fmt.Sprintf("This follows from the unknown attribute %q on line %d, reported just before: rename it %s.",
				m.arg.Name, m.arg.NameRange.Start.Line, m.attr)
		}
	}
	return r.DeclRange, r.DeclRange, ""
}

// withCause puts the cause of a missing attribute, if known, before the
// advice to set it.
func withCause(cause, advice string) string {
	if cause == "" {
		return advice
	}
	return cause + " Otherwise, s" + advice[1:]
}

// mandatoryList is Puppet's raise_missing_attrs text.
func mandatoryList(what string, names []string) string {
	s := "The following mandatory " + what + " were not provided:\n    *  "
	for i, n := range names {
		if i > 0 {
			s += ", \n    *  "
		}
		s += n
	}
	return s
}

// displayValue prints a value in a message (to_s for scalars), or a
// placeholder for a sensitive attribute.
func displayValue(a *AttrDef, v types.Value) string {
	if IsSecretAttr(a) || ContainsSensitive(v) {
		return "[redacted]"
	}
	switch v.(type) {
	case []types.Value, *types.Hash:
		return types.RubyInspect(v)
	}
	return scalarString(v)
}

// partialBuild checks the literal arguments of a block some of whose
// arguments, or its title, depend on the node: names, metaparameters and
// values, not the title nor the mandatory attributes.
func PartialBuild(c *Catalog, td *TypeDef, raw *RawResource) Built {
	r := newResource(td, raw)
	r.ref = r.Ref()
	b := Built{Res: r}
	explicit := make([]*RawArg, len(td.Attributes))
	for _, arg := range raw.Args {
		r.addAttrRange(arg.Name, arg.Rng)
		b.decodeArg(td, arg, explicit)
	}
	for i, a := range td.Attributes {
		if e := explicit[i]; e != nil {
			b.check(td, a, e.Value, e.ExprRange, e.Rng)
		}
	}
	return b
}

// checkName checks the name of an argument whose value depends on the
// node, as decodeArg would.
func (b *Built) CheckName(td *TypeDef, arg *RawArg) {
	b.Res.addAttrRange(arg.Name, arg.Rng)
	if td.Attr(arg.Name) != nil || arg.Name == "name" || contains(MetaparamNames, arg.Name) {
		return
	}
	if contains(unsupportedMetaparams, arg.Name) {
		b.unsupportedMetaparam(arg)
		return
	}
	if arg.Name == "stage" {
		b.stageArg(arg)
		return
	}
	b.unknownAttr(td, arg)
}

// clone is a copy of a prebuilt resource for one node's catalog: the
// values are shared (nothing changes them after the build), the
// per-catalog fields (Index, Relations) are the node's own.
func (b *Built) Clone() Built {
	nb := *b
	if b.Res != nil {
		r := *b.Res
		r.Relations = nil
		nb.Res = &r
	}
	return nb
}
