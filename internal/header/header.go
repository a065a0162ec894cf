// Package header is the one bounded reader of header blocks in relurl:
// the MIME header of a message or entity (base/mime.go), the WARC record
// header and the HTTP header inside a record (internal/warc), and the
// sniffing of a MIME header at the start of an input (internal/crawl).
// One grammar, one field-name check, one rule for folded and empty
// continuation lines, one pair of bounds (docs/design.md#headers).
//
// The grammar read is the one RFC 5322 section 2.2, RFC 9112 section 5
// and WARC/1.1 section 4 share:
//
//   - A header is a sequence of lines ended by LF or CRLF, up to and
//     including an empty line (or the end of the input, which the caller
//     judges: a MIME header may end there, a WARC header may not).
//   - A field line is a name, optional spaces or tabs (RFC 5322 section
//     4.5.3's obsolete syntax, which WARC and HTTP writers also produce),
//     ":" and a value. The name is checked by ValidName.
//   - A line beginning with a space or tab continues the field before it
//     (RFC 5322 section 2.2.3 unfolding, RFC 9112 section 5.2 obs-fold):
//     its text, trimmed of spaces and tabs, is appended to the value after
//     one space. A continuation line of spaces and tabs only adds nothing
//     and does not end the header (only an empty line does); RFC 5322's
//     obs-FWS allows it, and treating it otherwise would let one space
//     decide where a record's header ends.
//   - A continuation line before any field is an error.
//
// Bounds: each line, without its line end, is at most MaxLine bytes (a
// longer one is read through, not held, and is an error), the header with
// its line ends at most MaxBlock. Folding appends, so a header costs time
// linear in its size.
package header

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
)

// Errors wrapped by *Error.
var (
	// ErrLineTooLong: a line longer than MaxLine (with a *limits.Error
	// for HeaderLine).
	ErrLineTooLong = errors.New("header line too long")
	// ErrTooLarge: the header is larger than MaxBlock (with a
	// *limits.Error for HeaderBlock).
	ErrTooLarge = errors.New("header too large")
	// ErrMalformed: a line that is neither a field, a continuation nor
	// the empty line.
	ErrMalformed = errors.New("malformed header line")
	// ErrContinuation: a continuation line before any field.
	ErrContinuation = errors.New("header starts with a continuation line")
)

// An Error reports a header that breaks the grammar or a bound.
type Error struct {
	Offset int    // of the line, in bytes from where Read began
	Line   []byte // the line's first bytes, at most quote.MaxExcerpt
	Len    int    // the line's length
	Err    error  // one of the Err* above, and a *limits.Error for a bound
}

func (e *Error) Error() string {
	if e.Line == nil && e.Len == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("%v %s", e.Err, quote.Excerpt(e.Line, e.Len))
}

func (e *Error) Unwrap() error { return e.Err }

// ValidName reports whether name is a field name: one or more printable
// US-ASCII characters other than ":" (RFC 5322 section 3.6.8, ftext).
// The tokens of RFC 9110 section 5.1 (HTTP, and WARC/1.1 section 4, which
// takes HTTP's grammar) are a subset, so every valid header of the three
// formats passes, and no line of markup or prose with a space before its
// colon does.
func ValidName(name []byte) bool {
	for _, c := range name {
		if c <= ' ' || c >= 0x7f || c == ':' {
			return false
		}
	}
	return len(name) > 0
}

// Lines is the source of a header's lines.
type Lines interface {
	// ReadLine returns the next line without its line end, valid until
	// the next call, and the bytes it took with its line end. A line
	// longer than max bytes without its line end is consumed through its
	// end and returned as a *LongLine error, with at most its first
	// bytes. At the end
	// of the input it returns the error (io.EOF or another) with the
	// partial line.
	ReadLine(max int) (line []byte, n int, err error)
}

// A LongLine is returned by Lines.ReadLine for a line longer than its
// max; errors.Is(err, ErrLong) tells it.
type LongLine struct {
	Len int // the line's length without its line end
}

func (e *LongLine) Error() string { return "line of " + strconv.Itoa(e.Len) + " bytes" }

// Is makes errors.Is(err, ErrLong) true.
func (e *LongLine) Is(target error) bool { return target == ErrLong }

// LongError returns the error of a line too long, line being the first
// bytes of it that a Lines gave with long: the first of them, no more
// than maxLine, are quoted (sources keep different beginnings of a long
// line; the error is the same whatever the source). A reader of a line
// outside a header (a WARC version line, an HTTP status line) reports its
// ReadLine's *LongLine with it too.
func LongError(line []byte, long *LongLine, maxLine int) *Error {
	q := line[:min(len(line), quote.MaxExcerpt, maxLine)]
	return &Error{Line: bytes.Clone(q), Len: long.Len, Err: fmt.Errorf("%w: %w", ErrLineTooLong, &limits.Error{Limit: "HeaderLine", Max: int64(maxLine)})}
}

// TooLarge is the cause of the *Error of a header larger than maxBlock
// (limits.Limits' HeaderBlock): ErrTooLarge and the limit, for every
// reader of a header block (a WAT record's recorded header too).
func TooLarge(maxBlock int) error {
	return fmt.Errorf("%w: %w", ErrTooLarge, &limits.Error{Limit: "HeaderBlock", Max: int64(maxBlock)})
}

// ErrLong is what a *LongLine is (errors.Is).
var ErrLong = errors.New("line longer than the limit")

// A Reader reads headers. It keeps the buffer of the field being unfolded
// from one header to the next; the zero Reader, with its bounds set, is
// ready to use.
type Reader struct {
	MaxLine, MaxBlock int // limits.Limits' HeaderLine and HeaderBlock, resolved

	name, val []byte
}

// NewReader returns a Reader with the bounds of lim (resolved).
func NewReader(lim limits.Limits) *Reader {
	lim = lim.Resolve()
	return &Reader{MaxLine: lim.HeaderLine, MaxBlock: lim.HeaderBlock}
}

// Read reads a header's lines from lr up to and including the empty line
// that ends it, calling field for each field in order with its name
// (without spaces) and its unfolded value (trimmed of spaces and tabs),
// both valid only during the call. used is the bytes of the block read
// before (a WARC version line, an HTTP status line), counted in MaxBlock.
//
// It returns the bytes it read. err is nil after the empty line; an error
// of lr (io.EOF included) after giving the fields read, a last partial
// line included; an *Error for a line breaking the grammar or a bound;
// or field's error, which stops the reading.
func (r *Reader) Read(lr Lines, used int, field func(name, value []byte) error) (n int, err error) {
	pending := false
	flush := func() error {
		if !pending {
			return nil
		}
		pending = false
		return field(r.name, r.val)
	}
	for {
		line, k, err := lr.ReadLine(r.MaxLine)
		off := n
		n += k
		// A line too long is reported as such, though it breaks the
		// block too: it is the cause.
		if long, ok := err.(*LongLine); ok {
			e := LongError(line, long, r.MaxLine)
			e.Offset = off
			return n, e
		}
		fail := func(e error) (int, error) {
			return n, &Error{Offset: off, Line: bytes.Clone(line[:min(len(line), quote.MaxExcerpt)]), Len: len(line), Err: e}
		}
		if used+n > r.MaxBlock {
			return fail(TooLarge(r.MaxBlock))
		}
		switch {
		case err != nil && len(line) == 0:
			if ferr := flush(); ferr != nil {
				return n, ferr
			}
			return n, err
		case len(line) == 0:
			return n, flush()
		case line[0] == ' ' || line[0] == '\t':
			if !pending {
				return fail(ErrContinuation)
			}
			if t := bytes.Trim(line, " \t"); len(t) > 0 {
				if len(r.val) > 0 {
					r.val = append(r.val, ' ')
				}
				r.val = append(r.val, t...)
			}
		default:
			if ferr := flush(); ferr != nil {
				return n, ferr
			}
			name, value, ok := bytes.Cut(line, []byte(":"))
			name = bytes.TrimRight(name, " \t")
			if !ok || !ValidName(name) {
				return fail(ErrMalformed)
			}
			r.name = append(r.name[:0], name...)
			r.val = append(r.val[:0], bytes.Trim(value, " \t")...)
			pending = true
		}
		if err != nil {
			if ferr := flush(); ferr != nil {
				return n, ferr
			}
			return n, err
		}
	}
}

// Bytes reads lines from a byte slice: a header already in memory, or
// the window a sniffer looks at.
type Bytes struct {
	B []byte
	// Cut says B is a window on a longer input: a last line without its
	// line end is not given (it may go on past the window); the reading
	// ends with io.EOF before it.
	Cut bool
}

func (b *Bytes) ReadLine(max int) ([]byte, int, error) {
	i := bytes.IndexByte(b.B, '\n')
	if i < 0 {
		line := b.B
		b.B = nil
		if b.Cut {
			line = nil
		}
		if len(line) > max {
			return line[:max], len(line), &LongLine{len(line)}
		}
		return line, len(line), io.EOF
	}
	line := b.B[:i]
	b.B = b.B[i+1:]
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(line) > max {
		return line[:max], i + 1, &LongLine{len(line)}
	}
	return line, i + 1, nil
}

// BufLines reads lines from a bufio.Reader. A line longer than the
// buffer costs at most max+2 bytes of memory, its first bytes.
type BufLines struct {
	R       *bufio.Reader
	scratch []byte
}

// ReadLine implements Lines.
func (b *BufLines) ReadLine(max int) ([]byte, int, error) {
	frag, err := b.R.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		// The whole line is buffered (the common case): no copy.
		line := frag
		if err == nil {
			line = bytes.TrimSuffix(frag[:len(frag)-1], []byte("\r"))
		}
		if len(line) > max {
			return line[:max], len(frag), &LongLine{len(line)}
		}
		return line, len(frag), err
	}
	line, n := b.scratch[:0], 0
	var prev byte // the last byte of the fragment before, for a CR split from its LF
	for first := true; ; first = false {
		if !first {
			frag, err = b.R.ReadSlice('\n')
		}
		n += len(frag)
		if keep := max + 2 - len(line); keep > 0 {
			line = append(line, frag[:min(len(frag), keep)]...)
		}
		if err == bufio.ErrBufferFull {
			prev = frag[len(frag)-1]
			continue
		}
		if cap(line) > cap(b.scratch) {
			b.scratch = line[:0]
		}
		size := n // the line without its line end
		if err == nil {
			size--
			if len(frag) >= 2 && frag[len(frag)-2] == '\r' || len(frag) == 1 && prev == '\r' {
				size--
			}
		}
		line = line[:min(len(line), size)]
		if size > max {
			return line, n, &LongLine{size}
		}
		return line, n, err
	}
}
