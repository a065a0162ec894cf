// Package htmlbase holds what finds the BASE element of an HTML document
// (RFC 1808 section 3.1, through RFC 1866) while tokenizing it, shared by
// package base (which finds only the base) and package links (which finds
// the base and the links in one pass).
package htmlbase

import (
	"bytes"

	"golang.org/x/net/html"
)

// TrimSpace removes HTML white space (space, tab, LF, FF, CR) from both
// ends of an attribute value, as HTML does for URL-valued attributes.
func TrimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// Href reads the attributes of the current tag of z, which must be a BASE
// start tag whose attributes have not been read yet, and returns its href
// (the first, if the tag repeats it), character references decoded and
// trimmed of white space. ok is false when it has none.
func Href(z *html.Tokenizer) (href string, ok bool) {
	for {
		key, val, more := z.TagAttr()
		if string(key) == "href" {
			return string(TrimSpace(val)), true
		}
		if !more {
			return "", false
		}
	}
}

// A HeadTracker follows the tokens of an HTML document and tells when its
// head has ended. RFC 1808 section 3.1 (through RFC 1866) places BASE in
// the HEAD, and the project reads it so (docs/design.md#base-url-section-3-innermost-wins):
// a BASE element counts only while the head is open.
//
// The head ends as the HTML parsing algorithm ends it, whether or not the
// document writes </head>: at </head>, </body>, </html> or </br>, at a
// start tag of an element that cannot be in a head (anything other than
// html, head, base, basefont, bgsound, link, meta, title, noscript,
// noframes, style, script and template), and at text that is not white
// space, outside the raw content of elements such as title and script.
//
// The content of a template element is not in the document: the tree
// builder puts it in the template's own fragment ("in template"
// insertion mode), where no tag, end tag or text ends the head and a
// BASE is no element of the document (HTML Standard, "the document base
// URL": the first base element in the document). Until its </template>,
// IsBase is false and nothing ends the head.
//
// The zero HeadTracker is at the start of a document.
type HeadTracker struct {
	ended    bool
	raw      bool // the last token opened an element whose content is raw text
	started  bool // a token has been seen
	template int  // template elements open (in the head)
}

// Ended reports whether the head has ended.
func (t *HeadTracker) Ended() bool { return t.ended }

// IsBase reports whether a start tag of the given name (lower case, as
// html.Tokenizer.TagName returns it), seen while the head is open, is a
// BASE element of the document: not one inside a template.
func (t *HeadTracker) IsBase(name []byte) bool { return string(name) == "base" && t.template == 0 }

// Tag observes a start, self-closing or end tag with the given lower-case
// name and reports whether the head has ended.
func (t *HeadTracker) Tag(tt html.TokenType, name []byte) bool {
	t.raw, t.started = false, true
	if t.ended {
		return true
	}
	if string(name) == "template" {
		// A self-closing flag is ignored on a template, as on any
		// element that is not void.
		if tt != html.EndTagToken {
			t.template++
		} else if t.template > 0 {
			t.template--
		}
		return false
	}
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		if t.template > 0 {
			return false
		}
		switch string(name) {
		case "html", "head", "base", "basefont", "bgsound", "link", "meta":
		case "title", "noscript", "noframes", "style", "script":
			// The tokenizer hands back their content as one text token.
			t.raw = true
		default:
			t.ended = true
		}
	case html.EndTagToken:
		if t.template > 0 {
			return false
		}
		switch string(name) {
		case "head", "body", "html", "br":
			t.ended = true
		}
	}
	return t.ended
}

// Text observes a text token, given as html.Tokenizer.Raw returns it (or
// its beginning, when the token broke the tokenizer's buffer limit), and
// reports whether the head has ended.
func (t *HeadTracker) Text(raw []byte) bool {
	wasRaw := t.raw
	if !t.started {
		// A byte order mark starting the document is not text: decoding
		// removes it before HTML parsing sees the characters.
		raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	}
	t.raw, t.started = false, true
	if t.ended || wasRaw || t.template > 0 {
		return t.ended
	}
	for _, c := range raw {
		if !isSpace(c) {
			t.ended = true
			break
		}
	}
	return t.ended
}

// Other observes any other token (comment, doctype).
func (t *HeadTracker) Other() { t.raw, t.started = false, true }
