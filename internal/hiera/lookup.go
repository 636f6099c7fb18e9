package hiera

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/catc-dev/catc/internal/rubyregexp"
	"github.com/catc-dev/catc/internal/types"
)

// Scope is what a node's lookups see: its facts, its trusted data and,
// for %{scope('x')} and %{x}, any other variables the caller has (a
// class's parameters, when the compiler looks up from a class).
type Scope struct {
	// Facts is facts.* (and the top-scope variables ::x).
	Facts *types.Hash
	// factsCty, when set (NodeScope), holds the facts unconverted:
	// Facts is then made on first use of the whole hash, and a fact is
	// converted alone when it is read, so that a node's hundreds of facts
	// cost nothing when its data reads a few.
	factsCty *cty.Value
	// Trusted is trusted.*.
	Trusted *types.Hash
	// trustedCty, when set (NodeScope), holds trusted.* unconverted, as
	// factsCty the facts: Trusted is made on first use of the whole hash.
	trustedCty *cty.Value
	// Variable gives the caller's other variables by name ("x" or
	// "::x"); nil when there are none.
	Variable func(name string) (types.Value, bool)
}

// Session is the lookups of one node: the hierarchy's paths are
// interpolated for it once, and lookup_options read once. A Session is
// for one goroutine; Sessions of one Data may run in parallel.
type Session struct {
	d      *Data
	scope  Scope
	levels []resolvedLevel
	// levelsErr is the error of interpolating the hierarchy's paths.
	levelsErr error
	resolved  bool
	options   *lookupOptions
	optsErr   error
	// stack is the key stack of the session's lookups, one after the
	// other, so that a lookup does not allocate its own (nil while a
	// lookup has it).
	stack []string
}

// invocation starts a lookup, with the session's stack if no other
// lookup has it.
func (s *Session) invocation() *invocation {
	inv := &invocation{s: s, stack: s.stack[:0]}
	s.stack = nil
	return inv
}

// done gives the lookup's stack back to the session.
func (s *Session) done(inv *invocation) { s.stack = inv.stack[:0] }

// NewSession starts the lookups of one node. A nil Data gives a session
// that finds nothing.
func (d *Data) NewSession(scope Scope) *Session { return &Session{d: d, scope: scope} }

// Options are lookup()'s options.
type Options struct {
	// Merge is a strategy name ("first", "unique", "hash", "deep") or a
	// hash with "strategy" and deep's options; nil takes the merge of
	// lookup_options, else first.
	Merge types.Value
	// Default is the value when nothing is found, if HasDefault.
	Default    types.Value
	HasDefault bool
	// ValueType is the type the value must have (nil: any).
	ValueType types.Type
	// Explain asks for the explanation (Result.Explain).
	Explain bool
}

// Origin is where a value was found.
type Origin struct {
	// File is the data file, under the site directory as given; Line
	// and Column are where its key starts.
	File         string
	Line, Column int
	// Level is the hierarchy level's name.
	Level string
}

// Range is the origin as a source range.
func (o Origin) Range() hcl.Range {
	return hcl.Range{Filename: o.File, Start: hcl.Pos{Line: o.Line, Column: o.Column}, End: hcl.Pos{Line: o.Line, Column: o.Column + 1}}
}

// Result is the answer of a lookup.
type Result struct {
	// Value is the value (the default's when Found is false).
	Value types.Value
	// Found is set when the data gave the value.
	Found bool
	// Origins are the data files that gave it, highest priority first
	// (several for a merge): shared with other lookups, to be read only.
	Origins []Origin
	// Explain is the explanation, when asked.
	Explain *ExplainNode
}

// lookupError is a lookup's failure in Puppet's words.
type lookupError struct {
	msg     string
	subject *hcl.Range
	summary string
}

func (e *lookupError) Error() string { return e.msg }

// Diagnostic summaries.
const (
	summaryBadData   = "Invalid Hiera data"
	summaryNotFound  = "Hiera key not found"
	summaryWrongType = "Hiera value of the wrong type"
	summaryLookup    = "Hiera lookup failed"
)

// hit is a value found, with where.
type hit struct {
	value   types.Value
	origins []Origin
}

// invocation is one lookup's state: the keys being looked up (to catch
// a loop), the explanation, and the interpolation budget.
type invocation struct {
	s      *Session
	stack  []string
	ex     *explainer
	spent  int
	locals map[string]types.Value
}

func (inv *invocation) check(name string) error {
	if slices.Contains(inv.stack, name) {
		return &lookupError{msg: fmt.Sprintf("Recursive lookup detected in [%s]", strings.Join(inv.stack, ", "))}
	}
	return nil
}

// Lookup is Puppet's lookup(key, options): the value, or the default,
// or an error in Puppet's words (a missing key names the hierarchy
// searched).
func (s *Session) Lookup(key string, o Options) (Result, hcl.Diagnostics) {
	inv := s.invocation()
	defer s.done(inv)
	if o.Explain {
		inv.ex = newExplainer()
	}
	res := Result{}
	fail := func(err error) (Result, hcl.Diagnostics) {
		inv.text(err.Error())
		res.Explain = inv.explanation()
		return res, hcl.Diagnostics{s.diagnostic(err)}
	}
	var merge types.Value = o.Merge
	h, found, err := inv.lookup(key, merge)
	if err != nil {
		return fail(err)
	}
	if found {
		res.Value, res.Found, res.Origins = h.value, true, h.origins
		if o.ValueType != nil {
			if msg, ok := types.Check("Found value has wrong type,", o.ValueType, unsealAll(h.value)); !ok && !secretMatches(o.ValueType, h.value) {
				return fail(&lookupError{msg: msg, subject: originRange(h.origins), summary: summaryWrongType})
			}
		}
		res.Explain = inv.explanation()
		return res, nil
	}
	if !o.HasDefault {
		return fail(&lookupError{msg: fmt.Sprintf("Function lookup() did not find a value for the name '%s'", key), summary: summaryNotFound})
	}
	res.Value = o.Default
	if o.ValueType != nil {
		if msg, ok := types.Check("Default value has wrong type,", o.ValueType, unsealAll(o.Default)); !ok {
			return fail(&lookupError{msg: msg, summary: summaryWrongType})
		}
	}
	res.Explain = inv.explanation()
	return res, nil
}

// Find looks key up as Puppet's automatic parameter lookup does: no
// default, no type, and a missing key is no error (found is false).
func (s *Session) Find(key string) (Result, bool, hcl.Diagnostics) {
	inv := s.invocation()
	defer s.done(inv)
	h, found, err := inv.lookup(key, nil)
	if err != nil {
		return Result{}, false, hcl.Diagnostics{s.diagnostic(err)}
	}
	if !found {
		return Result{}, false, nil
	}
	return Result{Value: h.value, Found: true, Origins: h.origins}, true, nil
}

// secretMatches accepts a secret where the type takes a String: eyaml
// decrypts to a String, which catc does not see.
func secretMatches(t types.Type, v types.Value) bool {
	if _, ok := v.(types.Sensitive); !ok {
		return false
	}
	return types.IsInstance(t, "")
}

func originRange(os []Origin) *hcl.Range {
	if len(os) == 0 {
		return nil
	}
	r := os[0].Range()
	return &r
}

func (inv *invocation) explanation() *ExplainNode {
	if inv.ex == nil {
		return nil
	}
	return inv.ex.root
}

// diagnostic turns a lookup error into a diagnostic.
func (s *Session) diagnostic(err error) *hcl.Diagnostic {
	le, ok := err.(*lookupError)
	if !ok {
		return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summaryLookup, Detail: err.Error()}
	}
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: le.summary, Detail: le.msg, Subject: le.subject}
	if d.Summary == "" {
		d.Summary = summaryLookup
	}
	if d.Summary == summaryNotFound {
		d.Detail += ". " + s.searched()
	}
	if d.Summary == summaryWrongType && le.subject != nil {
		d.Detail += fmt.Sprintf(" (the value of %s, line %d)", le.subject.Filename, le.subject.Start.Line)
	}
	if !strings.HasSuffix(d.Detail, ".") {
		d.Detail += "."
	}
	return d
}

// searched says which files the hierarchy searched, for a missing key.
func (s *Session) searched() string {
	if s.d == nil {
		return "The site has no hiera.yaml, so there is no data; add one, or give a default_value."
	}
	var parts []string
	for _, lv := range s.levels {
		var files []string
		for _, l := range lv.locations {
			f := l.path
			if !l.exists {
				f += " (absent)"
			}
			files = append(files, f)
		}
		if len(files) == 0 {
			files = []string{"no file"}
		}
		parts = append(parts, fmt.Sprintf("%q: %s", lv.Name, strings.Join(files, ", ")))
	}
	return "The hierarchy searched " + strings.Join(parts, "; ") + ". Add the key to one of them, or give a default_value."
}

// lookup is Puppet's LookupAdapter#lookup for catc's one layer.
func (inv *invocation) lookup(key string, merge types.Value) (hit, bool, error) {
	if key == "lookup_options" || strings.HasPrefix(key, "lookup_options.") {
		if inv.ex != nil {
			inv.push(&ExplainNode{Kind: "invalid_key", Key: "lookup_options"})
		}
		inv.pop()
		return hit{}, false, nil
	}
	root, rest := key, []segment(nil)
	if strings.ContainsAny(key, `'".`) { // else the key is its one segment
		segs, ok := splitKey(key)
		if !ok {
			return hit{}, false, &lookupError{msg: fmt.Sprintf("Syntax error in key: '%s'", key)}
		}
		root, rest = segs[0].name, segs[1:]
	}
	if err := inv.check(key); err != nil {
		// Puppet's global layer, searched first, sees the loop
		return hit{}, false, &lookupError{msg: fmt.Sprintf("Lookup of key '%s' failed: %s", key, err.Error())}
	}
	if inv.s.d == nil {
		return hit{}, false, nil
	}
	opts, err := inv.s.lookupOptions(inv)
	if err != nil {
		return hit{}, false, err
	}
	keyOpts := opts.forKey(root)
	if merge == nil && keyOpts != nil {
		if m, ok := keyOpts.Get("merge"); ok && m != nil {
			merge = m
			inv.mergeSource("lookup_options")
		}
	}
	st, err := parseStrategy(merge)
	if err != nil {
		return hit{}, false, err
	}
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "root", Key: key})
	}
	h, found, err := inv.searchEnvironment(key, root, st)
	if err == nil && found && len(rest) > 0 {
		var v types.Value
		v, found, err = inv.dig(key, rest, h.value)
		h.value = v
	}
	inv.pop()
	if err != nil || !found {
		return hit{}, false, err
	}
	if keyOpts != nil {
		if c, ok := keyOpts.Get("convert_to"); ok && c != nil {
			v, err := convertTo(key, c, h.value)
			if err != nil {
				return hit{}, false, err
			}
			h.value = v
		}
	}
	return h, true, nil
}

// searchEnvironment searches the hierarchy for root as Puppet's
// environment data provider does, then applies the outer merge of
// Puppet's layers (unique makes the value an array).
func (inv *invocation) searchEnvironment(key, root string, st *strategy) (hit, bool, error) {
	s := inv.s
	levels, err := s.levelsFor()
	if err != nil {
		return hit{}, false, err
	}
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "data_provider", Name: "Environment Data Provider (hiera configuration version 5)", ConfigPath: s.d.cfg.Path})
	}
	defer inv.pop()
	inv.stack = append(inv.stack, key)
	defer func() { inv.stack = inv.stack[:len(inv.stack)-1] }()
	if len(levels) == 0 {
		inv.notFound(root)
		return hit{}, false, nil
	}
	h, found, err := inv.variants(st, len(levels), func(i int) (hit, bool, error) {
		return inv.searchLevel(&levels[i], root, st)
	})
	if err != nil || !found {
		return h, found, err
	}
	if !st.isFirst() {
		h.value = st.convert(h.value)
	}
	return h, true, nil
}

// variants is MergeStrategy#lookup: each variant (level, location) is
// searched; first stops at the first found, the others merge them all.
func (inv *invocation) variants(st *strategy, n int, each func(int) (hit, bool, error)) (hit, bool, error) {
	if st.isFirst() {
		for i := 0; i < n; i++ {
			h, found, err := each(i)
			if err != nil || found {
				return h, found, err
			}
		}
		return hit{}, false, nil
	}
	if n == 0 {
		return hit{}, false, nil
	}
	if n == 1 {
		h, found, err := each(0)
		if found {
			h.value = st.single(h.value)
		}
		return h, found, err
	}
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "merge", Merge: st.name, Options: st.optionsWithoutStrategy()})
	}
	defer inv.pop()
	var memo hit
	have := false
	for i := 0; i < n; i++ {
		h, found, err := each(i)
		if err != nil {
			return hit{}, false, err
		}
		if !found {
			continue
		}
		if !have {
			memo, have = hit{value: st.convert(h.value), origins: h.origins}, true
			continue
		}
		v, err := st.merge(memo.value, h.value)
		if err != nil {
			return hit{}, false, err
		}
		memo = hit{value: v, origins: append(append([]Origin(nil), memo.origins...), h.origins...)}
	}
	if !have {
		return hit{}, false, nil
	}
	inv.result(memo.value)
	return memo, true, nil
}

// searchLevel searches one hierarchy level's locations.
func (inv *invocation) searchLevel(lv *resolvedLevel, root string, st *strategy) (hit, bool, error) {
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "data_provider", Name: "Hierarchy entry \"" + lv.Name + "\""})
	}
	defer inv.pop()
	return inv.variants(st, len(lv.locations), func(i int) (hit, bool, error) {
		loc := &lv.locations[i]
		if inv.ex != nil {
			inv.push(&ExplainNode{Kind: "path", Path: loc.path, OriginalPath: loc.original})
		}
		defer inv.pop()
		if !loc.exists {
			inv.locationNotFound()
			return hit{}, false, nil
		}
		if loc.file == nil {
			loc.file = inv.s.d.file(loc.path, lv.Function)
		}
		f := loc.file
		if f.diags.HasErrors() {
			return hit{}, false, &lookupError{msg: f.diags[0].Detail, subject: f.diags[0].Subject, summary: summaryBadData}
		}
		e := f.entries[root]
		if e == nil {
			inv.notFound(root)
			return hit{}, false, nil
		}
		origins := e.origins(loc.path, lv.Name)
		origin := origins[0]
		if e.bad != "" {
			r := origin.Range()
			return hit{}, false, &lookupError{subject: &r, summary: summaryBadData,
				msg: fmt.Sprintf("Value for key '%s', in hash returned from %s function '%s', when using location '%s', has wrong type: it is %s, which Puppet's data cannot hold", root, backends[lv.Function], lv.Function, loc.path, e.bad)}
		}
		v := e.value
		if lv.Function == "eyaml_lookup_key" {
			v = sealEncrypted(v)
		}
		if !e.plain {
			var err error
			if v, err = inv.interpolate(v, true); err != nil {
				if le, ok := err.(*lookupError); ok && le.subject == nil {
					r := origin.Range()
					le.subject = &r
				}
				return hit{}, false, err
			}
		}
		inv.found(root, v)
		return hit{value: v, origins: origins}, true, nil
	})
}

// levelsFor resolves the hierarchy for the session's node, once, with
// a quiet invocation of its own: an explanation does not show it.
func (s *Session) levelsFor() ([]resolvedLevel, error) {
	if !s.resolved {
		s.resolved = true
		quiet := &invocation{s: s}
		s.levels, s.levelsErr = s.resolveLevels(quiet)
	}
	return s.levels, s.levelsErr
}

// lookupOptions are the merged lookup_options of the data: exact keys,
// and patterns (keys starting with ^) in order.
type lookupOptions struct {
	exact    map[string]*types.Hash
	patterns []optionPattern
}

type optionPattern struct {
	rx   interface{ MatchString(string) bool }
	opts *types.Hash
}

func (o *lookupOptions) forKey(root string) *types.Hash {
	if o == nil {
		return nil
	}
	if h, ok := o.exact[root]; ok {
		return h
	}
	for _, p := range o.patterns {
		if p.rx.MatchString(root) {
			return p.opts
		}
	}
	return nil
}

// lookupOptions reads lookup_options once per session, with the hash
// merge, as Puppet does.
func (s *Session) lookupOptions(inv *invocation) (*lookupOptions, error) {
	if s.options != nil || s.optsErr != nil {
		return s.options, s.optsErr
	}
	s.options = &lookupOptions{exact: map[string]*types.Hash{}}
	if inv.ex != nil {
		inv.push(&ExplainNode{Kind: "meta", Key: "lookup_options"})
	}
	h, found, err := inv.searchEnvironment("lookup_options", "lookup_options", mustStrategy("hash"))
	inv.pop()
	if err != nil {
		s.options, s.optsErr = nil, err
		return nil, err
	}
	if !found || h.value == nil {
		return s.options, nil
	}
	all, ok := h.value.(*types.Hash)
	if !ok {
		s.options, s.optsErr = nil, &lookupError{msg: "value of lookup_options must be a hash", subject: originRange(h.origins), summary: summaryBadData}
		return nil, s.optsErr
	}
	for i, k := range all.Keys {
		opts, _ := all.Values[i].(*types.Hash)
		if opts == nil {
			opts = &types.Hash{}
		}
		if strings.HasPrefix(k, "^") {
			rx, err := rubyregexp.Compile(k, "")
			if err != nil {
				s.options, s.optsErr = nil, &lookupError{msg: fmt.Sprintf("The lookup_options key %q is not a usable regular expression: %v", k, err), subject: originRange(h.origins), summary: summaryBadData}
				return nil, s.optsErr
			}
			s.options.patterns = append(s.options.patterns, optionPattern{rx: rx, opts: opts})
			continue
		}
		s.options.exact[k] = opts
	}
	return s.options, nil
}

func mustStrategy(name string) *strategy {
	st, err := parseStrategy(name)
	if err != nil {
		panic(err)
	}
	return st
}

// variable is a scope variable of the node, as Puppet's scope has it
// for a lookup: a mapped_paths key, the caller's variables, facts and
// trusted, and every fact as a top-scope variable (x and ::x).
func (inv *invocation) variable(name string) (types.Value, bool) {
	if v, ok := inv.locals[name]; ok {
		return v, true
	}
	sc := inv.s.scope
	if sc.Variable != nil {
		if v, ok := sc.Variable(name); ok {
			return v, true
		}
	}
	bare := strings.TrimPrefix(name, "::")
	switch bare {
	case "facts":
		return inv.s.allFacts(), true
	case "trusted":
		return inv.s.allTrusted(), true
	}
	if sc.factsCty != nil && sc.Facts == nil {
		return factFromCty(*sc.factsCty, bare)
	}
	if sc.Facts != nil {
		if v, ok := sc.Facts.Get(bare); ok {
			return v, true
		}
	}
	return nil, false
}

// allFacts is facts.* whole.
func (s *Session) allFacts() *types.Hash {
	if s.scope.Facts == nil && s.scope.factsCty != nil {
		s.scope.Facts, _ = FromCty(*s.scope.factsCty).(*types.Hash)
	}
	if s.scope.Facts == nil {
		return &types.Hash{}
	}
	return s.scope.Facts
}

// allTrusted is trusted.* whole, as Puppet 7 has it: with an external
// hash, empty when the node has none.
func (s *Session) allTrusted() *types.Hash {
	if s.scope.Trusted == nil && s.scope.trustedCty != nil {
		s.scope.Trusted, _ = FromCty(*s.scope.trustedCty).(*types.Hash)
		if s.scope.Trusted != nil {
			if _, ok := s.scope.Trusted.Get("external"); !ok {
				s.scope.Trusted.Append("external", &types.Hash{})
			}
		}
	}
	if s.scope.Trusted == nil {
		return &types.Hash{}
	}
	return s.scope.Trusted
}

// factFromCty is the fact name of an object of facts, converted alone.
func factFromCty(facts cty.Value, name string) (types.Value, bool) {
	if facts.IsNull() || !facts.IsKnown() || !facts.Type().IsObjectType() || !facts.Type().HasAttribute(name) {
		return nil, false
	}
	return FromCty(facts.GetAttr(name)), true
}

// convertTo applies lookup_options' convert_to; catc knows Sensitive.
func convertTo(key string, c, v types.Value) (types.Value, error) {
	name := c
	if a, ok := c.([]types.Value); ok && len(a) > 0 {
		name = a[0]
	}
	if name == "Sensitive" {
		if _, ok := v.(types.Sensitive); ok {
			return v, nil
		}
		return types.Sensitive{Value: unsealAll(v)}, nil
	}
	return nil, &lookupError{msg: fmt.Sprintf("The convert_to lookup_option for key '%s' is %s: catc converts only to Sensitive. Convert the value where it is used instead.", key, types.RubyInspect(name))}
}

// sealEncrypted makes every string holding an eyaml block (ENC[…]) a
// secret: catc does not decrypt it, and never shows it.
func sealEncrypted(v types.Value) types.Value {
	return MapLeaves(v, func(x types.Value) types.Value {
		if s, ok := x.(string); ok && isEncrypted(s) {
			return types.Sensitive{Value: strings.TrimRight(s, "\n")}
		}
		return x
	})
}

// isEncrypted is hiera-eyaml's test: the string holds ENC[…].
func isEncrypted(s string) bool {
	i := strings.Index(s, "ENC[")
	return i >= 0 && strings.Contains(s[i:], "]")
}
