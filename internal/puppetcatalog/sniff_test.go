package puppetcatalog

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSniff tells catc's own JSON (which names "resources" too) from a
// catalog Puppet or PuppetDB wrote, and both from anything else, by the
// start of the file; a file that cannot be read is an error.
func TestSniff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      Kind
	}{
		{"Puppet catalog", `{"tags": ["settings"], "name": "n1", "resources": []}`, KindPuppet},
		{"Puppet 3 wrapper", `{"document_type": "Catalog", "data": {}}`, KindPuppet},
		{"PuppetDB query output", `[{"certname": "n1", "resources": {"data": []}}]`, KindPuppet},
		{"catc compile", "{\n  \"format\": \"catc.catalog/1\",\n  \"resources\": []\n}", KindCatc},
		{"catc JSON, compact", `{"format":"catc.plan/1","resources":[]}`, KindCatc},
		{"format of another tool", `{"format": "other/1", "resources": []}`, KindPuppet},
		{"format not first", `{"resources": [], "format": "catc.catalog/1"}`, KindPuppet},
		{"HCL", `resource "file" "/tmp/x" {}`, KindOther},
		{"other JSON", `{"name": "x"}`, KindOther},
		{"empty", ``, KindOther},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		path := filepath.Join(dir, string(rune('a'+i))+".json")
		if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := Sniff(path); got != tt.want || err != nil {
			t.Errorf("%s: Sniff = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	if got, err := Sniff(filepath.Join(dir, "missing.json")); got != KindOther || err == nil {
		t.Errorf("a missing file: Sniff = %v, %v; want KindOther and an error", got, err)
	}
}
