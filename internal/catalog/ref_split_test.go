package catalog

import "testing"

// TestSplitRef: a compiled catalog's reference keeps its title as
// written, quotes included (Puppet 7.23 applying a catalog whose edge or
// require names Notify['x'] fails: "Could not find relationship target
// "Notify['x']"", "Could not retrieve dependency 'Notify['x']'"), and
// takes any type name (the lookup then fails, as the agent's does);
// ParseRef, for what users and manifests write, removes the quotes.
func TestSplitRef(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, typ, title string
		ok             bool
		parsedTitle    string // ParseRef's title, "" when it refuses
	}{
		{"Notify[x]", "Notify", "x", true, "x"},
		{"Notify['x']", "Notify", "'x'", true, "x"},
		{`Notify["x"]`, "Notify", `"x"`, true, "x"},
		{"File[/etc/a[1]]", "File", "/etc/a[1]", true, "/etc/a[1]"},
		{"Apache::Vhost[default]", "Apache::Vhost", "default", true, "default"},
		{"Not a type[x]", "Not a type", "x", true, ""},
		{"Notify['']", "Notify", "''", true, ""},
		{"Notify[]", "", "", false, ""},
		{"[x]", "", "", false, ""},
		{"Notify[x", "", "", false, ""},
		{"Notify", "", "", false, ""},
	}
	for _, tt := range tests {
		typ, title, ok := SplitRef(tt.in)
		if typ != tt.typ || title != tt.title || ok != tt.ok {
			t.Errorf("SplitRef(%q) = %q, %q, %v, want %q, %q, %v", tt.in, typ, title, ok, tt.typ, tt.title, tt.ok)
		}
		if _, title, ok := ParseRef(tt.in); title != tt.parsedTitle || ok != (tt.parsedTitle != "") {
			t.Errorf("ParseRef(%q) title %q, %v, want %q", tt.in, title, ok, tt.parsedTitle)
		}
	}
}
