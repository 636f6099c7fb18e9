package nodefacts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// TestRead reads each facts format from its own sample: the node
// names, where each came from, and facts a site would use.
func TestRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path    string
		names   []string
		sources []string
		// fact is a path into the first node's facts and its JSON value.
		fact []string
		want string
	}{
		{"testdata/facts/facter/db-02.lab.test.json", []string{"db-02.lab.test"}, []string{"testdata/facts/facter/db-02.lab.test.json"},
			[]string{"memory", "system", "total_bytes"}, `17179869184`},
		{"testdata/facts/document", []string{"app-7.lab.test"}, []string{"testdata/facts/document/app-7.json"},
			[]string{"os", "release", "major"}, `"12"`},
		{"testdata/facts/yaml", []string{"cache-1.lab.test"}, []string{"testdata/facts/yaml/cache-1.lab.test.yaml"},
			[]string{"networking", "ip"}, `"198.51.100.31"`},
		{"testdata/facts/yaml/cache-1.lab.test.yaml", []string{"cache-1.lab.test"}, nil,
			[]string{"is_virtual"}, `true`},
		{"testdata/facts/puppetdb/export.json", []string{"mq-1.lab.test", "mq-2.lab.test"},
			[]string{"testdata/facts/puppetdb/export.json (node 1)", "testdata/facts/puppetdb/export.json (node 2)"},
			[]string{"processors", "count"}, `2`},
		{"testdata/facts/puppetdb/factsets.json", []string{"mq-3.lab.test"}, nil,
			[]string{"os", "family"}, `"Debian"`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			nodes, diags := Read(tt.path)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			var names, sources []string
			for _, n := range nodes {
				names, sources = append(names, n.Name), append(sources, n.Source)
			}
			if strings.Join(names, ",") != strings.Join(tt.names, ",") {
				t.Errorf("names %v, want %v", names, tt.names)
			}
			if tt.sources != nil && strings.Join(sources, ",") != strings.Join(tt.sources, ",") {
				t.Errorf("sources %v, want %v", sources, tt.sources)
			}
			v := nodes[0].Facts
			for _, k := range tt.fact {
				v = v.GetAttr(k)
			}
			got, err := ctyjson.Marshal(v, v.Type())
			if err != nil || string(got) != tt.want {
				t.Errorf("facts.%s = %s (%v), want %s", strings.Join(tt.fact, "."), got, err, tt.want)
			}
		})
	}
}

func TestReadNodesErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ path, want string }{
		{"testdata/facts/dup", `The node "db-02.lab.test" is read twice: from testdata/facts/dup/db-02.lab.test.json and from testdata/facts/dup/other.yaml.`},
		{"testdata/facts/missing", "Cannot read testdata/facts/missing"},
		{"testdata/facts", "holds no facts files"}, // only directories
	}
	bad := t.TempDir()
	for name, src := range map[string]string{
		"rows.json":   `[{"name": "os", "value": {}}]`,
		"scalar.json": `"web-01"`,
		"broken.yaml": "name: [unclosed\n",
	} {
		if err := os.WriteFile(filepath.Join(bad, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests = append(tests,
		struct{ path, want string }{filepath.Join(bad, "rows.json"), "element 1 of the list is not a PuppetDB row with a certname"},
		struct{ path, want string }{filepath.Join(bad, "scalar.json"), "the top level is neither an object nor a list"},
		struct{ path, want string }{filepath.Join(bad, "broken.yaml"), "is not readable as facts: yaml:"},
	)
	for _, tt := range tests {
		_, diags := Read(tt.path)
		if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
			t.Errorf("Read(%s): %v, want an error with %q", tt.path, diags, tt.want)
		}
	}
}

func TestNodeTrusted(t *testing.T) {
	t.Parallel()
	n := &Node{Name: "web-03.example.com", Facts: cty.EmptyObjectVal}
	tr := n.Trusted()
	if tr.GetAttr("certname").AsString() != "web-03.example.com" || tr.GetAttr("hostname").AsString() != "web-03" || tr.GetAttr("domain").AsString() != "example.com" {
		t.Errorf("trusted = %#v", tr)
	}
}

// TestFactValueAsJSON checks that facts decoded from JSON and YAML become
// the cty values their JSON text reads as (the conversion factValue
// replaces): same types, same numbers.
func TestFactValueAsJSON(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`{"a": 1, "b": 0.1, "c": 1e21, "d": 123456789012345678901234567890, "e": -0.0, "f": null}`,
		`{"list": [1, "x", true, null, [], {}], "empty": {}, "nested": {"os": {"family": "Debian", "release": {"major": "12"}}}}`,
	} {
		dec := json.NewDecoder(strings.NewReader(src))
		dec.UseNumber()
		var doc any
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		yamlDoc, err := decodeYAML([]byte(src)) // JSON is YAML: ints, floats, big numbers as YAML reads them
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []any{doc, yamlDoc} {
			want, err := viaJSON(v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := factValue(v)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Type().Equals(want.Type()) || !got.RawEquals(want) {
				t.Errorf("%s:\n got %#v\nwant %#v", src, got, want)
			}
		}
	}
}
