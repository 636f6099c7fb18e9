package puppetcatalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/catc-dev/catc/internal/words"
)

// logLevels are the words that start a line of Puppet's console log
// ("Notice: Compiled catalog for …"): `puppet catalog find` prints its
// notices (and, with --verbose or --debug, more) on standard output,
// before the catalog's JSON.
var logLevels = []string{"Debug", "Info", "Notice", "Warning", "Error", "Alert", "Emergency", "Critical"}

// LogPrefix is what comes before the JSON in the saved standard output
// of `puppet catalog find`: Puppet's log lines.
type LogPrefix struct {
	// End is the byte offset where the JSON starts (0: no log lines).
	End int
	// Lines counts the log lines; Levels are their levels, each once, in
	// the order met.
	Lines  int
	Levels []string
}

// logPrefix finds the log lines at the start of text: whole lines, each
// starting with a level and ": ", followed by what starts a JSON
// document. Anything else is no prefix (zero): the text is read as it is.
func logPrefix(text string) LogPrefix {
	var p LogPrefix
	at := 0
	for {
		rest := text[at:]
		level, ok := logLevel(rest)
		if !ok {
			break
		}
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			return LogPrefix{} // a log line and no JSON after it
		}
		at += nl + 1
		p.Lines++
		if !slices.Contains(p.Levels, level) {
			p.Levels = append(p.Levels, level)
		}
	}
	if p.Lines == 0 {
		return LogPrefix{}
	}
	if t := strings.TrimLeft(text[at:], " \t\r\n"); t == "" || t[0] != '{' && t[0] != '[' {
		return LogPrefix{}
	}
	p.End = at
	return p
}

// logLevel is the level a line of Puppet's log starts with.
func logLevel(line string) (string, bool) {
	for _, l := range logLevels {
		if strings.HasPrefix(line, l) && strings.HasPrefix(line[len(l):], ": ") {
			return l, true
		}
	}
	return "", false
}

// Note says that the log lines were skipped, "" when there were none.
// It quotes none of them: a manifest's notice() may print anything.
func (p LogPrefix) Note() string {
	if p.Lines == 0 {
		return ""
	}
	return fmt.Sprintf("Skipped %s of Puppet's log (%s) before the catalog's JSON: `puppet catalog find` prints them on standard output with the catalog.",
		words.Noun(p.Lines, "line", "lines"), strings.Join(p.Levels, ", "))
}
