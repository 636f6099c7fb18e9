package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/inputfile"
	"github.com/catc-dev/catc/internal/words"
)

// Exit codes, as the README lists them: 0 success, 1 errors, 2 changes
// (diff --detailed-exitcode, exitChanges), 128+N killed by signal N
// (atomicfile.Registry.CleanupOnSignal).
const (
	exitOK     = 0
	exitErrors = 1
)

// exitError carries an exit code and an optional message for stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// The command's errors are built by these constructors only: fail and
// failf (a message for stderr), failOn (an error's text, nil stays nil),
// failed (already printed) and, for diff, changesFound.

// fail is an error whose message run prints to stderr: exit code 1.
func fail(msg string) error { return &exitError{code: exitErrors, msg: msg} }

// failf is fail with a formatted message.
func failf(format string, args ...any) error { return fail(fmt.Sprintf(format, args...)) }

// failOn is fail with err's text, or nil when err is nil.
func failOn(err error) error {
	if err == nil {
		return nil
	}
	return fail(err.Error())
}

// failed reports errors that have already been printed (or need no text).
func failed() error { return &exitError{code: exitErrors} }

// changesFound is `diff --detailed-exitcode`'s "there are changes".
func changesFound() error { return &exitError{code: exitChanges} }

// run is main without the process: it returns the exit code.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		// A panic is a bug; still, never show a user a Go stack trace.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "catc: internal error: %v\nPlease report this with the input that caused it.\n", r)
			code = exitErrors
		}
	}()
	out := &stdoutWriter{w: stdout}
	app := newApp(out, stderr)
	if completing(args) {
		// urfave/cli wants the request last and no "--" before it.
		ownHelp(app)
		app.Run(args)
		return out.exitCode(exitOK, stderr)
	}
	if err := checkCommand(app, args); err != nil {
		return exitCode(err, stderr)
	}
	args = permuteArgs(app, args)
	ownHelp(app)
	err := app.Run(args)
	app.Metadata[sinkKey].(*diagSink).flush(stderr)
	return out.exitCode(exitCode(err, stderr), stderr)
}

// stdoutWriter remembers the first failure to write standard output:
// urfave/cli's help and version printers, and any other print, ignore
// the error, and a full disk or closed pipe must not exit 0.
type stdoutWriter struct {
	w   io.Writer
	err error
}

func (s *stdoutWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil && s.err == nil {
		s.err = err
	}
	return n, err
}

// exitCode turns code into exitErrors, with a message, when standard
// output could not be written and the command did not already fail.
func (s *stdoutWriter) exitCode(code int, stderr io.Writer) int {
	if s.err == nil || code == exitErrors {
		return code
	}
	fmt.Fprintln(stderr, "catc: cannot write standard output: "+words.EscapeText(inputfile.Cause(s.err).Error()))
	return exitErrors
}

// exitCode prints err (when it has text) and maps it to the process exit code.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(stderr, "catc: "+words.EscapeText(ee.msg))
		}
		return ee.code
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := strings.TrimSpace(err.Error()); msg != "" {
			fmt.Fprintln(stderr, "catc: "+words.EscapeText(msg))
		}
		return ec.ExitCode()
	}
	// Usage errors from the flag parser and everything else.
	fmt.Fprintln(stderr, "catc: "+err.Error())
	return exitErrors
}
