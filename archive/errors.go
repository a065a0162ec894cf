package archive

import (
	"github.com/relurl/relurl/internal/coding"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/wat"
)

// The errors a Reader gives that are not of a public package of their
// own (*DocError is this package's; *limits.Error, *links.LimitError,
// *base.FallbackError and *whatwg.Error are public already). They are
// made by the internal WARC, WAT and coding readers and named here, so
// that a program can test them with errors.As and errors.Is.

// RecordError is an error about one record of an archive: the file, the
// byte offset of the record (or of the gzip member or zstd frame holding
// it), and the cause, which wraps one of the Err sentinels below. It is
// given for a record that could not be read or used; reading goes on.
type RecordError = warc.Error

// CodingError reports an HTTP body that its Content-Encoding or
// Transfer-Encoding does not decode (the field and the coding name are
// in Coding).
type CodingError = coding.Error

// Sentinels wrapped by a *RecordError (or a *CodingError), for
// errors.Is. Their meanings are those of the WARC reader: see each.
var (
	// ErrVersion: a record does not begin with a "WARC/" version line.
	ErrVersion = warc.ErrVersion
	// ErrHeader: a malformed or oversized record header line.
	ErrHeader = warc.ErrHeader
	// ErrContentLength: Content-Length is missing or not a number.
	ErrContentLength = warc.ErrContentLength
	// ErrTruncated: the file, gzip member or zstd frame ends inside a
	// record.
	ErrTruncated = warc.ErrTruncated
	// ErrTrailer: a block not followed by the blank lines that end a
	// record (Content-Length is probably wrong).
	ErrTrailer = warc.ErrTrailer
	// ErrOverrun: Content-Length runs past the record's end; the record
	// is cut at the next record boundary.
	ErrOverrun = warc.ErrOverrun
	// ErrTooLarge: a record or its decoded HTTP payload is larger than
	// Limits.Record; it is cut there (a *limits.Error is wrapped too).
	ErrTooLarge = warc.ErrTooLarge
	// ErrGzip: a corrupt gzip member.
	ErrGzip = warc.ErrGzip
	// ErrZstd: a corrupt zstd frame, or a zstd file's dictionary frame
	// (then nothing of the file is read).
	ErrZstd = warc.ErrZstd
	// ErrFormat: the file is in a compression format that is not read
	// (bzip2, xz, lz4...): reported once, not read as records.
	ErrFormat = warc.ErrFormat
	// ErrMissingTargetURI: a record that needs WARC-Target-URI has none.
	ErrMissingTargetURI = warc.ErrMissingTargetURI
	// ErrHTTP: a response record's block is not an HTTP response.
	ErrHTTP = warc.ErrHTTP
	// ErrSegment: a segmented record not reassembled.
	ErrSegment = warc.ErrSegment
	// ErrIO: the underlying reader failed; the archive ends there.
	ErrIO = warc.ErrIO
	// ErrJSON: a WAT record's JSON is malformed.
	ErrJSON = wat.ErrJSON
	// ErrCodingUnsupported: an HTTP body in a coding not read (a
	// *CodingError wraps it).
	ErrCodingUnsupported = coding.ErrUnsupported
	// ErrCodingTooMany: an HTTP body with more codings than are undone.
	ErrCodingTooMany = coding.ErrTooMany
)
