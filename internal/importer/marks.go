package importer

import (
	"bytes"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

// maxMarks is how many `$` and `%` a string catc writes may hold as they
// are. HCL's parser makes a separate piece of every `$` or `%` in a
// template and joins the pieces again one by one, in time that grows with
// the square of their number: a docs string of 20,000 `%q(` took 7 s to
// import (catc reads back what it writes) and would again in every catc
// command that loads the file. A string with more has them spelled
// \u0024 and \u0025, which HCL reads in one piece; a real type's strings
// hold a few.
const maxMarks = 64

// manyMarks reports whether s holds more than maxMarks `$` and `%`.
func manyMarks(s string) bool {
	return strings.Count(s, "$")+strings.Count(s, "%") > maxMarks
}

// spellMarks are the bytes of a written file whose quoted strings have
// their `$` and `%` spelled as escapes where there are more than
// maxMarks of them, formatted.
func spellMarks(f *hclwrite.File) []byte {
	toks := f.BuildTokens(nil)
	for _, t := range toks {
		if t.Type == hclsyntax.TokenQuotedLit && manyMarks(string(t.Bytes)) {
			t.Bytes = spelled(t.Bytes)
		}
	}
	return hclwrite.Format(toks.Bytes())
}

// spelled writes the `$` and `%` of a quoted string's source as \u
// escapes. The writer doubled the first of each `${` and `%{` to keep it
// literal; spelled, it must not be doubled. A `$` or `%` is never part
// of another escape, so no other text changes.
func spelled(lit []byte) []byte {
	lit = bytes.ReplaceAll(lit, []byte("$${"), []byte("${"))
	lit = bytes.ReplaceAll(lit, []byte("%%{"), []byte("%{"))
	lit = bytes.ReplaceAll(lit, []byte("$"), []byte(`\u0024`))
	return bytes.ReplaceAll(lit, []byte("%"), []byte(`\u0025`))
}
