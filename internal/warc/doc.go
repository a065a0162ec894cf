// Package warc reads WARC files (ISO 28500: WARC/1.0 and WARC/1.1), plain
// (".warc") or gzip-compressed with one gzip member per record
// (".warc.gz"), as a stream of records.
//
// It exists because relurl's link extraction (issue 7) takes web crawls as
// input and no Go WARC reader can be had from the module registry here. It
// reads only what link extraction needs: the record header, the record
// block, and for "response" records the HTTP response inside the block.
//
// # Streaming
//
// A Reader never holds a whole file, record or block in memory: a record's
// block is an io.Reader limited to its Content-Length, read straight from
// the file (through the gzip decompressor for ".warc.gz"). Header lines are
// bounded (MaxHeaderLine, MaxHeaderBytes), so memory stays bounded whatever
// the input.
//
// # Errors and resynchronisation
//
// Every error about the input is an *Error naming the file and the byte
// offset of the record (plain WARC) or of the gzip member holding it
// (".warc.gz"), wrapping one of the Err* sentinels. After such an error the
// next call to Next goes on with the next record: in a ".warc.gz" it looks
// for the next gzip member (from the start of the bad member again when the
// source is an io.Seeker, as an *os.File is, so that a truncated member
// loses nothing that follows it), in a plain WARC for the next line
// beginning "WARC/". The rest of the file is therefore still read, and
// nothing is dropped silently: every skipped byte range starts with an
// error. Only a failure of the underlying reader itself (an I/O error) ends
// the stream; Next then returns io.EOF.
package warc
