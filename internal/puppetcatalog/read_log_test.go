package puppetcatalog

import (
	"os"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// TestLogPrefix: the log lines `puppet catalog find` prints before the
// JSON are found, whole lines only, and only when JSON follows them.
func TestLogPrefix(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		log, rest     string // the log lines found, what follows
		lines         int
		levels        string
		looksLikeJSON bool
	}{
		{"Notice: Compiled catalog for n in environment production in 0.10 seconds\n", "{\"resources\":[]}", 1, "Notice", true},
		{"Notice: Scope(Node[default]): hi\nWarning: x\nNotice: Compiled\n", "\n [\"resources\"]", 3, "Notice, Warning", true},
		{"", "Notice: no JSON after it\nresource \"x\" \"y\" {}", 0, "", false},
		{"", "Notice: and no line end", 0, "", false},
		{"", "Notices: not a level\n{\"resources\":[]}", 0, "", false},
		{"", "notice: lower case\n{\"resources\":[]}", 0, "", false},
		{"", "{\"resources\":[]}", 0, "", true},
	} {
		text := c.log + c.rest
		p := logPrefix(text)
		if p.End != len(c.log) || p.Lines != c.lines || strings.Join(p.Levels, ", ") != c.levels {
			t.Errorf("%q: %+v", text, p)
		}
		if got := LooksLikeCatalog([]byte(text)); got != c.looksLikeJSON {
			t.Errorf("%q: LooksLikeCatalog %v", text, got)
		}
	}
}

// TestReadFindOutput: the saved output of `puppet catalog find` for
// puppetlabs-docker (docker.find.txt: two Notice lines, one of them the
// manifest's notice(), then the JSON) reads as the catalog itself, with a
// note that quotes none of the log, and a fault in the JSON is placed in
// the file as it is (lines and bytes count the log lines).
func TestReadFindOutput(t *testing.T) {
	t.Parallel()
	raw := testutil.Fixture("oracle", "review", "docker.find.txt")
	found, diags := Read(raw)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	bare, diags := Read(testutil.Fixture("oracle", "review", "docker.catalog.json"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(found.Resources) != len(bare.Resources) || len(found.Resources) == 0 || found.Node != "docker.example.com" {
		t.Errorf("%d resources, the catalog alone %d", len(found.Resources), len(bare.Resources))
	}
	note := found.Log.Note()
	if note != "Skipped 2 lines of Puppet's log (Notice) before the catalog's JSON: `puppet catalog find` prints them on standard output with the catalog." ||
		bare.Log.Note() != "" {
		t.Errorf("notes %q and %q", note, bare.Log.Note())
	}
	data, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	// A line number Puppet would not write, after the log.
	at := strings.Index(string(data), `"line":7`)
	bad := string(data[:at]) + `"line":-7` + string(data[at+len(`"line":7`):])
	_, diags = Parse("find.txt", []byte(bad))
	if !diags.HasErrors() || diags[0].Subject.Start.Line != 3 || diags[0].Subject.Start.Byte != at+len(`"line":`) {
		t.Fatalf("a fault after the log: %v, want line 3, byte %d", diags, at+len(`"line":`))
	}
}
