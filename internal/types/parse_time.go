package types

import (
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// This file prints the parameters of Timestamp, Timespan and URI in
// Puppet's canonical forms. catc reads the common forms only; these types
// never match plain data, so they matter only for messages.

// Compiled on first use: commands that never parse a Timestamp should not
// pay for it at start-up.
var timestampPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$`)
})

// timestampText is a Timestamp bound as Puppet prints it:
// 2020-01-01T00:00:00.000000000 UTC.
func timestampText(v pval) (string, bool) {
	var t time.Time
	switch v.kind {
	case vInt:
		t = time.Unix(v.i, 0)
	case vFloat:
		sec, frac := math.Modf(v.f)
		t = time.Unix(int64(sec), int64(frac*1e9))
	case vString:
		m := timestampPattern().FindStringSubmatch(strings.TrimSpace(v.s))
		if m == nil {
			return "", false
		}
		num := func(s string) int { n, _ := strconv.Atoi(s); return n }
		nanos := 0
		if m[7] != "" {
			nanos = num((m[7] + "00000000")[:9])
		}
		loc := time.UTC
		if z := strings.ReplaceAll(m[8], ":", ""); z != "" && z != "Z" && z != "UTC" {
			off := (num(z[1:3])*60 + num(z[3:5])) * 60
			if z[0] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
		}
		t = time.Date(num(m[1]), time.Month(num(m[2])), num(m[3]), num(m[4]), num(m[5]), num(m[6]), nanos, loc)
	default:
		return "", false
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000000") + " UTC", true
}

var timespanPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(-)?(?:(\d+)-)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$`)
})

// timespanText is a Timespan bound as Puppet prints it: D-HH:MM:SS.F.
func timespanText(v pval) (string, bool) {
	var nanos int64
	switch v.kind {
	case vInt:
		if v.i > math.MaxInt64/1_000_000_000 || v.i < math.MinInt64/1_000_000_000 {
			return "", false
		}
		nanos = v.i * 1e9
	case vFloat:
		if math.Abs(v.f) > math.MaxInt64/1e9 {
			return "", false
		}
		nanos = int64(math.Round(v.f * 1e9))
	case vString:
		m := timespanPattern().FindStringSubmatch(strings.TrimSpace(v.s))
		if m == nil {
			return "", false
		}
		num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
		secs := ((num(m[2])*24+num(m[3]))*60+num(m[4]))*60 + num(m[5])
		nanos = secs*1e9 + num((m[6] + "000000000")[:9])
		if m[1] != "" {
			nanos = -nanos
		}
	default:
		return "", false
	}
	sign := ""
	if nanos < 0 {
		sign, nanos = "-", -nanos
	}
	frac := strings.TrimRight(strconv.FormatInt(1e9+nanos%1e9, 10)[1:], "0")
	if frac == "" {
		frac = "0"
	}
	secs := nanos / 1e9
	two := func(n int64) string { return strconv.FormatInt(100+n, 10)[1:] }
	return sign + fmtInt(secs/86400) + "-" + two(secs/3600%24) + ":" + two(secs/60%60) + ":" + two(secs%60) + "." + frac, true
}

// uriHash is a URI parameter as Puppet prints it: the hash of its parts.
func uriHash(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	var parts []string
	add := func(k, v string) {
		if v != "" {
			parts = append(parts, puppetQuote(k)+" => "+puppetQuote(v))
		}
	}
	add("scheme", u.Scheme)
	add("opaque", u.Opaque)
	if u.User != nil {
		add("userinfo", u.User.String())
	}
	add("host", u.Hostname())
	if p := u.Port(); p != "" {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return "", false
		}
		parts = append(parts, "'port' => "+strconv.FormatUint(n, 10))
	}
	add("path", u.Path)
	add("query", u.RawQuery)
	add("fragment", u.Fragment)
	return "{" + strings.Join(parts, ", ") + "}", true
}
