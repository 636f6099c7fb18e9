package lsp

import "testing"

// TestWordsDocumented: every word catalog accepts where lsp offers it
// has a doc, so a word catalog gains is not offered bare.
func TestWordsDocumented(t *testing.T) {
	t.Parallel()
	for list, words := range map[string][]struct{ name, doc string }{
		"topBlocks": words().topBlocks, "metaparams": words().metaparams, "typeKeys": words().typeKeys, "attributeKeys": words().attributeKeys, "behaviours": words().behaviours,
	} {
		for _, w := range words {
			if w.doc == "" {
				t.Errorf("%s: %q has no doc", list, w.name)
			}
		}
	}
}

// TestTraversalRef: a title that is an HCL identifier is written as an
// attribute, any other as a quoted index that reads back as the title.
func TestTraversalRef(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ title, want string }{
		{"nginx", "package.nginx"},
		{"php-fpm", "package.php-fpm"},
		{"/etc/motd", `package["/etc/motd"]`},
		{"1st", `package["1st"]`},
		{`a"b\c`, `package["a\"b\\c"]`},
		{"${x} %{y}", `package["$${x} %%{y}"]`},
		{"two\nlines", `package["two\nlines"]`},
	} {
		if got := traversalRef("package", tc.title); got != tc.want {
			t.Errorf("traversalRef(%q) = %s, want %s", tc.title, got, tc.want)
		}
	}
}
