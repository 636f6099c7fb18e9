package puppetcatalog

import (
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/graph"
	"github.com/catc-dev/catc/internal/jsonw"
	"github.com/catc-dev/catc/internal/secretdigest"
	"github.com/catc-dev/catc/internal/types"
	"github.com/catc-dev/catc/internal/words"
)

// Secrets says what Write does with sensitive values. A
// Puppet catalog is applied as written: a marker in place of a password
// becomes the node's password, so writing one is never the default.
type Secrets int

const (
	// RefuseSecrets (the zero value) refuses a catalog that holds a
	// sensitive value: Write returns a *SecretsError naming each.
	RefuseSecrets Secrets = iota
	// RevealSecrets writes Puppet's own representation: the clear value
	// in "parameters", named in "sensitive_parameters" when its type
	// takes a Sensitive, and {"__ptype": "Sensitive", "__pvalue": …} for
	// a sensitive value nested in another. This is the only place catc
	// writes a secret: the caller must keep the output private.
	RevealSecrets
	// RedactSecrets writes catc's marker (catalog.Catalog.SensitiveMarker) in
	// place of each value: for comparing catalogs (octocatalog-diff),
	// never for applying.
	RedactSecrets
)

// Options are the options of Write.
type Options struct {
	Secrets Secrets
	// Node is the catalog's node name ("name"): the certname it was
	// compiled for; "" writes catc's (a catalog for no particular node).
	Node string
}

// SecretParam is one resource attribute holding a sensitive value.
type SecretParam struct {
	Ref, Attr string
	Range     string // "file:line" of the attribute, "" for a default
}

// SecretsError is Write's refusal of a catalog with secrets.
type SecretsError struct{ Params []SecretParam }

func (e *SecretsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "refusing to write a Puppet catalog with %d sensitive %s: Puppet applies a catalog as written, so each would reach the node as catc's marker (%q or a digest) instead of its value:",
		len(e.Params), words.Pick(len(e.Params), "value", "values"), secretdigest.None)
	for _, p := range e.Params {
		b.WriteString("\n  " + p.Ref + " " + p.Attr)
		if p.Range != "" {
			b.WriteString(" (" + p.Range + ")")
		}
	}
	b.WriteString("\nTo write the real values, in clear as in Puppet's own catalogs, add --reveal-secrets -o FILE (the file gets mode 0600; a terminal is refused). To write the markers anyway, for octocatalog-diff and never for puppet apply, add --redact-secrets.")
	return b.String()
}

// SecretParams lists, in catalog order, every resource attribute
// whose value holds a sensitive value (at any depth).
func SecretParams(g *graph.Graph) []SecretParam {
	var out []SecretParam
	for _, r := range g.Catalog.Resources {
		for _, p := range puppetParams(r) {
			if !holdsSensitive(p.value) {
				continue
			}
			sp := SecretParam{Ref: r.Ref(), Attr: p.name}
			if rg, ok := r.AttrRange(p.name); ok && rg.Filename != "" {
				sp.Range = fmt.Sprintf("%s:%d", rg.Filename, rg.Start.Line)
			}
			out = append(out, sp)
		}
	}
	return out
}

// holdsSensitive reports whether v has a Sensitive at any depth.
func holdsSensitive(v types.Value) bool {
	switch x := v.(type) {
	case types.Sensitive:
		return true
	case []types.Value:
		for _, e := range x {
			if holdsSensitive(e) {
				return true
			}
		}
	case *types.Hash:
		if x != nil {
			for _, e := range x.Values {
				if holdsSensitive(e) {
					return true
				}
			}
		}
	}
	return false
}

// plainOf is the value inside s, with any Sensitive nested in it
// unwrapped too.
func plainOf(s types.Sensitive) types.Value { return unwrapAll(s.Value) }

func unwrapAll(v types.Value) types.Value {
	switch x := v.(type) {
	case types.Sensitive:
		return unwrapAll(x.Value)
	case []types.Value:
		out := make([]types.Value, len(x))
		for i, e := range x {
			out[i] = unwrapAll(e)
		}
		return out
	case *types.Hash:
		if x == nil {
			return x
		}
		out := &types.Hash{Keys: make([]string, 0, len(x.Keys)), Values: make([]types.Value, 0, len(x.Keys))}
		for i, k := range x.Keys {
			out.Append(k, unwrapAll(x.Values[i]))
		}
		return out
	}
	return v
}

// writeRevealed writes a parameter's value with its secrets in clear, as
// Puppet's catalog does: a top-level Sensitive as its plain value (named
// in sensitive_parameters when the type takes it; else a Sensitive would
// fail the type check), a nested one in Puppet's rich-data form.
func writeRevealed(jw *jsonw.Writer, v types.Value) {
	if s, ok := v.(types.Sensitive); ok {
		writeRichSensitive(jw, s.Value)
		return
	}
	writeRich(jw, v)
}

// writeRich writes v with each Sensitive inside it as
// {"__ptype": "Sensitive", "__pvalue": …}.
func writeRich(jw *jsonw.Writer, v types.Value) {
	switch x := v.(type) {
	case types.Sensitive:
		jw.BeginObject()
		jw.Key("__ptype")
		jw.String("Sensitive")
		jw.Key("__pvalue")
		writeRichSensitive(jw, x.Value)
		jw.EndObject()
	case []types.Value:
		jw.BeginArray()
		for _, e := range x {
			writeRich(jw, e)
		}
		jw.EndArray()
	case *types.Hash:
		jw.BeginObject()
		if x != nil {
			for i, k := range x.Keys {
				jw.Key(k)
				writeRich(jw, x.Values[i])
			}
		}
		jw.EndObject()
	default:
		writePuppetValue(jw, v, nil) // a scalar: no marker to write
	}
}

// writeRichSensitive writes the inside of a Sensitive: in clear, a
// Sensitive within it unwrapped (Puppet has no Sensitive of a Sensitive).
func writeRichSensitive(jw *jsonw.Writer, v types.Value) {
	writePuppetValue(jw, unwrapAll(v), nil) // no Sensitive left: no marker to write
}
