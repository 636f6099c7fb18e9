package compiler

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/words"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Resource defaults (`defaults "file" { owner = "root" }`, Puppet's
// `File { owner => 'root' }`) follow Puppet's dynamic scope: a scope's
// defaults reach what is declared in it after them, and every scope
// opened from it afterwards (the classes it declares first, the
// instances it declares, whose bodies are evaluated later and so see
// defaults written after the instance); the nearest scope's value wins,
// and a value written on the resource (null included) wins over all.

// defaultsScope is one scope's defaults, by type name in lower case.
type defaultsScope struct {
	parent *defaultsScope
	byType map[string][]catalog.ExternalParam
}

// newDefaults opens a scope below parent (nil: the top scope).
func newDefaults(parent *defaultsScope) *defaultsScope {
	return &defaultsScope{parent: parent}
}

// lookup is the defaults for a type, the nearest scope's winning.
func (d *defaultsScope) lookup(typ string) []catalog.ExternalParam {
	if d == nil {
		return nil
	}
	out := d.parent.lookup(typ)
	for _, p := range d.byType[typ] {
		out = setParam(out, p)
	}
	return out
}

// setParam sets p in ps, replacing one of its name (in a copy).
func setParam(ps []catalog.ExternalParam, p catalog.ExternalParam) []catalog.ExternalParam {
	for i := range ps {
		if ps[i].Name == p.Name {
			out := append([]catalog.ExternalParam(nil), ps...)
			out[i] = p
			return out
		}
	}
	return append(ps[:len(ps):len(ps)], p)
}

// apply adds the defaults of typ that params do not set.
func (d *defaultsScope) apply(typ string, params []catalog.ExternalParam) []catalog.ExternalParam {
	for _, p := range d.lookup(typ) {
		if paramOf(params, p.Name) == nil {
			params = append(params, p)
		}
	}
	return params
}

// declareDefaults evaluates a defaults block into sc's defaults.
func (k *compiler) declareDefaults(sc scope, b *hclsyntax.Block, src []byte) {
	typ, ok := k.typeLabel(b, `defaults "file" { owner = "root" }`, "Unknown resource type: '%s'. Defaults are for a type or a define.")
	if !ok {
		return
	}
	for _, nb := range b.Body.Blocks {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnexpectedBlock,
			fmt.Sprintf("A defaults block holds arguments only; a %s block is not expected here.", nb.Type), nb.TypeRange, nb.DefRange().Ptr()))
	}
	if sc.dflt.byType == nil {
		sc.dflt.byType = map[string][]catalog.ExternalParam{}
	}
	for _, a := range catalog.SortedAttrs(b.Body.Attributes) {
		p := catalog.ExternalParam{Name: a.Name, Range: a.SrcRange}
		if isRelation(a.Name) {
			refs, diags := extractRefs(a.Expr, src, sc.ctx)
			k.diags = append(k.diags, diags...)
			if diags.HasErrors() {
				continue
			}
			p.Value = refStrings(refs)
		} else {
			v, diags, ok := catalog.EvalValue(a.Expr, src, sc.ctx)
			k.diags = append(k.diags, diags...)
			if !ok {
				continue
			}
			p.Value = v
		}
		sc.dflt.byType[typ] = setParam(sc.dflt.byType[typ], p)
	}
}

// typeLabel is the type a defaults or collect block names (in lower
// case): a type or a define. example shows the block; unknown is the
// message of a type that is neither, with %s for the name.
func (k *compiler) typeLabel(b *hclsyntax.Block, example, unknown string) (string, bool) {
	if len(b.Labels) != 1 {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryBlockLabels,
			fmt.Sprintf("A %s block has one label, the resource type: %s. %s", b.Type, example, catalog.LabelAdvice(len(b.Labels), 1, "the type")), catalog.LabelsRange(b), b.DefRange().Ptr()))
		return "", false
	}
	if d := catalog.BadNameDiag(catalog.NameTypeRef, b.Labels[0], "", k.typeNames, b.LabelRanges[0], b.DefRange().Ptr()); d != nil {
		k.diags = append(k.diags, d)
		return "", false
	}
	typ := strings.ToLower(b.Labels[0])
	if def := k.st.defs[typ]; (def == nil || !def.define) && !k.isType(typ) {
		k.diags = append(k.diags, catalog.ErrorAt(catalog.SummaryUnknownType,
			fmt.Sprintf(unknown, typ)+words.DidYouMean(typ, k.typeNames()), b.LabelRanges[0], b.DefRange().Ptr()))
		return "", false
	}
	return typ, true
}
