package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestDiffPuppetTags diffs the committed pair whose only changes are
// tags (fixtures/oracle/catalogs/diff/hand_tags, compiled by Puppet
// 7.23): the tag() function in a class, a `tag` parameter, a resource
// moved to another class. Each resource says the tags it gains and
// loses, which `puppet agent --tags` matches; a tag its own parameter
// brings is said once, as the `tag` change.
func TestDiffPuppetTags(t *testing.T) {
	t.Parallel()
	base := filepath.Join(testutil.Fixture("oracle/catalogs"), "diff", "hand_tags")
	code, out, errOut := runCatc(t, "diff", base+".old.catalog.json", base+".new.catalog.json", "--detailed-exitcode")
	if code != 2 {
		t.Errorf("exit code %d, want 2 (stderr %s)", code, errOut)
	}
	gained := "  (tags gained, as puppet agent --tags matches them: no event)"
	for _, want := range []string{
		"~   Class[Web] (parameter-only change: no refresh event)\n+       tags: [\"frontend\"]" + gained + "\n",
		"~   Exec[catc-pcat-migrate] (parameter-only change: no refresh event)  # hand_tags.new.pp:9\n" +
			"+       tags: [\"frontend\",\"web\"]" + gained + "\n" +
			"-       tags: [\"db\"]  (tags lost, as puppet agent --tags matches them: no event)\n" +
			"~       contained_in: \"Class[Db]\" → \"Class[Web]\"",
		"~   File[/tmp/catc-pcat/www] (parameter-only change: no refresh event)  # hand_tags.new.pp:7\n+       tags: [\"frontend\"]" + gained + "\n",
		"~   Notify[deploy done] (parameter-only change: no refresh event)  # hand_tags.new.pp:16\n+       tag: [\"release\"]  (metaparameter)\n~   ",
		"+       tag: [\"restartable\"]  (metaparameter)\n+       tags: [\"frontend\"]" + gained + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	_, js, _ := runCatc(t, "diff", base+".old.catalog.json", base+".new.catalog.json", "--format", "json")
	if !strings.Contains(js, `"attribute": "tags"`) || !strings.Contains(js, `"old": [`) {
		t.Errorf("the JSON does not hold the tags lost and gained:\n%s", js)
	}
}
