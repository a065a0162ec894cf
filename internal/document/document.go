// Package document reads the links of one document by its kind: the one
// place where what a document is (media.Kind, decided by media.KindOf)
// picks how its body is decoded and which reading of links.Extractor
// gives its links, for the archive reader (response and resource
// records) and the links command (fetched URLs, files, MIME parts). What
// the readers do with XML that is no sitemap differs on purpose, and is
// theirs to decide (docs/design.md#document-kinds).
package document

import (
	"bufio"
	"io"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/media"
	"github.com/relurl/relurl/links"
)

// Decode returns the text of a document of kind k whose body is read from
// r, decoded by d (package body: a gzipped body, a gzipped sitemap
// included, is decompressed within maxRecord, and UTF-16 decoded, by a
// byte order mark or charset, the charset parameter of its media type).
// For a Sitemap, whose media type only says that it may be one, it
// returns links.ErrNotSitemap when the root element is not <urlset> or
// <sitemapindex> (links.SniffSitemap). Any other error means the body
// could not be decoded. The text is valid until d's next Decode.
func Decode(d *body.Decoder, k media.Kind, r io.Reader, charset string, maxRecord int64) (*bufio.Reader, error) {
	text, _, err := d.Decode(r, charset, maxRecord)
	if err != nil {
		return nil, err
	}
	if k == media.Sitemap && !links.SniffSitemap(text) {
		return nil, links.ErrNotSitemap
	}
	return text, nil
}

// Extract calls fn with each link of text, the decoded text of a document
// of kind k (Decode), by the Extractor's reading for k: ExtractBytes for
// HTML, ExtractCSSBytes (for both, under the URL Standard, charset is a
// sign of their encoding: Extractor.Charset), ExtractRobotsBytes or
// ExtractSitemapBytes; outer is its base before any it sets itself. A
// document of kind media.Other gives no link.
func Extract(x *links.Extractor, k media.Kind, text io.Reader, charset string, outer base.Base, fn func(*links.LinkBytes) error) error {
	switch k {
	case media.HTML:
		x.Charset = charset
		return x.ExtractBytes(text, outer, fn)
	case media.CSS:
		x.Charset = charset
		return x.ExtractCSSBytes(text, outer, fn)
	case media.Robots:
		return x.ExtractRobotsBytes(text, outer, fn)
	case media.Sitemap:
		return x.ExtractSitemapBytes(text, outer, fn)
	}
	return nil
}
