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
type built struct {
	res   *Resource
	refs  []pendingRef
	diags hcl.Diagnostics
	// misspelt are the unknown arguments whose nearest name is one of
	// the type's attributes: a missing mandatory attribute may follow
	// from one of them.
	misspelt []misspelling
	// name is a `name` argument that sets the single namevar of a type
	// without a `name` attribute (see nameArg).
	name *rawArg
	// room is FromExternal's, where the resource's hashes come from; nil
	// for a load.
	room *externalRoom
	// budget is charged the pattern matches of the checks.
	budget *budget
}

// misspelling is an unknown argument and the attribute it is closest to.
type misspelling struct {
	arg  *rawArg
	attr string
}

type pendingRef struct {
	kind RelationKind
	ref  rawRef
}

// unsupportedMetaparams are Puppet metaparameters catc does not take
// (stage is refused too, as Puppet's compiler refuses it on a resource:
// stageArg).
var unsupportedMetaparams = []string{"consume", "export", "title", "provider"}

// validTag is Puppet's rule for tags, /\A[[:alnum:]_][[:alnum:]_:.-]*\z/
// with Unicode letters and numbers. (A loop, not a regexp: compiling the
// Unicode classes would cost every start-up half a millisecond.)
func validTag(t string) bool {
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
func buildResource(c *Catalog, raw *rawResource, budget *budget) built {
	td := c.Type(raw.typeName)
	if td == nil {
		return built{diags: hcl.Diagnostics{unknownTypeDiag(c, raw.typeName, raw.typeRange, raw.declRange)}}
	}
	r := newResource(td, raw)
	r.ref = r.refIn(raw.room.strRoom(), r.Title) // Ref
	b := built{res: r, room: raw.room, refs: raw.refs, budget: budget}
	b.checkTitle(raw)
	// explicit and values are indexed by attribute position (AttrDef.pos,
	// set when the type was sealed); a nil value is no value.
	var argBuf [8]*rawArg
	var valueBuf [8]types.Value
	var explicit []*rawArg
	var values []types.Value
	if n := len(td.Attributes); n <= len(argBuf) {
		explicit, values = argBuf[:n], valueBuf[:n]
	} else {
		explicit, values = make([]*rawArg, n), make([]types.Value, n)
	}
	for _, arg := range raw.args {
		r.addAttrRange(arg.name, arg.rng)
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
	if raw.title == "" {
		b.res = nil // rejected: it must not also be reported as a duplicate
	}
	return b
}

// newResource is the resource raw declares, before its checks: in the
// room raw names, or a new one.
func newResource(td *TypeDef, raw *rawResource) *Resource {
	r, ranges := raw.res, []AttrRange(nil)
	if r == nil {
		r, ranges = new(Resource), make([]AttrRange, 0, len(raw.args))
	} else {
		ranges = r.attrRanges
	}
	*r = Resource{
		Type: td, Title: raw.title,
		DeclRange: raw.declRange, TypeRange: raw.typeRange, TitleRange: raw.titleRange,
		attrRanges: ranges,
		External:   raw.external,
	}
	return r
}

func unknownTypeDiag(c *Catalog, name string, rng, decl hcl.Range) *hcl.Diagnostic {
	detail := fmt.Sprintf("There is no type %q in the loaded files. Define it in a type block, or load the file that does.", name)
	detail += words.DidYouMean(name, c.typeNames())
	return errorAt(summaryUnknownType, detail, rng, decl.Ptr())
}

func (c *Catalog) typeNames() []string {
	out := make([]string, len(c.Types))
	for i, t := range c.Types {
		out[i] = t.Name
	}
	return out
}

// decodeArg sorts one argument into metaparameters and attributes.
func (b *built) decodeArg(td *TypeDef, arg *rawArg, explicit []*rawArg) {
	r := b.res
	if kind, ok := relationKinds[arg.name]; ok {
		for _, ref := range arg.refs {
			b.refs = append(b.refs, pendingRef{kind: kind, ref: ref})
		}
		return
	}
	if arg.refLike != "" {
		b.refLikeArg(td, arg)
		return
	}
	if !arg.valid {
		return
	}
	switch arg.name {
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
	a := td.Attr(arg.name) // provider is one for the built-in types
	if a == nil && contains(unsupportedMetaparams, arg.name) {
		b.unsupportedMetaparam(arg)
		return
	}
	if a == nil && arg.name == "name" {
		b.nameArg(td, arg)
		return
	}
	if a == nil {
		b.unknownAttr(td, arg)
		return
	}
	if arg.value == nil {
		return // null is undef: not given
	}
	if a.Behaviour == ReadOnly {
		b.errorf(summaryReadOnly, arg.nameRange, arg.rng,
			"Attempting to set `%s` read_only attribute value to `%s`. Remove %s from the declaration: only the provider sets a read_only attribute.", a.Name, displayValue(a, arg.value), a.Name)
		return
	}
	explicit[a.pos] = arg
}

// unsupportedMetaparam refuses arg, a metaparameter catc does not take
// (unsupportedMetaparams).
func (b *built) unsupportedMetaparam(arg *rawArg) {
	b.errorf(summaryMetaparam, arg.nameRange, arg.rng,
		"The metaparameter %q is not supported by catc; resources take require, before, notify, subscribe, alias, tag, noop, schedule, loglevel and audit. Remove %s.", arg.name, arg.name)
}

// refLikeArg diagnoses a reference given to an argument that takes
// none: the name first, as for any value (requires = package.nginx is a
// mistyped require), else the value.
func (b *built) refLikeArg(td *TypeDef, arg *rawArg) {
	if td.Attr(arg.name) == nil && !contains(metaparamNames, arg.name) && !contains(unsupportedMetaparams, arg.name) && arg.name != "name" && arg.name != "stage" {
		b.unknownAttr(td, arg)
		return
	}
	b.errorf(summaryInvalidValue, arg.exprRange, arg.rng,
		"%s takes a value, not a resource reference: %s is no variable (those are var.NAME, local.NAME, facts.NAME, trusted.NAME and each.key or each.value). A reference goes in require, before, notify or subscribe; a string value is quoted.",
		arg.name, arg.refLike)
}

func (b *built) errorf(summary string, subject, context hcl.Range, format string, args ...any) {
	b.diags = append(b.diags, errorAt(summary, fmt.Sprintf(format, args...), subject, context.Ptr()))
}

// unknownAttr rejects an argument the type does not define, with
// Puppet's sentence, the attributes the type has, and the closest name.
func (b *built) unknownAttr(td *TypeDef, arg *rawArg) {
	detail := fmt.Sprintf("no parameter named '%s' on %s.", arg.name, b.res.Ref())
	names := make([]string, 0, len(td.Attributes)+7)
	var settable []string
	for _, a := range td.Attributes {
		names = append(names, a.Name)
		if a.Behaviour != ReadOnly {
			settable = append(settable, a.Name)
		}
	}
	detail += fmt.Sprintf(" Remove it, or use an attribute of %s (%s) or a metaparameter.", td.Name, shortList(settable, 12))
	names = append(names, metaparamNames...)
	if sug := words.Closest(arg.name, names); sug != "" {
		detail += fmt.Sprintf(" Did you mean %q?", sug)
		if td.Attr(sug) != nil {
			b.misspelt = append(b.misspelt, misspelling{arg: arg, attr: sug})
		}
	}
	b.diags = append(b.diags, errorAt(summaryUnknownAttr, detail, arg.nameRange, arg.rng.Ptr()))
}

// stringsArg reads a string or a list of strings.
func (b *built) stringsArg(arg *rawArg, name string) []string {
	if containsSensitive(arg.value) {
		b.errorf(summaryInvalidValue, arg.exprRange, arg.rng, "%s", secretUse("A "+name))
		return nil
	}
	var list []types.Value
	switch v := arg.value.(type) {
	case nil:
		return nil
	case string:
		return []string{v}
	case []types.Value:
		list = v
	default:
		b.errorf(summaryInvalidValue, arg.exprRange, arg.rng, "%s must be a string or a list of strings.", name)
		return nil
	}
	out := make([]string, 0, len(list))
	for i, x := range list {
		s, ok := x.(string)
		if !ok {
			rng := arg.exprRange
			if i < len(arg.elemRanges) {
				rng = arg.elemRanges[i]
			}
			b.errorf(summaryInvalidValue, rng, arg.rng, "%s must be a string or a list of strings.", name)
			continue
		}
		out = append(out, s)
	}
	return out
}

func (b *built) checkTags(arg *rawArg, tags []string) {
	for i, t := range tags {
		if validTag(t) {
			continue
		}
		rng := arg.exprRange
		if i < len(arg.elemRanges) {
			rng = arg.elemRanges[i]
		}
		b.errorf(summaryInvalidTag, rng, arg.rng,
			"Invalid tag %s: a tag is letters, digits and underscores, then also colons, dots and hyphens. %s", types.RubyInspectString(t), tagAdvice(t))
	}
}

func (b *built) noopArg(arg *rawArg) {
	switch v := arg.value.(type) {
	case nil:
	case bool:
		b.res.Noop = &v
	default:
		b.errorf(summaryInvalidValue, arg.exprRange, arg.rng, "noop must be true or false.")
	}
}

// resolveValues merges title captures, explicit attributes and defaults
// (resource-api.md §2.3, §3.4), checking each value against its type.
func (b *built) resolveValues(td *TypeDef, explicit []*rawArg, values []types.Value) {
	r := b.res
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
			if a.Behaviour == Namevar && containsSensitive(e.value) {
				b.errorf(summaryAttrValue, e.exprRange, e.rng, "%s", secretUse("A namevar ("+a.Name+")"))
				continue
			}
			values[i] = e.value
			b.check(td, a, e.value, e.exprRange, e.rng)
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

func (b *built) check(td *TypeDef, a *AttrDef, v types.Value, subject, context hcl.Range) {
	var meter types.Meter
	if b.budget != nil {
		meter = b.budget
	}
	if msg, ok := checkValue(td, a, v, meter); !ok {
		if b.budget.over() {
			// the budget stopped the check, or is spent
			b.diags = append(b.diags, b.budget.stop(subject, whatMatch))
			return
		}
		b.diags = append(b.diags, errorAt(summaryAttrValue, msg, subject, context.Ptr()))
	}
}

// setValues fills Attributes, Namevars and UniquenessKey in type order
// from values (by attribute position, nil for none).
func (b *built) setValues(td *TypeDef, values []types.Value) {
	r := b.res
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
func (b *built) checkMandatory(td *TypeDef) {
	r := b.res
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
		b.errorf(summaryMandatory, subject, context, "Validation of %s failed: %s\n%s", r.Ref(), mandatoryList("parameters", params), withCause(cause, "Set "+words.And(params)+"."))
	case len(attrs) > 0 && ensureSet:
		subject, context, cause := b.mandatoryCause(attrs)
		b.errorf(summaryMandatory, subject, context, "%s: %s\n%s", r.Ref(), mandatoryList("attributes", attrs), withCause(cause, "Set "+words.And(attrs)+", or set ensure = \"absent\"."))
	}
}

// mandatoryCause finds the misspelt argument a missing attribute most
// likely follows from (`sourse` for source). The error then says so and
// points at that argument, which puts it right after the unknown
// attribute error, the root cause (diagnostics are sorted by position;
// the declaration's first line would put the consequence first).
// Without one, the error points at the declaration.
func (b *built) mandatoryCause(missing []string) (subject, context hcl.Range, cause string) {
	r := b.res
	for _, m := range b.misspelt {
		if contains(missing, m.attr) {
			return m.arg.nameRange, m.arg.rng, fmt.Sprintf("This follows from the unknown attribute %q on line %d, reported just before: rename it %s.",
				m.arg.name, m.arg.nameRange.Start.Line, m.attr)
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
	if isSecretAttr(a) || containsSensitive(v) {
		return "[redacted]"
	}
	switch v.(type) {
	case []types.Value, *types.Hash:
		return types.RubyInspect(v)
	}
	return scalarString(v)
}
