package links

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"

	"golang.org/x/net/html/charset"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
)

// XML sitemaps (the sitemaps.org protocol, 0.9): a <urlset> lists pages,
// each the <loc> of a <url>; a <sitemapindex> lists sitemaps, each the
// <loc> of a <sitemap>. Each <loc> is a link, named by its parent
// element: url@loc, sitemap@loc. The XML is read by encoding/xml
// (entities, CDATA, comments, namespaces and the nesting by the XML
// rules, the protocol asking for strict XML); a <loc>
// elsewhere (an extension's, such as image:loc inside image:image) is no
// link of the protocol and is not passed on.

// ErrNotSitemap is the error of ExtractSitemap for an XML document whose
// root element is neither <urlset> nor <sitemapindex>.
var ErrNotSitemap = errors.New("not an XML sitemap: the root element is neither urlset nor sitemapindex")

// IsSitemap reports whether head, the first bytes of an XML document,
// shows the root element of a sitemap: the first element start tag,
// after the XML declaration, comments and processing instructions, is
// <urlset> or <sitemapindex> (with or without a namespace prefix), in
// the encoding its XML declaration names.
func IsSitemap(head []byte) bool {
	d := sitemapDecoder(bytes.NewReader(head))
	d.Strict = false
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se.Name.Local == "urlset" || se.Name.Local == "sitemapindex"
		}
	}
}

// SniffSitemap reports whether the document r holds is a sitemap, by
// IsSitemap on its first 4096 bytes, which it reads without consuming
// them (bufio.Reader.Peek; fewer when r's buffer is smaller). The
// readers of relurl all tell a sitemap so.
func SniffSitemap(r *bufio.Reader) bool {
	head, _ := r.Peek(min(4096, r.Size()))
	return IsSitemap(head)
}

// ExtractSitemap calls fn with each link of the XML sitemap read from r,
// in document order, resolved against outer (a sitemap sets no base of
// its own; its <loc> are absolute URLs by the protocol): the <loc> of
// each <url> (url@loc) or <sitemap> (sitemap@loc), XML white space
// trimmed. Memory stays within Limits.Token whatever the input: a token
// (a text, a tag) longer than it ends the reading with a *LimitError, the
// links before it passed on; a <loc> longer than Limits.URL is not
// passed on, with a warning, as in HTML. A document whose root element is
// not <urlset> or <sitemapindex> gives ErrNotSitemap; XML that does not
// parse ends the reading with encoding/xml's error, naming the line.
// Gzip is not undone here (package body does it for the links command).
func (x *Extractor) ExtractSitemap(r io.Reader, outer base.Base, fn func(Link) error) error {
	x.fn, x.fnBytes = fn, nil
	return x.runOther(outer, func() error { return x.scanSitemap(r) })
}

// ExtractSitemapBytes is ExtractSitemap passing LinkBytes, as
// ExtractBytes.
func (x *Extractor) ExtractSitemapBytes(r io.Reader, outer base.Base, fn func(*LinkBytes) error) error {
	x.fn, x.fnBytes = nil, fn
	return x.runOther(outer, func() error { return x.scanSitemap(r) })
}

// runOther reads a document that is neither HTML nor CSS but gives links
// (a sitemap, a robots.txt file), whose base is outer throughout and whose
// URLs are in UTF-8, by read.
func (x *Extractor) runOther(outer base.Base, read func() error) error {
	x.spec, x.outer, x.base, x.final = x.Spec, outer, outer, false
	x.lim = x.Limits.Resolve()
	x.warnFirst, x.warnMore = nil, 0
	x.pending, x.held, x.heldText = x.pending[:0], x.held[:0], x.heldText[:0]
	x.anchor.reset()
	x.enc = ""
	x.finish()
	err := read()
	x.fn, x.fnBytes, x.lb = nil, nil, LinkBytes{}
	return x.endWarnings(errorsUnwrapStop(err))
}

// A boundedReader fails once more than max bytes have been read since
// start, the offset where the token being read began: encoding/xml holds
// a token whole, and this bounds it. It reads no further than max+1
// bytes past start (a token of max bytes and the byte that ends it), so
// that the buffer encoding/xml reads ahead into cannot let a longer
// token through.
type boundedReader struct {
	r        io.Reader
	n, start int64 // bytes read; the start of the token
	max      int64
}

// limitError is the error of the token that began at b.start.
func (b *boundedReader) limitError() *LimitError {
	return &LimitError{Offset: b.start, Element: "xml", Err: &limits.Error{Limit: "Token", Max: b.max}}
}

func (b *boundedReader) Read(p []byte) (int, error) {
	rest := b.max + 1 - (b.n - b.start)
	if rest <= 0 {
		return 0, b.limitError()
	}
	if int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// sitemapDecoder returns the XML decoder of a sitemap read from r, by
// IsSitemap and ExtractSitemap alike: the protocol asks for UTF-8, but an
// encoding its XML declaration names (encoding="ISO-8859-1") is decoded,
// where without a CharsetReader Token fails on the declaration.
func sitemapDecoder(r io.Reader) *xml.Decoder {
	d := xml.NewDecoder(r)
	d.CharsetReader = charset.NewReaderLabel
	return d
}

func (x *Extractor) scanSitemap(r io.Reader) error {
	br := &boundedReader{r: r, max: int64(x.lim.Token)}
	d := sitemapDecoder(br)
	// Token checks that the elements nest (its stack of the open
	// elements grows with the nesting, bounded by the input read); the
	// names of the first two levels are kept here.
	var root, parent string
	depth := 0
	var loc []byte
	inLoc := false
	for {
		off := d.InputOffset()
		br.start = off
		tok, err := d.Token()
		if err == io.EOF {
			if root == "" {
				return ErrNotSitemap
			}
			return nil
		}
		if err != nil {
			var le *LimitError
			if errors.As(err, &le) {
				return le
			}
			return fmt.Errorf("reading XML sitemap: %w", err)
		}
		if d.InputOffset()-off > br.max {
			// A tag ends with its last byte, which the reader let
			// through as the byte that ends a token of max bytes.
			return br.limitError()
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch depth {
			case 1:
				if t.Name.Local != "urlset" && t.Name.Local != "sitemapindex" {
					return ErrNotSitemap
				}
				root = t.Name.Local
			case 2:
				parent = t.Name.Local
			case 3:
				if t.Name.Local == "loc" && (parent == "url" && root == "urlset" || parent == "sitemap" && root == "sitemapindex") {
					inLoc, loc = true, loc[:0]
				}
			}
		case xml.CharData:
			if inLoc && len(loc) <= x.lim.URL {
				// Text past the URL limit is not held: the link is
				// then too long, and reported so by emit.
				loc = append(loc, t[:min(len(t), x.lim.URL+1-len(loc))]...)
			}
		case xml.EndElement:
			if inLoc {
				inLoc = false
				if err := x.emit(parent, "loc", bytes.Trim(loc, " \t\r\n"), off); err != nil {
					return err
				}
			}
			depth--
		}
	}
}
