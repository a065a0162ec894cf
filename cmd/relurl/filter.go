package main

import "bytes"

// filter is the frame shared by the filters, resolve, rel, parse, check
// and compare: their input (arguments, lines of standard input, or lines
// BASE<TAB>X), the rule that output line N answers input line N, and one
// path for errors and the exit status. A filter reports every rejected
// input with reject and ends with exit, so that all of them say the same
// thing the same way: an error reading the input only when reading
// failed, an error writing the output once, status 1 for either or for a
// rejected input.
type filter struct {
	*lineIO
	name   string // the command, which prefixes its messages
	failed bool   // some input was rejected
	// blank writes the placeholder of a rejected line: an empty line, or
	// an empty row of compare -markdown's table.
	blank func()
}

func newFilter(e *env, name string) *filter {
	f := &filter{lineIO: newLineIO(e), name: name}
	f.blank = func() { f.out.WriteByte('\n') }
	return f
}

// reject reports on standard error that an input was rejected, as
// "relurl: NAME: " and the message, after the output lines before it;
// the run goes on and exits with status 1.
func (f *filter) reject(format string, args ...any) {
	f.errorf(f.name+": "+format, args...)
	f.failed = true
}

// pairs calls fn with each line of standard input split at its first TAB
// into BASE and X (named x in messages: REF or TARGET). A line without a
// TAB is rejected and gets the placeholder line. base and x are valid
// only during the call. It returns the error that ended the input, as
// next does.
func (f *filter) pairs(x string, fn func(base, x []byte)) error {
	for {
		line, ok, err := f.next()
		if !ok {
			return err
		}
		base, rest, found := bytes.Cut(line, []byte{'\t'})
		if !found {
			f.reject("line %d: no TAB: expected BASE<TAB>%s", f.lineNo(), x)
			f.blank()
			continue
		}
		fn(base, rest)
	}
}

// exit ends the run: it flushes the output, reports the error that ended
// the input (readErr, as returned by next) or the output, and returns the
// exit status.
func (f *filter) exit(readErr error) int {
	if !f.finish(f.name, readErr) || f.failed {
		return exitRejected
	}
	return exitOK
}
