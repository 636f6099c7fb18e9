package memguard

import (
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want uint64
		err  bool
	}{
		{"", DefaultCap, false},
		{"off", 0, false},
		{"4GiB", 4 << 30, false},
		{" 200MiB ", 200 << 20, false},
		{"1048576", 1 << 20, false},
		{"512KiB", 512 << 10, false},
		{"2TiB", 2 << 40, false},
		{"100B", 100, false},
		{"0", 0, true},
		{"4GB", 0, true}, // GOMEMLIMIT's units are binary; a decimal one is refused, not misread
		{"-1", 0, true},
		{"lots", 0, true},
		{"99999999999TiB", 0, true},
	} {
		got, err := Parse(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("Parse(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.err)
		}
		if err != nil && !strings.Contains(err.Error(), EnvVar) {
			t.Errorf("Parse(%q): the error does not name %s: %v", tt.in, EnvVar, err)
		}
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	for n, want := range map[uint64]string{100: "100 B", 200 << 20: "200.0 MiB", 4 << 30: "4.0 GiB", 1536: "1.5 KiB"} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestJudge feeds readings, 1 CPU-second apart, to a watch with a 3 s
// window: a live heap over the cap trips at once; a collector that
// thrashes under a lower soft limit gets the limit raised to the cap
// once, and trips when it thrashes at the cap (or at a limit the user
// set, which is kept); a busy collector with a
// small live heap, and a thrash shorter than the window, never trip.
func TestJudge(t *testing.T) {
	t.Parallel()
	const mib = 1 << 20
	type step struct {
		live, limit uint64
		gcShare     float64 // of this reading's CPU-second
	}
	thrash := func(n int, live, limit uint64) []step {
		s := make([]step, n)
		for i := range s {
			s[i] = step{live, limit, 0.6}
		}
		return s
	}
	for _, tt := range []struct {
		name   string
		raise  bool
		steps  []step
		trips  string // in the error; "" for no trip
		raised int64  // the limit set, 0 for none
	}{
		{"live over the cap", false, []step{{10 * mib, 768 * mib, 0}, {1025 * mib, 4096 * mib, 0}}, "the live heap reached 1.0 GiB, over the cap of 1.0 GiB", 0},
		{"thrash at the cap", false, thrash(6, 600*mib, 1024*mib), "took 60% of the CPU for 3s", 0},
		{"thrash under the soft limit is raised", true, thrash(6, 500*mib, 768*mib), "", 1024 * mib},
		{"then thrash at the cap trips", true, append(thrash(6, 500*mib, 768*mib), thrash(6, 900*mib, 1024*mib)...), "the heap is at its cap of 1.0 GiB (CATC_MAX_MEMORY) with 900.0 MiB live", 1024 * mib},
		{"thrash at the user's soft limit", false, thrash(12, 500*mib, 768*mib), "the heap is at the soft memory limit of 768.0 MiB (GOMEMLIMIT) with 500.0 MiB live", 0},
		{"busy collector, small heap", false, thrash(12, 100*mib, 1024*mib), "", 0},
		{"short thrash", false, append(thrash(3, 600*mib, 1024*mib), append([]step{{100 * mib, 1024 * mib, 0}}, thrash(2, 600*mib, 1024*mib)...)...), "", 0},
		{"idle collector, large heap", false, []step{{900 * mib, 1024 * mib, 0.1}, {900 * mib, 1024 * mib, 0.1}, {900 * mib, 1024 * mib, 0.1}, {900 * mib, 1024 * mib, 0.1}, {900 * mib, 1024 * mib, 0.1}}, "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWatch(Options{Cap: 1024 * mib, RaiseLimit: tt.raise, Interval: time.Second, Sustain: 3 * time.Second})
			var raised int64
			w.setLimit = func(n int64) int64 { raised = n; return 0 }
			var r reading
			var err error
			for _, s := range tt.steps {
				r.live, r.limit = s.live, s.limit
				r.gc += s.gcShare
				r.total++
				if err = w.judge(r); err != nil {
					break
				}
			}
			switch {
			case tt.trips == "" && err != nil:
				t.Errorf("tripped: %v", err)
			case tt.trips != "" && (err == nil || !strings.Contains(err.Error(), tt.trips)):
				t.Errorf("error %v, want one with %q", err, tt.trips)
			case err != nil && (!strings.Contains(err.Error(), "for` inside a `for") || !strings.Contains(err.Error(), "CATC_MAX_MEMORY=2048MiB")):
				t.Errorf("the error does not say what to do: %v", err)
			}
			if raised != tt.raised {
				t.Errorf("limit set to %d, want %d", raised, tt.raised)
			}
		})
	}
}
