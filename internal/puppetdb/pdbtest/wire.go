package pdbtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Wire turns a Puppet catalog (JSON, format 2, no rich data) into the
// `replace catalog` payload (wire format v9) as the PuppetDB terminus of
// Puppet's server makes it: sensitive parameters deleted, namevar
// aliases added, unordered metaparameters sorted, containment edges as
// objects, one edge synthesised per relationship metaparameter (turned
// so that its source is applied first), classes and tags dropped.
// (fixtures/oracle/catalogs/puppetdb/convert.py does the same in Python.)
func Wire(catalog []byte) ([]byte, error) {
	var doc struct {
		Name        string           `json:"name"`
		Version     any              `json:"version"`
		Environment string           `json:"environment"`
		CatalogUUID string           `json:"catalog_uuid"`
		CodeID      *string          `json:"code_id"`
		Resources   []map[string]any `json:"resources"`
		Edges       []struct{ Source, Target string }
	}
	if err := json.Unmarshal(catalog, &doc); err != nil {
		return nil, err
	}
	resources := make([]map[string]any, len(doc.Resources))
	for i, r := range doc.Resources {
		resources[i] = wireResource(r)
	}
	var edges []map[string]any
	seen := map[string]bool{}
	add := func(e map[string]any) {
		k := fmt.Sprint(e)
		if !seen[k] {
			seen[k] = true
			edges = append(edges, e)
		}
	}
	for _, e := range doc.Edges {
		src, err := splitRef(e.Source)
		if err != nil {
			return nil, err
		}
		dst, err := splitRef(e.Target)
		if err != nil {
			return nil, err
		}
		add(map[string]any{"source": src, "target": dst, "relationship": "contains"})
	}
	synth, err := synthesize(resources)
	if err != nil {
		return nil, err
	}
	for _, e := range synth {
		add(e)
	}
	uuid := doc.CatalogUUID
	if uuid == "" {
		uuid = zeroUUID
	}
	return json.Marshal(map[string]any{
		"certname": doc.Name, "version": fmt.Sprint(doc.Version), "environment": doc.Environment,
		"transaction_uuid": zeroUUID, "catalog_uuid": uuid, "code_id": doc.CodeID, "job_id": nil,
		"producer_timestamp": "2026-12-01T00:00:00.000Z", "producer": "puppet.example.com",
		"edges": edges, "resources": resources,
	})
}

const zeroUUID = "00000000-0000-0000-0000-000000000000"

var refPattern = regexp.MustCompile(`(?s)^([^\[\]]+)\[(.+)\]$`)

func splitRef(ref string) (map[string]any, error) {
	m := refPattern.FindStringSubmatch(ref)
	if m == nil {
		return nil, fmt.Errorf("not a reference: %q", ref)
	}
	return map[string]any{"type": m[1], "title": m[2]}, nil
}

var (
	namevarOf  = map[string]string{"File": "path", "Tidy": "path", "Zpool": "pool"}
	notAliased = map[string]bool{"Exec": true, "Tidy": true, "Package": true, "Sshkey": true}
	unordered  = []string{"alias", "audit", "before", "check", "notify", "require", "subscribe", "tag"}
)

func wireResource(r map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"type", "title", "exported", "file", "line", "tags"} {
		if v, ok := r[k]; ok {
			out[k] = v
		}
	}
	out["title"] = fmt.Sprint(r["title"])
	params := map[string]any{}
	if p, ok := r["parameters"].(map[string]any); ok {
		for k, v := range p {
			params[k] = v
		}
	}
	if secrets, ok := r["sensitive_parameters"].([]any); ok {
		for _, s := range secrets {
			delete(params, fmt.Sprint(s))
		}
	}
	typ := fmt.Sprint(r["type"])
	aliases := stringsOf(params["alias"])
	nv := namevarOf[typ]
	if nv == "" {
		nv = "name"
	}
	if v, ok := params[nv].(string); ok && !notAliased[typ] && v != out["title"] && !slices.Contains(aliases, v) {
		aliases = append(aliases, v)
	}
	if len(aliases) > 0 {
		params["alias"] = toAny(aliases)
	}
	for _, m := range unordered {
		if l, ok := params[m].([]any); ok && len(l) > 0 {
			s := stringsOf(l)
			sort.Strings(s)
			params[m] = toAny(s)
		}
	}
	out["parameters"] = params
	return out
}

func stringsOf(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = fmt.Sprint(e)
		}
		return out
	}
	return nil
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, e := range s {
		out[i] = e
	}
	return out
}

var relations = []struct {
	param, relation string
	forward         bool
}{{"before", "before", true}, {"require", "required-by", false}, {"notify", "notifies", true}, {"subscribe", "subscription-of", false}}

func synthesize(resources []map[string]any) ([]map[string]any, error) {
	type key struct{ typ, title string }
	table := map[key]bool{}
	alias := map[key]key{}
	for _, r := range resources {
		if r["exported"] == true {
			continue
		}
		k := key{fmt.Sprint(r["type"]), fmt.Sprint(r["title"])}
		table[k] = true
		for _, a := range stringsOf(r["parameters"].(map[string]any)["alias"]) {
			alias[key{k.typ, a}] = k
		}
	}
	var edges []map[string]any
	for _, r := range resources {
		if r["exported"] == true {
			continue
		}
		me := map[string]any{"type": r["type"], "title": r["title"]}
		for _, rel := range relations {
			for _, ref := range stringsOf(r["parameters"].(map[string]any)[rel.param]) {
				other, err := splitRef(ref)
				if err != nil {
					return nil, err
				}
				k := key{other["type"].(string), other["title"].(string)}
				if k.typ == "File" {
					if k.title = strings.TrimRight(k.title, "/"); k.title == "" {
						k.title = "/"
					}
				}
				if !table[k] {
					a, ok := alias[k]
					if !ok {
						return nil, fmt.Errorf("%s is not in the catalog", ref)
					}
					k = a
				}
				o := map[string]any{"type": k.typ, "title": k.title}
				src, dst := me, o
				if !rel.forward {
					src, dst = o, me
				}
				edges = append(edges, map[string]any{"source": src, "target": dst, "relationship": rel.relation})
			}
		}
	}
	return edges, nil
}
