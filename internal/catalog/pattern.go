package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/rubyregexp"
	"github.com/catc-dev/catc/internal/words"
)

var titlePatternSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "pattern"}, {Name: "desc"}},
}

// decodeTitlePatterns reads the title_pattern blocks in order. Patterns
// are Ruby regexps; each must translate, and its named groups must name
// namevars (the Resource API accepts anything and fails per declaration).
func decodeTitlePatterns(td *TypeDef, blocks hcl.Blocks, src []byte) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, b := range blocks {
		if b.Type != "title_pattern" {
			continue
		}
		p, d := decodeTitlePattern(td, b, src)
		diags = append(diags, d...)
		if p != nil {
			td.TitlePatterns = append(td.TitlePatterns, p)
		}
	}
	return diags
}

func decodeTitlePattern(td *TypeDef, b *hcl.Block, src []byte) (*TitlePattern, hcl.Diagnostics) {
	content, diags := b.Body.Content(titlePatternSchema)
	diags = WithSchemaAdvice(diags, "title_pattern", titlePatternSchema)
	p := &TitlePattern{Range: b.DefRange}
	if d := content.Attributes["desc"]; d != nil {
		s, moreDiags := StringAttr(d, src, false)
		p.Desc = s
		diags = append(diags, moreDiags...)
	}
	pa := content.Attributes["pattern"]
	if pa == nil {
		return nil, append(diags, ErrorAt(summaryTitlePattern,
			fmt.Sprintf("A title_pattern needs a pattern (the Resource API fails every declaration with \"no implicit conversion of nil into String\"). Add one, e.g. pattern = \"^(?<%s>.*)$\", or remove the block.", firstNamevarName(td)),
			b.DefRange, nil))
	}
	s, moreDiags := StringAttr(pa, src, true)
	diags = append(diags, moreDiags...)
	if moreDiags.HasErrors() {
		return nil, diags
	}
	p.Source, p.PatternRange = s, pa.Expr.Range()
	if s == "" {
		return nil, append(diags, ErrorAt(summaryTitlePattern,
			fmt.Sprintf("An empty title pattern captures no namevar. Write a pattern with a named group per namevar, e.g. ^(?<%s>.*)$, or remove the title_pattern block.", firstNamevarName(td)),
			p.PatternRange, pa.Range.Ptr()))
	}
	re, err := rubyregexp.Compile(s, "")
	if err != nil {
		return nil, append(diags, regexpDiag(p, pa, src, err))
	}
	p.Regexp = re
	for _, name := range re.SubexpNames() {
		if name != "" {
			p.Captures = append(p.Captures, name)
		}
	}
	return p, append(diags, checkCaptures(td, p, pa, src)...)
}

func regexpDiag(p *TitlePattern, pa *hcl.Attribute, src []byte, err error) *hcl.Diagnostic {
	var re *rubyregexp.Error
	if !errors.As(err, &re) {
		return ErrorAt(summaryTitlePattern, fmt.Sprintf("The title pattern /%s/ is not usable: %v.", p.Source, err), p.PatternRange, pa.Range.Ptr())
	}
	length := 1 // Construct is a description, not the source text
	if re.Offset >= len(p.Source) {
		length = 0
	}
	return ErrorAt(summaryTitlePattern,
		fmt.Sprintf("The title pattern /%s/ is not usable: %s.", p.Source, strings.TrimSuffix(re.Msg, ".")),
		ValueRange(p.PatternRange, src, p.Source, re.Offset, length), pa.Range.Ptr())
}

// checkCaptures requires named groups, each naming a namevar.
func checkCaptures(td *TypeDef, p *TitlePattern, pa *hcl.Attribute, src []byte) hcl.Diagnostics {
	if len(p.Captures) == 0 {
		return hcl.Diagnostics{ErrorAt(summaryTitlePattern,
			fmt.Sprintf("The title pattern /%s/ has no named group, so it sets no namevar: name groups after namevars, as in (?<%s>.*).", p.Source, firstNamevarName(td)),
			p.PatternRange, pa.Range.Ptr())}
	}
	var diags hcl.Diagnostics
	for _, name := range p.Captures {
		a := td.Attr(name)
		if a != nil && a.Behaviour == Namevar {
			continue
		}
		rng := p.PatternRange
		if i := strings.Index(p.Source, "(?<"+name+">"); i >= 0 {
			rng = ValueRange(p.PatternRange, src, p.Source, i, len(name)+4)
		}
		detail := fmt.Sprintf("The group (?<%s>…) names no namevar of type %q", name, td.Name)
		if a == nil {
			detail += fmt.Sprintf(" (Puppet fails every matching declaration with \"no parameter named '%s'\")", name)
		} else {
			detail += fmt.Sprintf(": %q is a %s", name, a.Behaviour)
		}
		detail += fmt.Sprintf(". Name each group after a namevar (%s), or make %s a namevar.", strings.Join(namevarNames(td), ", "), name)
		if sug := words.Closest(name, namevarNames(td)); sug != "" && a == nil {
			detail += fmt.Sprintf(" Did you mean %q?", sug)
		}
		diags = append(diags, ErrorAt(summaryTitlePattern, detail, rng, pa.Range.Ptr()))
	}
	return diags
}

func namevarNames(td *TypeDef) []string {
	var out []string
	for _, a := range td.Namevars() {
		out = append(out, a.Name)
	}
	return out
}

func firstNamevarName(td *TypeDef) string {
	if nv := td.Namevars(); len(nv) > 0 {
		return nv[0].Name
	}
	return "name"
}
