package base

import (
	"fmt"
	"io"

	"golang.org/x/net/html"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/htmlbase"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
)

// An HTMLError reports a token of an HTML document that FromHTML could not
// use: a token larger than Limits.Token. Err wraps the *limits.Error.
type HTMLError struct {
	Offset int64  // byte offset of the token in the document
	What   string // the token, its beginning quoted
	Err    error
}

// Error names the offset, the token and the limit.
func (e *HTMLError) Error() string {
	return fmt.Sprintf("html at byte %d: %s: %v", e.Offset, e.What, e.Err)
}

// Unwrap returns Err.
func (e *HTMLError) Unwrap() error { return e.Err }

// FromHTML returns the base of the HTML document read from r, given the
// base outer of the layer that holds it (an enclosing entity's, the
// retrieval URL, or none). It is the href of the first BASE element of the
// head that has an href attribute (element and attribute names
// case-insensitive, character references decoded, surrounding white space
// trimmed), resolved against outer by spec when relative (section 3.1, by
// Base.Within); without one it is outer.
//
// FromHTML reads only up to the end of the head, holding at most
// lim.Token bytes of it at once (lim's zero fields are the defaults). A
// token larger than that is an *HTMLError; a BASE href that Within does
// not use (longer than lim.URL, or rejected by spec) a *FallbackError.
// The base returned is then outer: the next rule of section 3 applies.
// Any other error is a read error of r; no input makes HTML fail to
// tokenize.
//
// Under WHATWG the document is read in its encoding (its byte order mark,
// its <meta charset>, else UTF-8 or windows-1252 when not UTF-8:
// docs/design.md#document-encoding), as package links reads a page, the
// query of the href is encoded in it (WithinEncoding), and offsets count
// the bytes of the decoded text.
func FromHTML(r io.Reader, outer Base, spec relurl.Spec, lim limits.Limits) (Base, error) {
	lim = lim.Resolve()
	enc := "" // the document's encoding for its URLs
	if spec == relurl.WHATWG {
		var s body.Sniffer
		var name string
		name, r = s.Text(r, "")
		enc = body.URLEncoding(name)
	}
	z := html.NewTokenizer(r)
	z.SetMaxBuf(lim.Token)
	var head htmlbase.HeadTracker
	var off int64 // of the current token
	tooBig := func(raw []byte) error {
		return &HTMLError{Offset: off, What: "token " + quote.Excerpt(raw, -1), Err: &limits.Error{Limit: "Token", Max: int64(lim.Token)}}
	}
	for {
		tt := z.Next()
		raw := z.Raw()
		switch tt {
		case html.ErrorToken:
			switch err := z.Err(); err {
			case io.EOF:
				return outer, nil
			case html.ErrBufferExceeded:
				return outer, tooBig(raw)
			default:
				return outer, err
			}
		case html.TextToken:
			if head.Text(raw) {
				return outer, nil
			}
			// A text token the size of the limit was cut by it: the
			// tokenizer fails next. White space so far leaves the head
			// open, so a BASE may follow that cannot be read.
			if len(raw) >= lim.Token {
				return outer, tooBig(raw)
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, hasAttr := z.TagName()
			if head.Tag(tt, name) {
				return outer, nil
			}
			if tt != html.EndTagToken && hasAttr && head.IsBase(name) {
				if href, ok := htmlbase.Href(z); ok {
					b, err := outer.WithinEncoding(href, HTML, spec, lim, enc)
					if err != nil {
						fe := err.(*FallbackError)
						fe.Name, fe.Offset = "BASE href", off
					}
					return b, err
				}
			}
		default:
			head.Other()
		}
		off += int64(len(raw))
	}
}
