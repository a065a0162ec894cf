package links

import (
	"io"
)

// documentEncoding finds the encoding of the document read from r (its
// first bytes, and the Charset field: body.Sniffer, the rule base.FromHTML
// reads a page by too), sets x.enc, and returns the document as UTF-8
// (docs/design.md#document-encoding).
func (x *Extractor) documentEncoding(r io.Reader) io.Reader {
	name, text := x.sniff.Text(r, x.Charset)
	// The Encoding Standard's "get an output encoding": the replacement
	// encoding (a document of one U+FFFD) encodes URLs as UTF-8.
	x.enc = name
	if name == "replacement" {
		x.enc = ""
	}
	return text
}
