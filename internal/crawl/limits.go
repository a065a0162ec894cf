package crawl

// The limits the crawler itself enforces (package limits): the size of
// one HTML document, the length of an error line. The readers enforce the
// others, and links.Extractor the length of the URLs written out.

import (
	"io"
	"strconv"

	"github.com/relurl/relurl/limits"
)

// maxErrorLine bounds one error line, whatever a reader put in it, so
// that a hostile input cannot make standard error as large as itself.
const maxErrorLine = 4 << 10

// capLine cuts the middle out of an error line longer than maxErrorLine,
// saying so: the start names the input, the end usually says what is
// wrong.
func capLine(msg string) string {
	if len(msg) <= maxErrorLine {
		return msg
	}
	head, tail := maxErrorLine*3/4, maxErrorLine/4
	return msg[:head] + " [... " + strconv.Itoa(len(msg)-head-tail) + " bytes of a " + strconv.Itoa(len(msg)) + "-byte error cut ...] " + msg[len(msg)-tail:]
}

// RecordError reports that a document read by the crawler broke the
// Record limit at Offset (from the document's start). errors.As finds the
// *limits.Error.
type RecordError struct {
	Offset int64
	Err    *limits.Error
}

func (e *RecordError) Error() string {
	return "offset " + strconv.FormatInt(e.Offset, 10) + ": " + e.Err.Error()
}

func (e *RecordError) Unwrap() error { return e.Err }

// docLimit passes at most max bytes of a document, then fails with a
// *RecordError: the links read before it are kept.
type docLimit struct {
	r      io.Reader
	n, max int64
}

func (l *docLimit) Read(p []byte) (int, error) {
	if l.n > l.max {
		return 0, l.err()
	}
	if int64(len(p)) > l.max+1-l.n {
		p = p[:l.max+1-l.n]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > l.max {
		return n - 1, l.err() // one byte past the limit, read to see it
	}
	return n, err
}

func (l *docLimit) err() error {
	return &RecordError{Offset: l.max, Err: &limits.Error{Limit: "Record", Max: l.max}}
}
