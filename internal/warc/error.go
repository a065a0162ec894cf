package warc

import (
	"errors"
	"fmt"
)

// Sentinel errors wrapped by *Error, to be tested with errors.Is.
var (
	// ErrVersion: a record does not begin with a "WARC/" version line.
	ErrVersion = errors.New("record does not begin with a WARC/ version line")
	// ErrHeader: a malformed or oversized header line.
	ErrHeader = errors.New("malformed record header")
	// ErrContentLength: Content-Length is missing or not a decimal number.
	ErrContentLength = errors.New("missing or invalid Content-Length")
	// ErrTruncated: the file, gzip member or zstd frame ends inside a record.
	ErrTruncated = errors.New("truncated record")
	// ErrTrailer: the block is not followed by the blank lines that end a
	// record, a sign that Content-Length is wrong.
	ErrTrailer = errors.New("record block not followed by CRLF CRLF")
	// ErrOverrun: the record's Content-Length runs past its end: a record
	// boundary (a blank line, then a WARC version line) comes inside the
	// declared content and the bytes at the declared end are not one.
	// The record is cut at that boundary and reading goes on from it.
	ErrOverrun = errors.New("Content-Length runs past the end of the record")
	// ErrTooLarge: a record's content, or the payload of the HTTP response
	// in it once decoded, is larger than Limits.Record; it is cut there.
	// The error also wraps a *limits.Error.
	ErrTooLarge = errors.New("record too large")
	// ErrGzip: the gzip member holding the record is corrupt.
	ErrGzip = errors.New("corrupt gzip member")
	// ErrZstd: the zstd frame holding the record is corrupt, or the
	// dictionary frame of a zstd file is (then nothing is read).
	ErrZstd = errors.New("corrupt zstd frame")
	// ErrFormat: the file is in a compression format that is not read
	// (bzip2, xz, lz4...): it is reported once, not read as records.
	ErrFormat = errors.New("archive format not read")
	// ErrMissingTargetURI: a record whose type requires WARC-Target-URI
	// (request, response, resource, revisit, conversion, continuation;
	// WARC/1.1 section 5.12) has none. The record is skipped.
	ErrMissingTargetURI = errors.New("missing WARC-Target-URI")
	// ErrHTTP: the block of a response record is not an HTTP response.
	ErrHTTP = errors.New("malformed HTTP response in record block")
	// ErrSegment: a segmented record whose next segment does not follow
	// it (an error of its Block, which ends there), or a continuation
	// record without its first segment before it (skipped).
	ErrSegment = errors.New("segmented record not reassembled")
	// ErrIO: the underlying reader failed; the stream ends.
	ErrIO = errors.New("read error")
)

// Error is an error about one record of one file.
type Error struct {
	File   string // the name given to NewReader
	Offset int64  // byte offset in File of the record, or of its gzip member or zstd frame in a compressed file
	Err    error  // wraps one of the Err* sentinels
}

// Error returns a message such as
//
//	warc: crawl.warc.gz: offset 1234: truncated record: unexpected EOF
func (e *Error) Error() string {
	return fmt.Sprintf("warc: %s: offset %d: %v", e.File, e.Offset, e.Err)
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }
