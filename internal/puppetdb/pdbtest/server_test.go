package pdbtest

import "testing"

func TestMain(m *testing.M) { Main(m) }

// TestServer stores a node's facts through the command API and reads
// them back from the query API.
func TestServer(t *testing.T) {
	s := Get(t)
	if err := s.ReplaceFacts("harness.example.com", map[string]any{"role": "web"}, true); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Certname string         `json:"certname"`
		Facts    map[string]any `json:"facts"`
	}
	if err := s.Query(`/pdb/query/v4/inventory`, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Certname != "harness.example.com" || rows[0].Facts["role"] != "web" {
		t.Errorf("inventory: %+v", rows)
	}
}
