package compiler

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

// FormatHCL returns src in HCL's canonical layout (hclwrite.Format):
// two-space indentation, `=` aligned across consecutive single-line
// attributes, comments and heredoc bodies kept. filename only names the
// file in diagnostics.
//
// The source is parsed with hclsyntax first, because hclwrite works on
// tokens and would "format" a file that does not parse: a syntax error
// comes back as diagnostics with file:line:col and a nil result, so that a
// caller never writes out a file it could not read. Templates in block
// labels (`resource "software" "python-${each.key}"`) are accepted, as
// Load accepts them in titles.
func FormatHCL(src []byte, filename string) ([]byte, hcl.Diagnostics) {
	if diags := checkInput(src, filename, hcl.InitialPos); diags.HasErrors() {
		return nil, diags
	}
	file, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	diags = catalog.WithSyntaxAdvice(hiddenSyntaxErrors(src, filename, hcl.InitialPos, diags))
	if file != nil {
		if body, ok := file.Body.(*hclsyntax.Body); ok {
			diags = dropLabelTemplateDiags(diags, labelRanges(body, nil))
		}
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return hclwrite.Format(src), nil
}

// labelRanges appends the label ranges of every block in body, nested
// ones included.
func labelRanges(body *hclsyntax.Body, out []hcl.Range) []hcl.Range {
	for _, b := range body.Blocks {
		out = append(out, b.LabelRanges...)
		if b.Body != nil {
			out = labelRanges(b.Body, out)
		}
	}
	return out
}
