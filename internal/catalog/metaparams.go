package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
)

// Metaparams are the metaparameters that change nothing in the graph or
// the order, kept so that the outputs (catalog JSON, Puppet's catalog
// format, diffs) carry them to the agent: `schedule`, `loglevel` and
// `audit`, checked where Puppet's agent checks them. A resource that sets
// none has none (Resource.Meta is nil).
type Metaparams struct {
	// Schedule names the schedule resource that governs when the agent
	// manages the resource ("" when not given).
	Schedule string
	// Loglevel is the level of the resource's log lines ("" when not
	// given), as written (verbose is info to Puppet).
	Loglevel string
	// Audit are the audited attributes as written (["all"] for all).
	Audit []string
	// scheduleRange is where the schedule's name is written.
	scheduleRange hcl.Range
}

// summaryStage is the compiler's refusal of a stage on a resource.
const summaryStage = "Stage on a resource"

// loglevels are the values Puppet's loglevel metaparameter takes
// (Puppet::Util::Log.levels, then verbose), in the order its message
// lists them.
var loglevels = []string{"debug", "info", "notice", "warning", "err", "alert", "emerg", "crit", "verbose"}

// defaultSchedules are the schedules the agent adds to every catalog
// (Puppet::Type::Schedule.mkdefaultschedules, default_schedules = true).
var defaultSchedules = []string{"puppet", "hourly", "daily", "weekly", "monthly", "never"}

// meta returns the resource's Metaparams, making them on first use.
func (r *Resource) meta() *Metaparams {
	if r.Meta == nil {
		r.Meta = &Metaparams{}
	}
	return r.Meta
}

// stageArg refuses stage on a resource, in the words of Puppet's
// compiler, which fails the whole compilation.
func (b *Built) stageArg(arg *RawArg) {
	b.errorf(summaryStage, arg.NameRange, arg.Rng,
		"Only classes can set 'stage'; normal resources like %s cannot change run stage. Remove stage: a resource runs in the stage of its class.", b.Res.Ref())
}

// scheduleArg reads schedule: the name of a schedule resource (looked
// up when references are resolved: resolveSchedule).
func (b *Built) scheduleArg(arg *RawArg) {
	switch v := arg.Value.(type) {
	case nil:
	case string:
		m := b.Res.meta()
		m.Schedule, m.scheduleRange = v, arg.ExprRange
	default:
		b.errorf(SummaryInvalidValue, arg.ExprRange, arg.Rng,
			"Could not find schedule %s: schedule takes the name of one schedule resource (a string), such as \"daily\".", types.RubyInspect(v))
	}
}

// loglevelArg reads loglevel, one of Puppet's log levels.
func (b *Built) loglevelArg(arg *RawArg) {
	if arg.Value == nil {
		return
	}
	if s, ok := arg.Value.(string); ok && slices.Contains(loglevels, s) {
		b.Res.meta().Loglevel = s
		return
	}
	b.errorf(SummaryInvalidValue, arg.ExprRange, arg.Rng,
		"Parameter loglevel failed on %s: Invalid value %s. Valid values are %s.", b.Res.Ref(), types.RubyInspect(arg.Value), strings.Join(loglevels, ", "))
}

// auditArg reads audit: "all", or attribute names of the resource's type
// (a metaparameter counts, as for Puppet's validattr?).
func (b *Built) auditArg(td *TypeDef, arg *RawArg) {
	if arg.Value == nil {
		return
	}
	names := b.stringsArg(arg, "audit")
	if len(names) == 0 {
		return
	}
	if !slices.Equal(names, []string{"all"}) {
		for i, n := range names {
			if td.Attr(n) != nil || contains(MetaparamNames, n) || n == "stage" {
				continue
			}
			rng := arg.ExprRange
			if i < len(arg.ElemRanges) {
				rng = arg.ElemRanges[i]
			}
			b.errorf(SummaryInvalidValue, rng, arg.Rng,
				"Parameter audit failed on %s: Cannot audit %s: not a valid attribute for %s. Audit attributes of %s, or \"all\".", b.Res.Ref(), n, b.Res.Ref(), td.Name)
			return
		}
	}
	b.Res.meta().Audit = names
}

// resolveSchedule finds the schedule r names, as the agent does before it
// applies anything: a schedule resource by title or name, or one of the
// schedules the agent adds. Puppet fails the whole run on a missing one.
func (c *Builder) resolveSchedule(r *Resource) hcl.Diagnostics {
	if r.Meta == nil || r.Meta.Schedule == "" {
		return nil
	}
	name := r.Meta.Schedule
	if c.Lookup("schedule", name) != nil || slices.Contains(defaultSchedules, name) {
		return nil
	}
	return hcl.Diagnostics{ErrorAt(SummaryUnresolvedRef,
		fmt.Sprintf("Could not find schedule %s: Puppet's agent fails the whole run. Declare a schedule resource named %q, or use one of the schedules the agent adds (%s).",
			name, name, strings.Join(defaultSchedules, ", ")),
		r.Meta.scheduleRange, r.DeclRange.Ptr())}
}

// metaparamNames are the metaparameters a declaration may set.
var MetaparamNames = []string{"require", "before", "notify", "subscribe", "alias", "tag", "noop", "schedule", "loglevel", "audit"}
