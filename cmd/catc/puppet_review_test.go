package main

import (
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
		for _, want := range []string{
			"Service[docker] runs within Class[Docker::Service]: Class[Docker::Service] starts before it and ends after it.\n",
			"Class[Docker::Service] starts before Service[docker], through 1 step:\n" +
				"  1. Class[Docker::Service] contains Service[docker], which starts after Class[Docker::Service] starts\n",
			"Service[docker] comes before Class[Docker::Service] ends, through 1 step:\n" +
				"  1. Service[docker] is in Class[Docker::Service], which ends after it\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%q: missing %q in\n%s", args, want, out)
			}
		}
		if strings.Contains(out, "no chain") {
			t.Errorf("%q: says no chain:\n%s", args, out)
		}
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
		all := out + stderr
		for _, want := range []string{
			"(Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf] => Redis::Instance[default] => Class[Redis::Config] => Class[Redis::Service] => Service[redis-server] => Class[Redis::Service] => Redis::Instance[default] => Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf])",
			"Redis::Instance[default] => Class[Redis::Config]: Redis::Instance[default] is in Class[Redis::Config], which ends after it",
			"Class[Redis::Service] => Service[redis-server]: Class[Redis::Service] contains Service[redis-server], which starts after Class[Redis::Service] starts",
			"Redis::Instance[default] => Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf]: Redis::Instance[default] contains Exec[copy /etc/redis/redis.conf.puppet to /etc/redis/redis.conf], which starts after",
		} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: missing %q in\n%s", cmd, want, all)
			}
		}
		if strings.Contains(all, "Redis::Instance[default] contains Class[Redis::Config]") {
			t.Errorf("%s: containment reversed:\n%s", cmd, all)
		}
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
// on what was skipped, validate and diff take it too.
func TestPuppetFindOutput(t *testing.T) {
	t.Parallel()
	raw := testutil.Fixture("oracle", "review", "docker.find.txt")
	const note = "Skipped 2 lines of Puppet's log (Notice) before the catalog's JSON"
	code, fromRaw, stderr := runCatc(t, "plan", raw)
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, stderr)
	}
	_, fromJSON, _ := runCatc(t, "plan", review("docker"))
	if !strings.Contains(fromRaw+stderr, note) || strings.Contains(fromJSON, note) {
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
		all := out + stderr
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%q: missing %q in\n%s", c.args, w, all)
			}
		}
		if strings.Contains(all, ".catalog.json:") || strings.Contains(all, ".catalog.json line") || strings.Contains(all, "no type") {
			t.Errorf("%q: a place in the catalog file, or a type said missing:\n%s", c.args, all)
		}
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
