package compiler

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestMetaparamsAsPuppet: each manifest of fixtures/oracle/catalogs/
// apply/messages.txt, written in HCL, gets Puppet's own verdict as
// messages.log recorded it (Puppet 7.23, puppet apply --noop -e): the
// error's sentence, without the location and the evaluator's prefix, or
// no error.
func TestMetaparamsAsPuppet(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(testutil.Fixture("oracle", "catalogs", "apply", "messages.log"))
	if err != nil {
		t.Fatal(err)
	}
	manifest := regexp.MustCompile(`^notify \{ 'x': (\w+) => (.*) \}$`)
	prefixes := regexp.MustCompile(`^err Puppet \| (Evaluation Error: Error while evaluating a Resource Statement, |Failed to apply catalog: )?`)
	checked := 0
	for _, block := range strings.Split(string(data), "== ")[1:] {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		m := manifest.FindStringSubmatch(lines[0])
		if m == nil {
			t.Fatalf("messages.log: unexpected manifest %q", lines[0])
		}
		value := strings.ReplaceAll(m[2], "'", `"`)
		src := "resource \"notify\" \"x\" {\n  " + m[1] + " = " + value + "\n}\n"
		_, diags := LoadFiles([]string{"main.hcl"}, [][]byte{[]byte(src)}, LoadOptions{})
		want := strings.TrimSuffix(prefixes.ReplaceAllString(lines[1], ""), " (line: 1)")
		switch {
		case want == "(no error)" && diags.HasErrors():
			t.Errorf("%s: catc refuses it (%v), Puppet accepts it", lines[0], diags)
		case want != "(no error)" && !strings.Contains(diags.Error(), want):
			t.Errorf("%s: catc says %v, want Puppet's %q", lines[0], diags, want)
		}
		checked++
	}
	if checked < 6 {
		t.Errorf("only %d manifests checked", checked)
	}
}
