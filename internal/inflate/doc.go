// Package inflate reads gzip members (RFC 1952) with a DEFLATE decoder
// (RFC 1951) of its own, written for the speed of the archive path: a
// .warc.gz is one gzip member a record, and decompressing it is most of
// what "relurl links" costs (docs/performance.md, "Web archives").
//
// github.com/klauspost/compress/gzip is the reference. Reader is a
// drop-in for its Reader as internal/warc uses one (Reset, Multistream,
// Read), and the tests hold the two to the same bytes on valid input and
// the same kind of error on damaged input (FuzzReader, FuzzDeflate), down
// to where a member ends in the underlying *bufio.Reader. In one case the
// reference is wrong and compress/gzip judges instead: klauspost's decoder
// keeps a code's table when the next code of that kind has no lengths at
// all, and decodes with it what compress/flate and zlib reject as
// corrupt, as this Reader does.
//
// The speed comes from the ways of libdeflate (Eric Biggers), read, not
// copied: the compressed bytes are read in place from the bufio.Reader's
// buffer, eight at a time into a 64-bit bit buffer refilled without a
// branch; a Huffman lookup is one table entry holding the symbol, the bits
// it takes and its extra bits (with a second level for codes longer than
// the first); and matches are copied eight bytes at a time within one
// output buffer that keeps the 32 KiB window, no copy between a window
// and the output.
package inflate
