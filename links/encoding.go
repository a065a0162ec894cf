package links

import (
	"io"

	"github.com/relurl/relurl/internal/body"
)

// documentEncoding finds the encoding of the document read from r (its
// first bytes, and the Charset field: body.Sniffer, the rule base.FromHTML
// reads a page by too), sets x.enc, and returns the document as UTF-8
// (docs/design.md#document-encoding).
func (x *Extractor) documentEncoding(r io.Reader) io.Reader {
	name, text := x.sniff.Text(r, x.Charset)
	x.enc = body.URLEncoding(name)
	return text
}
