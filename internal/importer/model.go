package importer

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/importer/ruby"
)

// typeSpec is what one register_type call defines, in the order the HCL
// is written. Every piece keeps its Ruby range for diagnostics.
type typeSpec struct {
	name     string
	call     hcl.Range
	nameRng  hcl.Range
	docs     []docSpec // desc and/or docs, as written
	attrs    []*attrSpec
	patterns []patternSpec
	autos    []autoSpec
	features *featureSpec
	// refreshable is where the Ruby defines refresh (newtype types only).
	refreshable *hcl.Range
}

type docSpec struct {
	key  string // desc or docs
	text string
	rng  hcl.Range
}

type attrSpec struct {
	name      string
	rng       hcl.Range // the attribute's key
	typ       *stringSpec
	desc      *stringSpec
	deflt     ruby.Node
	behaviour *behaviourSpec
	sensitive *boolSpec
	// defaultNode is the default as written, literal or not: if the
	// attribute is a secret, diagnostics must not show it.
	defaultNode ruby.Node
	// ignoredValues are the values of options the Resource API ignores
	// (defaultto: …): not a default, but likely one, so hidden alike.
	ignoredValues []ruby.Node
	// sensitiveUnknown and typeUnknown: the flag or the type is not a
	// literal, so the default may be a secret.
	sensitiveUnknown, typeUnknown bool
}

type stringSpec struct {
	value string
	rng   hcl.Range
}

type behaviourSpec struct {
	key   string // behaviour or behavior
	value string
	rng   hcl.Range
}

type boolSpec struct {
	value bool
	rng   hcl.Range
}

type patternSpec struct {
	pattern string // with the Ruby flags as an inline group
	desc    *stringSpec
	rng     hcl.Range
	patRng  hcl.Range
}

type autoSpec struct {
	kind  string // autorequire, …
	rng   hcl.Range
	rules []autoRule
}

type autoRule struct {
	typ    string
	titles []string
	list   bool // written as an array
	rng    hcl.Range
	// terms, when set, are the values of a newtype's blocks for the
	// target (translated, or kept from catc's shipped type); titles are
	// then unused.
	terms []ruleTerm
}

// ruleTerm is one value of a rule: a title or "$attr" (title), a call of
// the rule language (call, args), or a value as written in catc's
// shipped type (raw).
type ruleTerm struct {
	title string
	call  string
	args  []ruleTerm
	raw   string
}

type featureSpec struct {
	names []string
	rng   hcl.Range
}
