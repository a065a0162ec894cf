package base

import (
	"bytes"
	"io"

	"golang.org/x/net/html"
)

// HTMLBaseElement reports whether a tag name (lower case, as
// html.Tokenizer.TagName returns it) is BASE.
func HTMLBaseElement(name []byte) bool { return string(name) == "base" }

// TrimHTMLSpace removes HTML white space (space, tab, LF, FF, CR) from both
// ends of an attribute value, as HTML does for URL-valued attributes.
func TrimHTMLSpace(b []byte) []byte {
	for len(b) > 0 && isHTMLSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isHTMLSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// A HeadTracker follows the tokens of an HTML document and tells when its
// head has ended. RFC 1808 section 3.1 (through RFC 1866) places BASE in
// the HEAD, and the project's notes (RFC1808-NOTES.md, "Base URL") read it
// so: a BASE element counts only while the head is open.
//
// The head ends as the HTML parsing algorithm ends it, whether or not the
// document writes </head>: at </head>, </body>, </html> or </br>, at a
// start tag of an element that cannot be in a head (anything other than
// html, head, base, basefont, bgsound, link, meta, title, noscript,
// noframes, style, script and template), and at text that is not white
// space, outside the raw content of elements such as title and script.
//
// The zero HeadTracker is at the start of a document.
type HeadTracker struct {
	ended   bool
	raw     bool // the last token opened an element whose content is raw text
	started bool // a token has been seen
}

// Ended reports whether the head has ended.
func (t *HeadTracker) Ended() bool { return t.ended }

// Tag observes a start, self-closing or end tag with the given lower-case
// name and reports whether the head has ended.
func (t *HeadTracker) Tag(tt html.TokenType, name []byte) bool {
	t.raw, t.started = false, true
	if t.ended {
		return true
	}
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		switch string(name) {
		case "html", "head", "base", "basefont", "bgsound", "link", "meta", "template":
		case "title", "noscript", "noframes", "style", "script":
			// The tokenizer hands back their content as one text token.
			t.raw = true
		default:
			t.ended = true
		}
	case html.EndTagToken:
		switch string(name) {
		case "head", "body", "html", "br":
			t.ended = true
		}
	}
	return t.ended
}

// Text observes a text token, given as html.Tokenizer.Raw returns it, and
// reports whether the head has ended.
func (t *HeadTracker) Text(raw []byte) bool {
	wasRaw := t.raw
	if !t.started {
		// A byte order mark starting the document is not text: decoding
		// removes it before HTML parsing sees the characters.
		raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	}
	t.raw, t.started = false, true
	if t.ended || wasRaw {
		return t.ended
	}
	for _, c := range raw {
		if !isHTMLSpace(c) {
			t.ended = true
			break
		}
	}
	return t.ended
}

// Other observes any other token (comment, doctype).
func (t *HeadTracker) Other() { t.raw, t.started = false, true }

// FromHTML returns the base of the HTML document read from r, given the
// base outer of the layer that holds it (an enclosing entity's, the
// retrieval URL, or none). It is the href of the first BASE element of the
// head that has an href attribute (element and attribute names
// case-insensitive, character references decoded, surrounding white space
// trimmed), resolved against outer when relative (section 3.1); without
// one it is outer.
//
// FromHTML reads only up to the end of the head. Its error is a read
// error of r; no input makes HTML fail to tokenize.
func FromHTML(r io.Reader, outer Base) (Base, error) {
	z := html.NewTokenizer(r)
	var head HeadTracker
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return outer, err
			}
			return outer, nil
		case html.TextToken:
			if head.Text(z.Raw()) {
				return outer, nil
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, hasAttr := z.TagName()
			if head.Tag(tt, name) {
				return outer, nil
			}
			if tt != html.EndTagToken && hasAttr && HTMLBaseElement(name) {
				if href, ok := HTMLBaseHref(z); ok {
					return outer.Within(href, HTML), nil
				}
			}
		default:
			head.Other()
		}
	}
}

// HTMLBaseHref reads the attributes of the current tag of z, which must be
// a BASE start tag whose attributes have not been read yet, and returns
// its href (the first, if the tag repeats it), character references
// decoded and trimmed of white space. ok is false when it has none.
// outer.Within(href, HTML) is then the base it establishes.
func HTMLBaseHref(z *html.Tokenizer) (href string, ok bool) {
	for {
		key, val, more := z.TagAttr()
		if string(key) == "href" {
			return string(TrimHTMLSpace(val)), true
		}
		if !more {
			return "", false
		}
	}
}
