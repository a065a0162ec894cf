// Package body decides and decodes the transfer form of a document's
// body before its links are extracted, the same way for every input a
// document can come from (a file, standard input, a WARC record, a MIME
// part, a fetched URL): a body compressed with gzip is decompressed, and
// one in UTF-16 is decoded to UTF-8, so that no such document yields no
// links in silence (issue 23, defect 4; docs/design.md#input-decoding).
//
// The rules, in order:
//
//   - gzip: a body that starts with gzip's magic bytes (RFC 1952 section
//     2.3.1: 1f 8b, method 8) is decompressed, every member, bounded by
//     the Record limit. No HTML document starts with these bytes, so the
//     body is decompressed whatever its name or media type says: a
//     ".html.gz" file, gzip on standard input, a server that sent a
//     compressed page without Content-Encoding. The rules are then
//     applied once more to the decompressed text (not gzip again: a
//     bomb of nested members is not followed).
//   - UTF-16: a byte order mark (FE FF, FF FE) decides, as in the HTML
//     Standard's encoding sniffing (section 13.2.3.1, "BOM sniff"); else
//     the charset parameter of the media type, when it is a label of
//     UTF-16LE or UTF-16BE in the WHATWG Encoding Standard ("utf-16" is
//     UTF-16LE there); else a body whose first four bytes are ASCII
//     interleaved with zero bytes ("<\0h\0", "\0<\0h") is UTF-16 of that
//     byte order (relurl's reading: no ASCII-compatible document starts
//     so). The decoded text is UTF-8; an invalid sequence becomes U+FFFD.
//
// A <meta charset=utf-16> inside a document read as ASCII does not make
// it UTF-16: the HTML Standard reads such a declaration as UTF-8 (section
// 13.2.3.2, "prescan"), and so does the link extractor.
package body

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/relurl/relurl/internal/inflate"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/relurl/relurl/limits"
)

// Form says how a body was transferred, as Decode found it.
type Form int

const (
	Gzip    Form = 1 << iota // decompressed (gzip)
	UTF16LE                  // decoded from UTF-16, little-endian
	UTF16BE                  // decoded from UTF-16, big-endian
)

// String names the decodings of f: "gzip", "UTF-16LE", "gzip, UTF-16BE";
// "" for none.
func (f Form) String() string {
	var s []byte
	for _, x := range []struct {
		f    Form
		name string
	}{{Gzip, "gzip"}, {UTF16LE, "UTF-16LE"}, {UTF16BE, "UTF-16BE"}} {
		if f&x.f != 0 {
			if len(s) > 0 {
				s = append(s, ", "...)
			}
			s = append(s, x.name...)
		}
	}
	return string(s)
}

// A Decoder decodes the bodies of one reader's documents, one after
// another; its buffers serve them all. The zero value is ready to use.
type Decoder struct {
	in, gz, text *bufio.Reader
	z            *inflate.Reader
	capped       capped
}

// inSize is the buffer that reads a body: enough to sniff its form,
// small for the many small documents of an archive. textSize is that of
// a decoded text, made only when one is: as large as the window in which
// the links command sniffs a message header.
const (
	inSize   = 4 << 10
	textSize = 64 << 10
)

// Decode returns the text of a document whose body is read from r, as
// UTF-8 bytes for the link extractor, and how it was transferred.
// charset is the charset parameter of the body's media type, "" when
// none or not known (a file). maxRecord bounds what a compressed body
// decompresses to (limits.Limits.Record): reading past it fails with a
// *limits.Error. An error means the body could not be decoded (a gzip
// header that does not parse): the document gives no links, and the
// error says why. A *bufio.Reader r is used as it is, and returned when
// there is nothing to decode; r must not be a reader this Decoder
// returned. The reader returned is valid until the next Decode.
func (d *Decoder) Decode(r io.Reader, charset string, maxRecord int64) (*bufio.Reader, Form, error) {
	// A caller's buffered reader serves as it is (its window, for
	// sniffing what it holds, stays the caller's).
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = reset(&d.in, r, inSize)
	}
	var form Form
	if head, _ := br.Peek(3); len(head) == 3 && head[0] == 0x1f && head[1] == 0x8b && head[2] == 8 {
		if d.z == nil {
			d.z = new(inflate.Reader)
		}
		if err := d.z.Reset(br); err != nil {
			return nil, Gzip, fmt.Errorf("gzip-compressed document: %w", err)
		}
		d.capped = capped{r: d.z, max: maxRecord}
		br = reset(&d.gz, &d.capped, textSize)
		form = Gzip
	}
	enc, f := sniffUTF16(br, charset)
	if enc == nil {
		return br, form, nil
	}
	return reset(&d.text, transform.NewReader(br, enc.NewDecoder()), textSize), form | f, nil
}

// reset returns *b reset to read r, made on first use.
func reset(b **bufio.Reader, r io.Reader, size int) *bufio.Reader {
	if *b == nil {
		*b = bufio.NewReaderSize(r, size)
	} else {
		(*b).Reset(r)
	}
	return *b
}

var (
	// The BOM, when there is one, decides the byte order and is dropped.
	utf16LE = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
	utf16BE = unicode.UTF16(unicode.BigEndian, unicode.UseBOM)
)

// sniffUTF16 returns the UTF-16 encoding a body is in, by the rules of the
// package comment, or nil.
func sniffUTF16(br *bufio.Reader, charset string) (encoding.Encoding, Form) {
	head, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return utf16LE, UTF16LE
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return utf16BE, UTF16BE
	case bytes.HasPrefix(head, []byte{0xef, 0xbb, 0xbf}):
		return nil, 0 // a UTF-8 BOM: UTF-8, whatever the charset says
	}
	if charset != "" {
		if e, err := htmlindex.Get(charset); err == nil {
			switch name, _ := htmlindex.Name(e); name {
			case "utf-16le":
				return utf16LE, UTF16LE
			case "utf-16be":
				return utf16BE, UTF16BE
			}
		}
	}
	if len(head) == 4 {
		switch {
		case isASCII(head[0]) && head[1] == 0 && isASCII(head[2]) && head[3] == 0:
			return utf16LE, UTF16LE
		case head[0] == 0 && isASCII(head[1]) && head[2] == 0 && isASCII(head[3]):
			return utf16BE, UTF16BE
		}
	}
	return nil, 0
}

// isASCII reports a printable ASCII byte or white space.
func isASCII(c byte) bool { return c >= 0x20 && c < 0x7f || c == '\t' || c == '\n' || c == '\r' }

// capped reads r until max bytes, then fails with a *limits.Error.
type capped struct {
	r      io.Reader
	n, max int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.max > 0 && c.n >= c.max {
		// One byte more tells a body of exactly max bytes from a longer one.
		var one [1]byte
		if n, _ := c.r.Read(one[:]); n > 0 {
			return 0, fmt.Errorf("gzip-compressed document: %w", &limits.Error{Limit: "Record", Max: c.max})
		}
	}
	if c.max > 0 && int64(len(p)) > c.max-c.n {
		p = p[:c.max-c.n]
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
