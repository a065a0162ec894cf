// Package limits holds the bounds that every relurl reader of outside
// input (HTML, MIME, WARC, WAT, HTTP) obeys, so that the memory and time a
// document or record costs depend on these numbers, not on what the file
// claims or contains.
//
// One Limits value is shared by every reader of a run: the command sets it
// from its flags, and the library's readers take it as a field. Every
// reader takes its bounds through Resolve, the one place where a field's
// value is interpreted:
//
//   - a zero or negative field means the default below (a negative bound
//     has no meaning, and "unlimited" would undo the point of the
//     package: there is no way to ask for no bound);
//   - a field above Max (or MaxRecord) is taken as Max: the readers add a
//     few limits and small constants together (a line and its line end,
//     a look-ahead of twice a limit), and no such sum may overflow.
//
// Bytes enter a reader through NewReader (a stream that fails past N
// bytes with an *Error) or the bounded header reader of
// internal/header, so that a bound is enforced once, where bytes enter
// (docs/design.md#hostile-input-limits).
//
// A document or record that breaks a limit is reported (an error naming
// the input, its offset and the limit) and reading goes on with the next
// record or document; a link dropped because of a limit is counted and
// reported, never dropped silently.
package limits

import (
	"fmt"
	"io"
	"math"
)

// Limits are the bounds of one run. Sizes are in bytes.
type Limits struct {
	// Token is the largest HTML token the tokenizer holds at once: a tag
	// with its attributes, a comment, the content of a <noscript> or
	// <style> element (other text is not held); and the largest token of
	// a style sheet or XML sitemap. A larger one is an error for the
	// document (links after it are still read where the reader can
	// resynchronise).
	Token int
	// HeaderLine is the longest header line (WARC, HTTP, MIME), folded
	// continuation lines counted one by one.
	HeaderLine int
	// HeaderBlock is the largest header, all its lines together.
	HeaderBlock int
	// Record is the most bytes one record's content or one document may
	// decompress to. A larger one is cut there, with an error.
	Record int64
	// Depth is the deepest nesting of MIME multipart/* and message/*
	// entities followed.
	Depth int
	// Noscript is how many levels of <noscript> inside <noscript> are
	// read again for their links; deeper content is read as text, with a
	// warning.
	Noscript int
	// URL is the longest reference or base URL written out; a longer one
	// (typically a data: URL) is counted and reported instead.
	URL int
}

// Defaults. They keep the peak memory of one document or record well under
// 256 MiB whatever it contains.
const (
	DefaultToken       = 4 << 20
	DefaultHeaderLine  = 64 << 10
	DefaultHeaderBlock = 1 << 20
	DefaultRecord      = 64 << 20
	DefaultDepth       = 64
	DefaultNoscript    = 8
	DefaultURL         = 8 << 10
)

// Default returns the default limits.
func Default() Limits { return Limits{}.Resolve() }

// The largest values Resolve keeps: a quarter of the largest int (int64
// for Record), so that a reader may add a limit to itself and to small
// constants without overflow. They are far above any memory.
const (
	Max       = math.MaxInt / 4
	MaxRecord = math.MaxInt64 / 4
)

// Resolve returns l with every zero or negative field set to its default
// and every field above Max (MaxRecord for Record) set to Max. Every
// reader interprets a Limits through it, and only through it.
func (l Limits) Resolve() Limits {
	l.Token = field(l.Token, DefaultToken)
	l.HeaderLine = field(l.HeaderLine, DefaultHeaderLine)
	l.HeaderBlock = field(l.HeaderBlock, DefaultHeaderBlock)
	l.Record = field(l.Record, DefaultRecord)
	l.Depth = field(l.Depth, DefaultDepth)
	l.Noscript = field(l.Noscript, DefaultNoscript)
	l.URL = field(l.URL, DefaultURL)
	return l
}

// field is Resolve's rule for one field.
func field[T int | int64](v, def T) T {
	var most T
	switch any(v).(type) {
	case int:
		most = T(Max)
	default:
		most = T(MaxRecord)
	}
	switch {
	case v <= 0:
		return def
	case v > most:
		return most
	}
	return v
}

// Error reports that an input broke a limit. Readers wrap it in their own
// positioned error (file and offset); errors.As finds it.
type Error struct {
	Limit string // the Limits field's name: "Token", "HeaderLine", ...
	Max   int64  // the limit in force
}

func (e *Error) Error() string {
	return fmt.Sprintf("exceeds the %s limit of %d", e.Limit, e.Max)
}

// A Reader reads at most Max bytes of R. A read that would take byte
// Max+1 fails with an *Error naming Limit instead: the bytes before it
// are given out first, the input past it is never read. It is the one
// "fail past N bytes" reader of relurl's readers.
type Reader struct {
	r     io.Reader
	limit string
	max   int64
	n     int64 // bytes given out
	err   error // sticky: the limit's *Error, or an error of r
}

// NewReader returns a Reader of r that fails past most bytes with an
// *Error{Limit: limit, Max: most}. A negative most is taken as 0.
func NewReader(r io.Reader, limit string, most int64) *Reader {
	return &Reader{r: r, limit: limit, max: max(most, 0)}
}

// N returns the bytes read so far.
func (l *Reader) N() int64 { return l.n }

func (l *Reader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	// Read at most one byte past the limit, to tell an input of exactly
	// max bytes from a longer one. rest < len(p) keeps rest+1 from
	// overflowing when max is near math.MaxInt64.
	rest := l.max - l.n
	if rest < int64(len(p)) {
		p = p[:rest+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > rest {
		n = int(rest)
		l.err = &Error{Limit: l.limit, Max: l.max}
		err = l.err
	} else if err != nil && err != io.EOF {
		l.err = err
	}
	l.n += int64(n)
	return n, err
}
