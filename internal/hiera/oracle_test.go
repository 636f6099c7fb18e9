package hiera

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/catc-dev/catc/internal/nodefacts"
	"github.com/catc-dev/catc/internal/types"
)

// The oracle corpus (fixtures/oracle/hiera, README there): Puppet 7.23's
// answer to every lookup of cases.txt, and catc's must be the same.

const oracleDir = "../../fixtures/oracle/hiera"

type oracleAnswer struct {
	ID, Site, Node, Key string
	Args                []string
	Value               json.RawMessage
	Error               *string
	Explain             json.RawMessage
	Parameters          map[string]json.RawMessage
}

func readAnswers(t *testing.T) []oracleAnswer {
	t.Helper()
	f, err := os.Open(filepath.Join(oracleDir, "answers.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []oracleAnswer
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var a oracleAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// oracleSites opens each site once, as a fleet would.
type oracleSites struct {
	mu    sync.Mutex
	sites map[string]*Data
}

func (o *oracleSites) open(t *testing.T, site string) (*Data, string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	dir := filepath.Join(oracleDir, "sites", site)
	if d, ok := o.sites[site]; ok {
		return d, dir
	}
	d, diags := Open(dir)
	if diags.HasErrors() {
		o.sites[site] = nil
		return nil, dir
	}
	o.sites[site] = d
	return d, dir
}

func oracleScope(t *testing.T, node string) Scope {
	t.Helper()
	n, diags := nodefacts.ReadOne(filepath.Join(oracleDir, "facts", node+".json"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return NodeScope(n)
}

// oracleOptions maps puppet lookup's options.
func oracleOptions(t *testing.T, args []string) Options {
	t.Helper()
	var o Options
	var merge string
	deep := map[string]types.Value{}
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--merge":
			i++
			merge = args[i]
		case "--type":
			i++
			ty, err := types.Parse(args[i])
			if err != nil {
				t.Fatal(err)
			}
			o.ValueType = ty
		case "--default":
			i++
			o.Default, o.HasDefault = args[i], true
		case "--knock-out-prefix":
			i++
			deep["knockout_prefix"] = args[i]
		case "--sort-merged-arrays":
			deep["sort_merged_arrays"] = true
		case "--merge-hash-arrays":
			deep["merge_hash_arrays"] = true
		case "--explain":
			o.Explain = true
		}
	}
	switch merge {
	case "":
	case "deep":
		// puppet lookup --merge deep passes these options
		h := &types.Hash{}
		h.Append("strategy", "deep")
		h.Append("sort_merged_arrays", deep["sort_merged_arrays"] == true)
		h.Append("merge_hash_arrays", deep["merge_hash_arrays"] == true)
		if ko, ok := deep["knockout_prefix"]; ok {
			h.Append("knockout_prefix", ko)
		}
		o.Merge = h
	default:
		h := &types.Hash{}
		h.Append("strategy", merge)
		o.Merge = h
	}
	return o
}

// comparable is a value as JSON would carry it, secrets as "<secret>":
// Puppet decrypts eyaml (its fixtures' plain texts all start s3cret),
// catc keeps a secret.
func comparable(v types.Value) types.Value {
	switch x := v.(type) {
	case types.Sensitive:
		return "<secret>"
	case string:
		// Puppet prints a Sensitive as its redacted text
		if strings.Contains(x, "s3cret") || x == "Sensitive [value redacted]" {
			return "<secret>"
		}
	case []types.Value:
		out := make([]types.Value, len(x))
		for i, e := range x {
			out[i] = comparable(e)
		}
		return out
	case *types.Hash:
		h := &types.Hash{}
		for i, k := range x.Keys {
			h.Append(k, comparable(x.Values[i]))
		}
		return h
	}
	return v
}

func TestOracleLookups(t *testing.T) {
	answers := readAnswers(t)
	if len(answers) < 120 {
		t.Fatalf("the corpus has %d answers, want at least 120", len(answers))
	}
	sites := &oracleSites{sites: map[string]*Data{}}
	for _, a := range answers {
		if slicesContains(a.Args, "--catalog") {
			continue
		}
		t.Run(a.ID, func(t *testing.T) {
			t.Parallel()
			d, dir := sites.open(t, a.Site)
			var res Result
			var diagsText string
			var failed bool
			if d == nil {
				_, diags := Open(dir)
				failed, diagsText = true, diags.Error()
			} else {
				s := d.NewSession(oracleScope(t, a.Node))
				r, diags := s.Lookup(a.Key, oracleOptions(t, a.Args))
				res, failed, diagsText = r, diags.HasErrors(), diags.Error()
			}
			diagsText = strings.ReplaceAll(diagsText, dir+"/", "")
			if refusal, ok := oracleRefusals[a.ID]; ok {
				if !failed || !strings.Contains(diagsText, refusal) {
					t.Fatalf("catc refuses this hiera.yaml with %q; it gives %s", refusal, diagsText)
				}
				return
			}
			if a.Error != nil {
				if !failed {
					t.Fatalf("Puppet fails with %q; catc gives %s", *a.Error, types.EncodeJSON(res.Value))
				}
				want, file, line := puppetMessage(*a.Error)
				if !strings.Contains(diagsText, want) {
					t.Fatalf("Puppet fails with\n  %s\ncatc with\n  %s", *a.Error, diagsText)
				}
				if line != "" && !strings.Contains(diagsText, file+":"+line+",") {
					t.Fatalf("Puppet places the error at %s line %s; catc at\n  %s", file, line, diagsText)
				}
				return
			}
			if failed {
				t.Fatalf("Puppet gives %s; catc fails: %s", a.Value, diagsText)
			}
			want, err := types.DecodeJSON(a.Value)
			if err != nil {
				t.Fatal(err)
			}
			got := comparable(res.Value)
			if w := comparable(want); !reflect.DeepEqual(got, w) { // hashes in Puppet's key order too
				t.Fatalf("Puppet gives %s, catc %s", types.EncodeJSON(w), types.EncodeJSON(got))
			}
			if a.Explain != nil {
				compareExplain(t, a.Explain, res.Explain, dir)
			}
		})
	}
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// oracleRefusals are the cases where catc refuses, on purpose, what
// Puppet's environment layer takes: a version 4 hiera.yaml (deprecated),
// a version 3 one (ignored: no data).
var oracleRefusals = map[string]string{
	"c01": "hiera.yaml version 3 cannot be used in an environment",
	"c02": "Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5",
}

var puppetLocation = regexp.MustCompile(` \(file: ([^,)]+)(?:, line: (\d+))?\)$`)

// puppetMessage is the part of Puppet's error catc must say, and the
// file and line Puppet places it at (catc's range must start there).
// Psych's and Ruby JSON's own parse messages are not catc's: only the
// file is.
func puppetMessage(msg string) (text, file, line string) {
	if m := puppetLocation.FindStringSubmatchIndex(msg); m != nil {
		file = msg[m[2]:m[3]]
		if m[4] >= 0 {
			line = msg[m[4]:m[5]]
		}
		msg = msg[:m[0]]
	}
	if !strings.Contains(msg, "Tried to load") {
		if strings.HasPrefix(msg, "Unable to parse (") || strings.HasPrefix(msg, "(") {
			if i := strings.Index(msg, "): "); i > 0 {
				return msg[:i+1], file, line
			}
		}
	}
	return msg, file, line
}

func compareExplain(t *testing.T, puppet json.RawMessage, node *ExplainNode, dir string) {
	t.Helper()
	// catc's trusted.authenticated is an agent's ("remote"), puppet
	// lookup's "local"; a path out of the site is under its parent
	puppetText := strings.ReplaceAll(string(puppet), `"authenticated": "local"`, `"authenticated": "remote"`)
	puppetText = regexp.MustCompile(`/tmp/hiera-oracle-[^/"]+/envs/`).ReplaceAllString(puppetText, "$$PARENT/")
	var want any
	if err := json.Unmarshal([]byte(puppetText), &want); err != nil {
		t.Fatal(err)
	}
	gotJSON, err := json.Marshal(node.Hash())
	if err != nil {
		t.Fatal(err)
	}
	gotJSON = []byte(strings.ReplaceAll(string(gotJSON), dir+"/", ""))
	gotJSON = []byte(strings.ReplaceAll(string(gotJSON), filepath.Dir(dir)+"/", "$PARENT/"))
	var got any
	if err := json.Unmarshal(gotJSON, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		wantJSON, _ := json.MarshalIndent(want, "", " ")
		gotIndented, _ := json.MarshalIndent(got, "", " ")
		t.Fatalf("explanation differs from Puppet's\nPuppet:\n%s\ncatc:\n%s", wantJSON, gotIndented)
	}
}

// TestOracleParameterLookup: the classes of sites/h10_apl compiled by
// `puppet catalog find` get, for every parameter their declaration leaves
// out, the value ParameterValue finds, and Puppet's type error is
// CheckParameter's (the corpus for the class work).
func TestOracleParameterLookup(t *testing.T) {
	t.Parallel()
	sites := &oracleSites{sites: map[string]*Data{}}
	intType, _ := types.Parse("Integer")
	checked := 0
	for _, a := range readAnswers(t) {
		if !slicesContains(a.Args, "--catalog") {
			continue
		}
		d, _ := sites.open(t, a.Site)
		s := d.NewSession(oracleScope(t, a.Node))
		declared := map[string]bool{}
		for _, arg := range a.Args {
			if v, ok := strings.CutPrefix(arg, "--declared="); ok {
				declared[v] = true
			}
		}
		switch {
		case a.Parameters != nil:
			for p, raw := range a.Parameters {
				if declared[p] {
					continue
				}
				r, found, diags := s.ParameterValue(a.Key, p)
				if diags.HasErrors() {
					t.Errorf("%s: %s::%s: %v; Puppet gives %s", a.ID, a.Key, p, diags, raw)
					continue
				}
				if !found {
					continue // the parameter's default (site.pp)
				}
				want, _ := types.DecodeJSON(raw)
				if !reflect.DeepEqual(r.Value, want) {
					t.Errorf("%s: %s::%s = %s, Puppet gives %s", a.ID, a.Key, p, types.EncodeJSON(r.Value), raw)
				}
				checked++
			}
		case strings.Contains(*a.Error, "expects a value for parameter"):
			param := strings.TrimSuffix(strings.Split(*a.Error, "expects a value for parameter '")[1], "'")
			param = param[:strings.Index(param, "'")]
			if _, found, _ := s.ParameterValue(a.Key, param); found {
				t.Errorf("%s: %s::%s is found; Puppet says %s", a.ID, a.Key, param, *a.Error)
			}
			checked++
		case strings.Contains(*a.Error, "parameter 'count' expects an Integer value"):
			r, found, _ := s.ParameterValue(a.Key, "count")
			d := CheckParameter(a.Key, "count", intType, r)
			if !found || d == nil || !strings.Contains(*a.Error, d.Detail[:strings.Index(d.Detail, " (")]) || d.Subject == nil {
				t.Errorf("%s: Puppet says %s; catc %v", a.ID, *a.Error, d)
			}
			checked++
		default:
			t.Errorf("%s: no check for Puppet's answer %s", a.ID, *a.Error)
		}
	}
	if checked < 8 {
		t.Errorf("only %d parameters checked", checked)
	}
}
