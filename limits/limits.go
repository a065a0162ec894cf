// Package limits holds the bounds that every relurl reader of outside
// input (HTML, MIME, WARC, WAT, HTTP) obeys, so that the memory and time a
// document or record costs depend on these numbers, not on what the file
// claims or contains.
//
// One Limits value is shared by every reader of a run: the command sets it
// from its flags, and the library's readers take it as a field. A zero
// field means the default below; Resolve returns the value with the
// defaults filled in.
//
// A document or record that breaks a limit is reported (an error naming
// the input, its offset and the limit) and reading goes on with the next
// record or document; a link dropped because of a limit is counted and
// reported, never dropped silently.
package limits

import "fmt"

// Limits are the bounds of one run. Sizes are in bytes.
type Limits struct {
	// Token is the largest HTML token the tokenizer holds at once: a tag
	// with its attributes, a comment, a run of text. A larger tag or
	// comment is an error for the document (links after it are still
	// read where the reader can resynchronise).
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

// Resolve returns l with every zero field set to its default.
func (l Limits) Resolve() Limits {
	if l.Token == 0 {
		l.Token = DefaultToken
	}
	if l.HeaderLine == 0 {
		l.HeaderLine = DefaultHeaderLine
	}
	if l.HeaderBlock == 0 {
		l.HeaderBlock = DefaultHeaderBlock
	}
	if l.Record == 0 {
		l.Record = DefaultRecord
	}
	if l.Depth == 0 {
		l.Depth = DefaultDepth
	}
	if l.Noscript == 0 {
		l.Noscript = DefaultNoscript
	}
	if l.URL == 0 {
		l.URL = DefaultURL
	}
	return l
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
