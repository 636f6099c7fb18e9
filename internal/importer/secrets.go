package importer

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/importer/ruby"
)

// minScrub is the shortest secret literal scrubbed from messages: a
// shorter one (a digit, "on") would blank out ordinary words.
const minScrub = 3

// secretDefault is an attribute's default in the Ruby source, and
// whether the source already says it is a secret.
type secretDefault struct {
	typ, attr string
	node      ruby.Node
	// flagged: `sensitive: true` (or a flag catc cannot read), a type
	// naming Sensitive, or a type catc cannot read.
	flagged bool
}

// defaultsOf lists the defaults of a type's attributes, and the values
// of the options the Resource API ignores on them (defaultto: is likely
// meant as the default).
func defaultsOf(spec *typeSpec) []secretDefault {
	var out []secretDefault
	for _, a := range spec.attrs {
		flagged := a.sensitiveUnknown || a.typeUnknown ||
			a.sensitive != nil && a.sensitive.value ||
			a.typ != nil && strings.Contains(a.typ.value, "Sensitive")
		values := a.ignoredValues
		if a.defaultNode != nil {
			values = append([]ruby.Node{a.defaultNode}, values...)
		}
		for _, v := range values {
			out = append(out, secretDefault{typ: spec.name, attr: a.name, node: v, flagged: flagged})
		}
	}
	return out
}

// secretNodes are the defaults that are secrets: as the source says, or
// as catc's own check of the written types says (AttrDef.IsSecret: a type
// alias to Sensitive[...] too).
func secretNodes(defaults []secretDefault, cat *catalog.Catalog) []ruby.Node {
	var out []ruby.Node
	for _, d := range defaults {
		secret := d.flagged
		if !secret && cat != nil {
			if td := cat.Type(d.typ); td != nil {
				secret = td.Attr(d.attr).IsSecret()
			}
		}
		if secret {
			out = append(out, d.node)
		}
	}
	return out
}

// hideSecrets keeps the secret defaults out of what diagnostics show: a
// diagnostic about a secret gets its detail without the quoted source,
// every message loses the secret's literals, and the sources the
// snippets are taken from have the secrets masked ('*', line breaks kept
// so that lines and columns stay true).
func hideSecrets(diags hcl.Diagnostics, quoted map[*hcl.Diagnostic]string, nodes []ruby.Node, sources []Source) []Source {
	if len(nodes) == 0 {
		return sources
	}
	secrets := make([]hcl.Range, len(nodes))
	for i, n := range nodes {
		secrets[i] = n.Range()
	}
	for _, d := range diags {
		if alt, ok := quoted[d]; ok && d.Subject != nil && within(*d.Subject, secrets) {
			d.Detail = alt
		}
	}
	words := secretWords(nodes, sources)
	for _, d := range diags {
		for _, w := range words {
			d.Summary = strings.ReplaceAll(d.Summary, w, "(sensitive)")
			d.Detail = strings.ReplaceAll(d.Detail, w, "(sensitive)")
		}
	}
	shown := make([]Source, len(sources))
	for i, s := range sources {
		shown[i] = s
		masked := false
		for _, r := range secrets {
			if r.Filename != s.Name {
				continue
			}
			if !masked {
				shown[i].Src, masked = append([]byte(nil), s.Src...), true
			}
			maskBytes(shown[i].Src, r.Start.Byte, r.End.Byte)
		}
	}
	return shown
}

// within reports whether r lies inside one of the ranges.
func within(r hcl.Range, ranges []hcl.Range) bool {
	for _, s := range ranges {
		if r.Filename == s.Filename && s.Start.Byte <= r.Start.Byte && r.End.Byte <= s.End.Byte {
			return true
		}
	}
	return false
}

// secretWords are the texts a message could quote a secret by: each
// secret's source text, the string literals in it as written and as
// read, and its other literals; longest first (so that a literal inside
// a longer text does not break that text's match).
func secretWords(nodes []ruby.Node, sources []Source) []string {
	var words []string
	add := func(w string) {
		if w = strings.TrimSpace(w); len(w) >= minScrub {
			words = append(words, w)
		}
	}
	for _, n := range nodes {
		r := n.Range()
		for _, s := range sources {
			if s.Name == r.Filename && 0 <= r.Start.Byte && r.Start.Byte <= r.End.Byte && r.End.Byte <= len(s.Src) {
				text := string(s.Src[r.Start.Byte:r.End.Byte])
				add(text)
				for _, lit := range quotedParts(text) {
					add(lit)
				}
			}
		}
		literals(n, add)
	}
	sort.SliceStable(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
	return words
}

// literals calls add with the text of every literal in n.
func literals(n ruby.Node, add func(string)) {
	switch v := n.(type) {
	case *ruby.Str:
		add(v.Value)
	case *ruby.Sym:
		add(v.Name)
	case *ruby.Int:
		add(v.Text)
	case *ruby.Float:
		add(v.Text)
	case *ruby.Regexp:
		add(v.Source)
	case *ruby.Array:
		for _, e := range v.Elems {
			literals(e, add)
		}
	case *ruby.Hash:
		for _, p := range v.Pairs {
			literals(p.Key, add)
			literals(p.Value, add)
		}
	case *ruby.NonLiteral:
		add(v.Text)
		if v.Augend != nil {
			literals(v.Augend, add)
		}
	}
}

// quotedParts are the contents of the '…' and "…" strings of Ruby source
// text (escapes left as written: enough to find them quoted back).
func quotedParts(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		q := text[i]
		if q != '\'' && q != '"' {
			continue
		}
		j := i + 1
		for j < len(text) && text[j] != q {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(text) {
			break
		}
		out = append(out, text[i+1:j])
		i = j
	}
	return out
}

// maskBytes overwrites src[start:end] with '*', line breaks kept.
func maskBytes(src []byte, start, end int) {
	for i := max(start, 0); i < end && i < len(src); i++ {
		if src[i] != '\n' && src[i] != '\r' {
			src[i] = '*'
		}
	}
}
