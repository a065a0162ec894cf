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

// docLimit passes at most max bytes of a document through the capped
// reader of package limits, then fails with a *RecordError: the links
// read before it are kept.
type docLimit struct{ lr *limits.Reader }

func newDocLimit(r io.Reader, max int64) docLimit {
	return docLimit{limits.NewReader(r, "Record", max)}
}

func (l docLimit) Read(p []byte) (int, error) {
	n, err := l.lr.Read(p)
	if le, ok := err.(*limits.Error); ok {
		err = &RecordError{Offset: le.Max, Err: le}
	}
	return n, err
}
