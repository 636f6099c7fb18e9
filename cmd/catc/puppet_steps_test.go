package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// planLine is a numbered resource of the plan text: its number and ref.
var planLine = regexp.MustCompile(`(?m)^ *(\d+)\. (.+?\])(?:  |$)`)

// textNumbers is each numbered resource's number in the plan text.
func textNumbers(t *testing.T, catalog string) map[string]int {
	t.Helper()
	code, out, stderr := runCatc(t, "plan", catalog)
	if code != 0 {
		t.Fatalf("plan %s: exit %d: %s", catalog, code, stderr)
	}
	nums := map[string]int{}
	for _, m := range planLine.FindAllStringSubmatch(out, -1) {
		nums[m[2]], _ = strconv.Atoi(m[1])
	}
	return nums
}

// jsonStep is a resource of the plan JSON or a node of the graph JSON.
type jsonStep struct {
	Ref       string
	Step      *int
	Container bool
}

// TestPuppetStepNumbersAgree: a step number means the same in the plan
// text, the plan JSON, the graph JSON and why: resources are numbered,
// classes, defines, nodes and stages are not steps (they are marked
// "container", and their number is that of the first resource after
// their start, as why says). Before, the JSON counted containers.
func TestPuppetStepNumbersAgree(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"hand_stages_contain", "hand_containment", "apache"} {
		file := testutil.Fixture("oracle", "catalogs", name+".catalog.json")
		text := textNumbers(t, file)
		var plan struct{ Resources []jsonStep }
		var graph struct{ Nodes []jsonStep }
		for _, c := range []struct {
			args []string
			into any
		}{
			{[]string{"plan", "--format", "json", file}, &plan},
			{[]string{"graph", "--format", "json", file}, &graph},
		} {
			code, out, stderr := runCatc(t, c.args...)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", strings.Join(c.args, " "), code, stderr)
			}
			if err := json.Unmarshal([]byte(out), c.into); err != nil {
				t.Fatal(err)
			}
		}
		for kind, rs := range map[string][]jsonStep{"plan": plan.Resources, "graph": graph.Nodes} {
			numbered := 0
			for _, r := range rs {
				want, inText := text[r.Ref]
				switch {
				case r.Step == nil:
					t.Errorf("%s %s JSON: %s has no step", name, kind, r.Ref)
				case inText == r.Container:
					t.Errorf("%s %s JSON: %s is container=%v, numbered in the text: %v", name, kind, r.Ref, r.Container, inText)
				case inText && *r.Step != want:
					t.Errorf("%s %s JSON: %s is step %d, the text's %d", name, kind, r.Ref, *r.Step, want)
				}
				if inText {
					numbered++
				}
			}
			if numbered != len(text) {
				t.Errorf("%s %s JSON: %d numbered resources, the text has %d", name, kind, numbered, len(text))
			}
		}
	}
	file := testutil.Fixture("oracle", "catalogs", "hand_stages_contain.catalog.json")
	_, out, _ := runCatc(t, "graph", "--format", "json", file)
	testutil.Golden(t, "testdata/puppet/graph_hand_stages_contain.json", []byte(out))
	var graph struct{ Nodes []jsonStep }
	if err := json.Unmarshal([]byte(out), &graph); err != nil {
		t.Fatal(err)
	}
	_, why, _ := runCatc(t, "why", file, "Class[Db]")
	for _, n := range graph.Nodes {
		if n.Ref == "Class[Db]" && (n.Step == nil || !strings.Contains(why, "  step "+strconv.Itoa(*n.Step)+"\n")) {
			t.Errorf("why and the graph JSON disagree on Class[Db]:\n%s", why)
		}
	}
}
