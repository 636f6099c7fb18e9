package memguard

import (
	"fmt"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// EnvVar names the environment variable that sets the cap (Parse's
// syntax); "off" turns the guard off.
const EnvVar = "CATC_MAX_MEMORY"

// DefaultCap is the cap without EnvVar: four times the peak of catc's
// largest measured input (100,000 resources load in under 1 GB), and
// below what a CI runner or a laptop has.
const DefaultCap = 4 << 30

// Options configure a guard.
type Options struct {
	// Cap bounds the heap, in bytes: the guard lowers a higher soft
	// memory limit to it, and trips when the live heap passes it or the
	// collector thrashes at it.
	Cap uint64
	// RaiseLimit lets the guard raise a soft memory limit below Cap to
	// Cap once, when the collector thrashes at it: a legitimate input
	// whose live heap outgrows a batch run's soft limit then finishes
	// at full speed, and a hostile one reaches the cap in a minute or
	// two instead of crawling for hours. False keeps a limit the user
	// set (GOMEMLIMIT), and a collector thrashing at it trips.
	RaiseLimit bool
	// Interval is the time between two samples; Sustain is how long
	// the collector must thrash before the guard acts. Zero means
	// 100 ms and 3 s.
	Interval, Sustain time.Duration
}

// thrashFraction is the share of the CPU the collector must take, over
// Sustain, to count as thrashing. Measured on a nested for: up to 30%
// while the heap grows freely, 50-70% once the live heap passes half
// the soft limit (the collector then runs every few megabytes).
const thrashFraction = 0.4

// Start watches the heap until the returned stop function is called.
// When the live heap passes opts.Cap, or the collector thrashes at the
// cap, it calls trip once, from its own goroutine, with an error that
// says what happened and what to do; trip is expected to exit, since
// nothing can stop the evaluation that grows the heap.
func Start(opts Options, trip func(error)) (stop func()) {
	if opts.Interval == 0 {
		opts.Interval = 100 * time.Millisecond
	}
	if opts.Sustain == 0 {
		opts.Sustain = 3 * time.Second
	}
	// Collect by the cap at the latest: with a cap below the soft limit,
	// the heap would otherwise grow past the cap between collections
	// (the live heap is measured only when a collection ends).
	if limit := debug.SetMemoryLimit(-1); uint64(limit) > opts.Cap {
		debug.SetMemoryLimit(int64(opts.Cap))
	}
	done := make(chan struct{})
	w := newWatch(opts)
	r := newReader()
	go func() {
		t := time.NewTicker(opts.Interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if err := w.judge(r.read()); err != nil {
					trip(err)
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// reading is one sample of the runtime's metrics.
type reading struct {
	live  uint64 // the live heap at the end of the last collection
	limit uint64 // the soft memory limit
	gc    float64
	total float64 // CPU-seconds: the collector's, everything's
}

// reader reads the runtime's metrics.
type reader struct{ samples []metrics.Sample }

func newReader() *reader {
	names := []string{
		"/gc/heap/live:bytes",
		"/gc/gomemlimit:bytes",
		"/cpu/classes/gc/total:cpu-seconds",
		"/cpu/classes/total:cpu-seconds",
	}
	r := &reader{samples: make([]metrics.Sample, len(names))}
	for i, n := range names {
		r.samples[i].Name = n
	}
	return r
}

func (r *reader) read() reading {
	metrics.Read(r.samples)
	u := func(i int) uint64 {
		if r.samples[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return r.samples[i].Value.Uint64()
	}
	f := func(i int) float64 {
		if r.samples[i].Value.Kind() != metrics.KindFloat64 {
			return 0
		}
		return r.samples[i].Value.Float64()
	}
	return reading{live: u(0), limit: u(1), gc: f(2), total: f(3)}
}

// watch judges the readings.
type watch struct {
	opts      Options
	window    []reading // the last Sustain's readings, a ring
	next      int       // the ring's oldest entry
	filled    int
	nearLimit int // readings in a row with the live heap over half the limit
	raised    bool
	// setLimit sets the soft memory limit (debug.SetMemoryLimit).
	setLimit func(int64) int64
}

func newWatch(opts Options) *watch {
	return &watch{
		opts:     opts,
		window:   make([]reading, max(1, int(opts.Sustain/opts.Interval))),
		setLimit: debug.SetMemoryLimit,
	}
}

// judge takes one reading and returns the error to trip with, if any.
func (w *watch) judge(r reading) error {
	if r.live > w.opts.Cap {
		return fmt.Errorf("out of memory: the live heap reached %s, over the cap of %s (%s): %s",
			Format(r.live), Format(w.opts.Cap), EnvVar, w.advice())
	}
	fraction, full := w.gcFraction(r)
	// Thrashing: the live heap over half the soft limit, and the
	// collector taking nearly half the CPU, over the whole window, to
	// stay under it.
	if r.live >= r.limit/2 {
		w.nearLimit++
	} else {
		w.nearLimit = 0
	}
	if !full || w.nearLimit < len(w.window) || fraction < thrashFraction {
		return nil
	}
	if r.limit >= w.opts.Cap {
		return fmt.Errorf("out of memory: the heap is at its cap of %s (%s) with %s live, and the garbage collector took %.0f%% of the CPU for %v to keep it there: %s",
			Format(w.opts.Cap), EnvVar, Format(r.live), fraction*100, w.opts.Sustain, w.advice())
	}
	if w.opts.RaiseLimit && !w.raised {
		w.raised, w.nearLimit = true, 0
		w.setLimit(int64(w.opts.Cap))
		return nil
	}
	// The user's limit (GOMEMLIMIT) is kept, and a run that thrashes at
	// it would crawl as long as at the cap.
	return fmt.Errorf("out of memory: the heap is at the soft memory limit of %s (GOMEMLIMIT) with %s live, and the garbage collector took %.0f%% of the CPU for %v to keep it there: %s",
		Format(r.limit), Format(r.live), fraction*100, w.opts.Sustain, w.advice())
}

// advice says what builds such values and what to do.
func (w *watch) advice() string {
	return "an expression builds a value too large, such as a `for` inside a `for` inside a `for` over long lists, " +
		"or a template that repeats a large value many times; split it into locals (catc bounds each one), " +
		"or raise " + EnvVar + " (for example " + EnvVar + "=" + suggest(w.opts.Cap*2) + ")"
}

// gcFraction returns the collector's share of the CPU over the window
// and whether the window is full. The runtime updates its CPU counts
// only when a collection ends, so one interval says little.
func (w *watch) gcFraction(now reading) (float64, bool) {
	old := w.window[w.next]
	w.window[w.next] = now
	w.next = (w.next + 1) % len(w.window)
	if w.filled < len(w.window) {
		w.filled++
		return 0, false
	}
	if now.total <= old.total {
		return 0, true
	}
	return (now.gc - old.gc) / (now.total - old.total), true
}

// suggest writes n bytes as Parse reads them, in MiB.
func suggest(n uint64) string {
	return fmt.Sprintf("%dMiB", (n+1<<20-1)>>20)
}
