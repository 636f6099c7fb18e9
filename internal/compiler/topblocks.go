package compiler

import (
	"fmt"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/words"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// topLevelAttrDiags rejects attributes outside any block, in source order.
func topLevelAttrDiags(body *hclsyntax.Body) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, a := range catalog.SortedAttrs(body.Attributes) {
		diags = append(diags, catalog.ErrorAt(catalog.SummaryUnsupportedArg,
			fmt.Sprintf("An argument named %q is not expected at the top level: a file holds `type`, `resource`, `variable` and `locals` blocks. Move it into a locals block, or remove it.", a.Name),
			a.NameRange, nil))
	}
	return diags
}

// unknownTopBlock rejects a top-level block other than type and resource.
func unknownTopBlock(b *hclsyntax.Block) *hcl.Diagnostic {
	var detail string
	switch b.Type {
	case "output", "module", "data", "provider", "terraform":
		detail = fmt.Sprintf("Blocks of type %q are not supported: a file holds `type`, `type_alias`, `resource`, `group`, `variable` and `locals` blocks. Remove it.", b.Type)
	default:
		detail = fmt.Sprintf("Blocks of type %q are not expected here: a file holds `type`, `type_alias`, `resource`, `group`, `variable` and `locals` blocks. Rename it or remove it.", b.Type)
		detail += words.DidYouMean(b.Type, topBlockNames)
	}
	return catalog.ErrorAt(catalog.SummaryUnsupportedTop, detail, b.TypeRange, b.DefRange().Ptr())
}
