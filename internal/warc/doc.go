// Package warc reads WARC files (ISO 28500: WARC/1.0 and WARC/1.1), plain
// (".warc") or gzip-compressed with one gzip member per record
// (".warc.gz"), gzipped whole, or in gzip members that cut records
// anywhere (bgzip), or zstd-compressed (".warc.zst", the IIPC format: a
// zstd frame read as a gzip member is, with its dictionary; zstd.go), as
// a stream of records. Segmented records are read across their
// continuation records (segment.go). A file in a compression format not
// read (bzip2, xz...) is reported with ErrFormat.
//
// It exists because relurl's link extraction takes web crawls as
// input and no Go WARC reader can be had from the module registry here. It
// reads only what link extraction needs: the record header, the record
// block, and for "response" records the HTTP response inside the block.
//
// # Streaming and limits
//
// A Reader never holds a whole file, record or block in memory: a record's
// block is an io.Reader limited to its Content-Length, read straight from
// the file (through the gzip decompressor for ".warc.gz"). What one record
// may cost is bounded by Reader.Limits (package limits; zero or negative
// fields take the defaults): a record's content, and the HTTP payload
// inside it once its codings are undone (package coding), stop at Limits.Record
// bytes with an ErrTooLarge error wrapping a *limits.Error, and the next
// call to Next skips the rest; header lines (the record's and the HTTP
// response's) are read by the one header reader (package header):
// bounded by Limits.HeaderLine, a header by Limits.HeaderBlock (ErrHeader,
// wrapping a *limits.Error). Folded header lines are appended, so a header
// costs time linear in its size. A version line inside a header, or a
// repeated WARC-Record-ID, WARC-Target-URI, WARC-Type or Content-Length,
// is a damaged header (ErrHeader): the next record is read as itself. Memory
// is therefore bounded whatever the input: a gzip bomb inflating to
// gigabytes is read through a few fixed buffers, a zstd one through a
// window of at most 8 MiB.
//
// # Where a record ends
//
// A Content-Length that is too large must not make a record take in the
// records after it (their links would be given under its name). The
// content is scanned for a record boundary (a blank line, then a line
// "WARC/" 1*4DIGIT "." 1*4DIGIT); at one, the Reader looks ahead to the
// declared end: if a record ends there (CR and LF bytes, then the end of
// the stream or a version line), the boundary was content; otherwise, or
// when the declared end is more than min(Limits.Record, 16 MiB) further,
// the record ends at the boundary with ErrOverrun and the next record is
// read from it. A Content-Length that is too small leaves bytes that are
// not a record's end (ErrTrailer): the Reader skips to the next line
// beginning "WARC/". Both rules read the bytes alone, so a plain file, a
// file gzipped whole, one gzip member per record and a stream give the
// same records (see block.go).
//
// # Errors and resynchronisation
//
// Every error about the input is an *Error naming the file and the byte
// offset of the record (plain WARC) or of the gzip member holding it
// (".warc.gz"), wrapping one of the Err* sentinels. After such an error the
// next call to Next goes on with the next record: in a ".warc.gz" it looks
// for the next gzip member from the start of the bad member, or from 1 MiB
// before where the decoder found the damage if that is later (the Reader
// keeps that much of the compressed input, so a stream and a file recover
// the same records and a truncated member loses nothing after it); in a
// plain WARC for the next line beginning "WARC/". The rest of the file is
// therefore still read, and nothing is dropped silently: every skipped
// byte range starts with an error. Only a failure of the underlying reader
// itself (an I/O error) ends the stream; Next then returns io.EOF.
package warc
