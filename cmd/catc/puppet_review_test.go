package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/catc-dev/catc/internal/testutil"
)

// review is a catalog of fixtures/oracle/review: compiled by Puppet 7.23
// from puppetlabs-docker or voxpupuli-redis (its README says how), one
// line of JSON as Puppet writes it, with Puppet's answer beside it.
func review(name string) string {
	return testutil.Fixture("oracle", "review", name+".catalog.json")
}

// wantIn reports each of wants that out lacks, and each of nots it holds.
func wantIn(t *testing.T, what, out string, wants, nots []string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("%s: missing %q in\n%s", what, w, out)
		}
	}
	for _, n := range nots {
		if strings.Contains(out, n) {
			t.Errorf("%s: %q in\n%s", what, n, out)
		}
	}
}

// TestPuppetWhyContainment: why answers a class and a service it holds
// (puppetlabs-docker), both ways round, with the whits that order them:
// the class starts before the service and ends after it. Puppet's
// expanded graph has both paths (docker.json).
func TestPuppetWhyContainment(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"Class[Docker::Service]", "Service[docker]"},
		{"Service[docker]", "Class[Docker::Service]"},
	} {
		code, out, stderr := runCatc(t, "why", review("docker"), args[0], args[1])
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		wantIn(t, strings.Join(args, " "), out, []string{
			"Service[docker] runs within Class[Docker::Service]: Class[Docker::Service] starts before it and ends after it.\n",
			"Class[Docker::Service] starts before Service[docker], through 1 step:\n" +
				"  1. Class[Docker::Service] contains Service[docker], which starts after Class[Docker::Service] starts\n",
			"Service[docker] comes before Class[Docker::Service] ends, through 1 step:\n" +
				"  1. Service[docker] is in Class[Docker::Service], which ends after it\n",
		}, []string{"no chain"})
	}
}

// TestPuppetCycleContainmentWords: the cycle Puppet's agent reports for
// voxpupuli-redis with Class[Redis::Service] -> Redis::Instance[default]
// (redis_cycle.json) goes out of the instance into the end of the class
// that contains it: said as containment the right way round.
func TestPuppetCycleContainmentWords(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"validate", "plan"} {
		_, out, stderr := runCatc(t, cmd, review("redis_cycle"))
		wantIn(t, cmd, out+stderr, []string{
			"(Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf] => Redis::Instance[default] => Class[Redis::Config] => Class[Redis::Service] => Service[redis-server] => Class[Redis::Service] => Redis::Instance[default] => Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf])",
			"Redis::Instance[default] => Class[Redis::Config]: Redis::Instance[default] is in Class[Redis::Config], which ends after it",
			"Class[Redis::Service] => Service[redis-server]: Class[Redis::Service] contains Service[redis-server], which starts after Class[Redis::Service] starts",
			"Redis::Instance[default] => Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf]: Redis::Instance[default] contains Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf], which starts after",
		}, []string{"Redis::Instance[default] contains Class[Redis::Config]"})
	}
}

// TestPuppetOrderingRandomRefused: Puppet 7.23 has no ordering setting
// (ordering.txt: `puppet apply --ordering random` is "invalid option"),
// so plan refuses --ordering random on a catalog Puppet compiled
// (voxpupuli-redis) instead of ignoring it; declaration, Puppet's
// order, is accepted.
func TestPuppetOrderingRandomRefused(t *testing.T) {
	t.Parallel()
	code, out, stderr := runCatc(t, "plan", "--ordering", "random", "--seed", "7", review("redis"))
	if code != 1 || out != "" || !strings.Contains(stderr, "--ordering random shuffles the ties of an HCL catalog, and this is a catalog Puppet compiled") ||
		!strings.Contains(stderr, "Drop --ordering and --seed.") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, out, stderr)
	}
	if code, _, stderr := runCatc(t, "plan", "--ordering", "declaration", review("redis")); code != 0 {
		t.Errorf("--ordering declaration: exit %d: %s", code, stderr)
	}
}

// TestPuppetFindOutput: the saved output of `puppet catalog find`
// (puppetlabs-docker: two Notice lines before the JSON) is read as the
// catalog: plan gives the same steps as for the JSON alone, with a note
// on what was skipped on standard error (never in the plan), validate
// and diff take it too; the note is said once for a run that reads
// several such files (a diff, a fleet).
func TestPuppetFindOutput(t *testing.T) {
	t.Parallel()
	raw := testutil.Fixture("oracle", "review", "docker.find.txt")
	const note = "Skipped 2 lines of Puppet's log (Notice) before the catalog's JSON"
	code, fromRaw, stderr := runCatc(t, "plan", raw)
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, stderr)
	}
	_, fromJSON, _ := runCatc(t, "plan", review("docker"))
	if !strings.Contains(stderr, note) || strings.Contains(fromRaw, note) || strings.Contains(fromJSON, note) {
		t.Errorf("the note:\n%s\n%s", fromRaw, stderr)
	}
	steps := func(s string) string { return s[strings.Index(s, "Apply order:"):] }
	if !strings.Contains(fromJSON, "Apply order:") || steps(fromRaw) != steps(fromJSON) {
		t.Errorf("the plans differ:\n%s\n---\n%s", fromRaw, fromJSON)
	}
	if code, _, stderr := runCatc(t, "validate", raw); code != 0 || !strings.Contains(stderr, note) {
		t.Errorf("validate: exit %d: %s", code, stderr)
	}
	if code, out, stderr := runCatc(t, "diff", review("docker"), raw); code != 0 || !strings.Contains(out, "No changes") {
		t.Errorf("diff: exit %d: %s%s", code, out, stderr)
	}
	if _, _, stderr := runCatc(t, "diff", raw, raw); strings.Count(stderr, note) != 1 {
		t.Errorf("diff of two such files: the note not said once:\n%s", stderr)
	}
	fleet := t.TempDir()
	for _, node := range []string{"a.example.com", "b.example.com"} {
		writeFile(t, filepath.Join(fleet, node+".json"), readFile(t, raw))
	}
	for _, cmd := range []string{"validate", "plan"} {
		if code, _, stderr := runCatc(t, cmd, fleet); code != 0 || strings.Count(stderr, note) != 1 {
			t.Errorf("%s of a fleet of such files: exit %d, the note not said once:\n%s", cmd, code, stderr)
		}
	}
}

// TestPuppetManifestPlaces: Puppet writes a catalog on one line, so its
// line numbers say nothing; plan, why, graph, cycles and errors name the
// resource and the manifest place the catalog gives (docker and redis,
// as Puppet 7.23 wrote them), as Puppet does ("… (file:
// redis_unqualified.pp, line: 10)" in redis_unqualified.json), and keep
// the byte offset where the JSON itself is at fault.
func TestPuppetManifestPlaces(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"plan", review("redis")}, []string{
			"subscribe on Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf] at redis/manifests/instance.pp:639 (refresh)",
			"autorequire file (<builtin>/file.hcl:210) on File[/etc/redis/redis.conf.puppet] at redis/manifests/instance.pp:631",
			"waits for Class[Redis::Install]: before on Class[Redis::Install]\n", // the catalog gives an included class no place
		}},
		{[]string{"why", review("docker"), "Exec[docker-web-systemd-reload]"}, []string{
			"Exec[docker-web-systemd-reload]  docker/manifests/run.pp:715, step ",
			"Service[docker-web]: before on Exec[docker-web-systemd-reload] at docker/manifests/run.pp:715",
		}},
		{[]string{"why", review("docker"), "Package[docker]", "Service[docker]"}, []string{
			"2. Class[Docker::Install] => Class[Docker::Config]: before on Class[Docker::Install]\n",
		}},
		{[]string{"graph", "--format", "json", review("docker")}, []string{
			`"file": "docker/manifests/run.pp",`,
		}},
		{[]string{"graph", review("docker")}, []string{
			`tooltip="Exec[docker-web-systemd-reload]\ndocker/manifests/run.pp:715"`,
		}},
		{[]string{"validate", review("redis_cycle")}, []string{
			"Error: Dependency cycle: (Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf] => ",
			"  on redis/manifests/instance.pp line 639:\n",
		}},
		{[]string{"validate", review("redis_unqualified")}, []string{
			"  on redis_unqualified.pp line 10:\n",
			"Validation of Exec[redis-cli config rewrite] failed: 'redis-cli' is not qualified and no path was specified. Please qualify the command or specify a path.",
			"set path (such as path => ['/usr/bin', '/bin'])",
		}},
		{[]string{"validate", review("redis_dangling")}, []string{
			"  on redis_dangling.pp line 12:\n",
			"Could not find resource 'User[redis-admin]' in parameter 'require' of File[/etc/redis/admin.acl] (file: redis_dangling.pp, line: 12)",
			`("Could not retrieve dependency 'User[redis-admin]' of File[/etc/redis/admin.acl]")`,
		}},
	} {
		_, out, stderr := runCatc(t, c.args...)
		// no place in the catalog file, no type said missing
		wantIn(t, strings.Join(c.args, " "), out+stderr, c.want, []string{".catalog.json:", ".catalog.json line", "no type"})
	}
	// The JSON at fault (a literal cut short): its byte offset.
	data, err := os.ReadFile(review("redis"))
	if err != nil {
		t.Fatal(err)
	}
	at := strings.Index(string(data), `"exported":false`) + len(`"exported":`)
	bad := filepath.Join(t.TempDir(), "bad.json")
	writeFile(t, bad, string(data[:at])+"fals"+string(data[at+len("false"):]))
	_, _, stderr := runCatc(t, "plan", bad)
	if want := fmt.Sprintf("  on %s line 1, column %d (byte %d):\n", bad, at+1, at); !strings.Contains(stderr, want) {
		t.Errorf("missing %q in\n%s", want, stderr)
	}
}

// puppetError is the first error Puppet's agent gave for a catalog of
// fixtures/oracle/review (its answer NAME.json).
func puppetError(t *testing.T, name string) string {
	t.Helper()
	var answer struct {
		OK    bool   `json:"ok"`
		Error string `json:"error"`
	}
	data, err := os.ReadFile(testutil.Fixture("oracle", "review", name+".json"))
	if err != nil || json.Unmarshal(data, &answer) != nil || answer.OK || answer.Error == "" {
		t.Fatalf("%s: Puppet's answer has no error: %v", name, err)
	}
	return answer.Error
}

// TestDiffSideFails: a diff whose new side Puppet's agent refuses (a
// dangling reference to an unrealised virtual user; an exec that is not
// qualified: voxpupuli-redis, redis_dangling.json and
// redis_unqualified.json say Puppet failed the run) shows the changes,
// then says the new side fails, in Puppet's words, and exits 1; an old
// side that failed is said too, and does not fail the diff.
func TestDiffSideFails(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, puppet string // the agent's own words, in Puppet's answer
	}{
		{"redis_dangling", "Could not retrieve dependency 'User[redis-admin]' of File[/etc/redis/admin.acl]"},
		{"redis_unqualified", "Validation of Exec[redis-cli config rewrite] failed: 'redis-cli' is not qualified and no path was specified. Please qualify the command or specify a path."},
	} {
		if got := puppetError(t, c.name); !strings.Contains(got, c.puppet) {
			t.Fatalf("%s: Puppet said %q", c.name, got)
		}
		code, out, stderr := runCatc(t, "diff", review("redis"), review(c.name))
		if code != 1 || !strings.Contains(stderr, "catc: the new catalog fails: Puppet would refuse it and apply nothing from it") {
			t.Errorf("%s: exit %d, stderr:\n%s", c.name, code, stderr)
		}
		changes := strings.Index(out, `maxmemory: "256mb" → "512mb"`)
		fails := strings.Index(out, "The new catalog fails: Puppet would refuse it and apply none of it:\nx   ")
		if changes < 0 || fails < changes || !strings.Contains(out[fails:], c.puppet) || !strings.HasPrefix(out, "Plan: ") ||
			!strings.Contains(out, " · the new catalog fails\n") {
			t.Errorf("%s: the changes, then why the new side fails:\n%s", c.name, out)
		}
		code, out, stderr = runCatc(t, "diff", review(c.name), review("redis"))
		if code != 0 || !strings.Contains(out, "The old catalog failed: Puppet refused it:\n-   ") || !strings.Contains(out, c.puppet) ||
			!strings.Contains(out, `maxmemory: "512mb" → "256mb"`) {
			t.Errorf("%s as the old side: exit %d\n%s%s", c.name, code, out, stderr)
		}
		code, out, _ = runCatc(t, "diff", "--format", "json", review("redis"), review(c.name))
		var doc struct {
			NewFails []string `json:"new_fails"`
		}
		if err := json.Unmarshal([]byte(out), &doc); code != 1 || err != nil || len(doc.NewFails) != 1 || !strings.Contains(doc.NewFails[0], c.puppet) {
			t.Errorf("%s: JSON: exit %d, new_fails %q (%v)", c.name, code, doc.NewFails, err)
		}
		_, out, _ = runCatc(t, "diff", "--format", "markdown", review("redis"), review(c.name))
		if !strings.Contains(out, "> [!CAUTION]\n> The new catalog fails: Puppet would refuse it and apply none of it:\n> - ") {
			t.Errorf("%s: Markdown:\n%s", c.name, out)
		}
	}
}

// TestDiffSideFailsFleet: a fleet of Puppet catalogs (NODE.json on each
// side) and an HCL fleet (--nodes) where one node's new catalog fails:
// its changes are shown in its group, the summary counts it, the run
// exits 1.
func TestDiffSideFailsFleet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyTo := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, to, string(data))
	}
	for node, sides := range map[string][2]string{"redis-a.example.com": {"redis", "redis_dangling"}, "redis-b.example.com": {"redis", "redis"}} {
		copyTo(review(sides[0]), filepath.Join(dir, "old", node+".json"))
		copyTo(review(sides[1]), filepath.Join(dir, "new", node+".json"))
	}
	code, out, stderr := runCatc(t, "diff", filepath.Join(dir, "old"), filepath.Join(dir, "new"))
	if code != 1 || !strings.Contains(out, "This change affects 1 of 2 nodes in 1 way; 1 unchanged; 1 node's new catalog fails (Puppet would refuse it).") ||
		!strings.Contains(out, "== 1 node: redis-a.example.com") || !strings.Contains(out, `maxmemory: "256mb" → "512mb"`) ||
		!strings.Contains(out, "Could not retrieve dependency 'User[redis-admin]' of File[/etc/redis/admin.acl]") ||
		!strings.Contains(stderr, "1 node's new catalog fails") {
		t.Errorf("Puppet catalogs: exit %d\n%s%s", code, out, stderr)
	}

	old, new := filepath.Join(dir, "site"), filepath.Join(dir, "site-new")
	for _, f := range []string{"base.hcl", "db.hcl", "web.hcl"} {
		copyTo(filepath.Join(fleetOld, f), filepath.Join(old, f))
		copyTo(filepath.Join(fleetOld, f), filepath.Join(new, f))
	}
	writeFile(t, filepath.Join(new, "reload.hcl"), `group "web-reload" {
  only_if = try(facts.role, "") == "web"
  resource "exec" "nginx -s reload" {
    refreshonly = true
    subscribe   = service.nginx
  }
}
`)
	code, out, stderr = runCatc(t, "diff", old, new, "--nodes", fleetFacts)
	if code != 1 || !strings.Contains(out, "3 nodes' new catalogs fail (Puppet would refuse them)") ||
		!strings.Contains(out, "+   Exec[nginx -s reload]") ||
		!strings.Contains(out, "x   Command not qualified at "+filepath.Join(new, "reload.hcl")+":3: Validation of Exec[nginx -s reload] failed: 'nginx' is not qualified") {
		t.Errorf("HCL: exit %d\n%s%s", code, out, stderr)
	}
}

// TestDiffSideFailsHCL: an HCL site whose new side has a reference to
// nothing and an exec that is not qualified: the diff shows the changes,
// then both errors, and exits 1; an error that may leave something out
// (an unknown attribute) still refuses the diff.
func TestDiffSideFailsHCL(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old, new, broken := filepath.Join(dir, "old.hcl"), filepath.Join(dir, "new.hcl"), filepath.Join(dir, "broken.hcl")
	writeFile(t, old, `resource "package" "nginx" {}
resource "exec" "reload" {
  command     = "/usr/sbin/nginx -s reload"
  refreshonly = true
  subscribe   = package.nginx
}
`)
	writeFile(t, new, `resource "package" "nginx" { ensure = "1.24" }
resource "exec" "reload" {
  command     = "nginx -s reload"
  refreshonly = true
  subscribe   = [package.nginx, service.nginx]
}
`)
	writeFile(t, broken, `resource "package" "nginx" { colour = "blue" }
`)
	code, out, stderr := runCatc(t, "diff", old, new)
	if code != 1 || !strings.Contains(out, `+       ensure: "1.24"`) ||
		!strings.Contains(out, "The new catalog fails: Puppet would refuse it and apply none of it:\n"+
			"x   Command not qualified at "+new+":3: Validation of Exec[reload] failed: 'nginx' is not qualified") ||
		!strings.Contains(out, "x   Reference to nothing at "+new+":5: Could not find resource 'Service[nginx]' in parameter 'subscribe'") {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
	if code, out, stderr := runCatc(t, "diff", old, broken); code != 1 || out != "" || !strings.Contains(stderr, "Unsupported attribute") {
		t.Errorf("an unknown attribute: exit %d\n%s%s", code, out, stderr)
	}
}
