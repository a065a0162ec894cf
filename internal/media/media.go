// Package media holds the tests every reader of relurl asks of an HTTP
// or MIME header, written once: what a document of this media type is
// read as (KindOf: HTML, CSS, robots.txt or maybe a sitemap), and is this
// response a redirection.
package media

import (
	"strings"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/ascii"
)

// IsHTML reports whether the media type mt (as Type returns it) is one
// whose documents relurl reads for links: text/html or
// application/xhtml+xml. Bodies are not sniffed.
func IsHTML(mt string) bool {
	mt = ascii.Lower(mt)
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// isCSS reports whether the media type mt (as Type returns it) is a
// style sheet's, text/css (RFC 2318), whose url() and @import links
// relurl reads.
func isCSS(mt string) bool { return ascii.EqualFold(mt, "text/css") }

// isRobots reports whether a document of media type mt (as Type returns
// it) retrieved by url is a robots.txt file, whose Sitemap lines relurl
// reads: text/plain at a path ending in /robots.txt (RFC 9309 section
// 2.3). url is parsed only for text/plain, so that the test costs an
// archive's images nothing.
func isRobots(mt, url string) bool {
	return ascii.EqualFold(mt, "text/plain") && strings.HasSuffix(relurl.Parse(url).Path(), "/robots.txt")
}

// maySitemap reports whether a document of media type mt (as Type returns
// it) may be an XML sitemap, gzipped or not: application/xml, text/xml,
// application/gzip or application/x-gzip. Its root element then tells
// (links.SniffSitemap, once package body has undone a gzip).
func maySitemap(mt string) bool {
	switch ascii.Lower(mt) {
	case "application/xml", "text/xml", "application/gzip", "application/x-gzip":
		return true
	}
	return false
}

// A Kind is what a document is read as for its links, by its media type
// and URL (KindOf).
type Kind int

const (
	// Other: a media type whose documents give no links (an image, a
	// PDF, JSON...).
	Other Kind = iota
	// HTML: text/html or application/xhtml+xml (IsHTML).
	HTML
	// CSS: a style sheet, text/css (isCSS).
	CSS
	// Robots: a robots.txt file (isRobots).
	Robots
	// Sitemap: XML, gzipped or not, that may be a sitemap (maySitemap):
	// its root element tells (links.SniffSitemap), and what other XML
	// means is the reader's to say (docs/design.md#document-kinds).
	Sitemap
)

// KindOf returns what a document of media type mt (as Type returns it)
// retrieved by url is read as: the one rule of the archive reader, for a
// response or resource record, and of the links command, for a fetched
// URL (docs/design.md#document-kinds). url is parsed only for
// text/plain (isRobots).
func KindOf(mt, url string) Kind {
	switch {
	case IsHTML(mt):
		return HTML
	case isCSS(mt):
		return CSS
	case isRobots(mt, url):
		return Robots
	case maySitemap(mt):
		return Sitemap
	}
	return Other
}

// Redirect returns the Location of a redirection and true: a status
// 3xx with a Location field (RFC 9110 sections 15.4 and 10.2.2), the
// first when the field is repeated, as recorded and unresolved. Otherwise
// it returns "", false.
func Redirect(status int, location []string) (string, bool) {
	if status < 300 || status > 399 || len(location) == 0 {
		return "", false
	}
	return location[0], true
}
