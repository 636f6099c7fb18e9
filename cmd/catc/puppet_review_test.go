package main

import (
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
