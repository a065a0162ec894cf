package links

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/htmlbase"
	"github.com/relurl/relurl/limits"
	"golang.org/x/net/html"
)

// The reference reading: golang.org/x/net/html's Tokenizer, token by
// token. The scanner (scan.go) must find exactly the links this finds;
// the differential tests and FuzzScanner hold it to that.

// reference reads the document of r with the Tokenizer.
func (x *Extractor) reference(r io.Reader) error {
	x.cr = countingReader{r: r}
	z := html.NewTokenizer(&x.cr)
	err := x.tokens(z, 0, func() int64 {
		// The Tokenizer has read x.cr.n bytes; what it has not handed
		// out yet is buffered.
		return x.cr.n - int64(len(z.Buffered())) - int64(len(z.Raw()))
	})
	x.cr = countingReader{}
	return err
}

// tokens reads the tokens of z. depth counts the enclosing <noscript>
// elements whose content z is. Their content is read only for its links:
// the head and the BASE element are those a client running scripts sees,
// for which that content is text, so that the base does not depend on
// scripting (FromHTML finds the same). offset returns the offset in the
// document of the current token.
func (x *Extractor) tokens(z *html.Tokenizer, depth int, offset func() int64) error {
	// The Tokenizer fails on a token of maxBuf bytes; Token is the
	// largest held (limits.Limits), as the other readers hold it.
	z.SetMaxBuf(x.lim.Token + 1)
	noscript := false // the last token was a <noscript> start tag
	rawNext := ""     // the last token was the start tag of this raw text element
	var last int64    // the offset of the last token
	for {
		tt := z.Next()
		at := offset()
		wasNoscript, wasRaw := noscript, rawNext
		noscript, rawNext = false, ""
		switch tt {
		case html.ErrorToken:
			err := z.Err()
			switch {
			case err == io.EOF:
				return nil
			case errors.Is(err, html.ErrBufferExceeded):
				if len(z.Raw()) == 0 {
					// The Tokenizer has returned what it read of the
					// token (text, a comment) before the error.
					at = last
				}
				return &LimitError{Offset: at, Err: &limits.Error{Limit: "Token", Max: int64(x.lim.Token)}}
			}
			return fmt.Errorf("reading HTML: %w", err)
		}
		last = at
		switch tt {
		case html.TextToken:
			if x.anchor.open && wasRaw == "" {
				x.anchorText(z.Text(), false)
			}
			if wasRaw == "style" {
				if err := x.cssLinks(z.Raw(), "style", "url", "import", at); err != nil {
					return err
				}
			}
			if x.final && !wasNoscript {
				continue // the common case: text needs no look
			}
			raw := z.Raw()
			if !x.final && depth == 0 && x.head.Text(raw) {
				if err := x.finish(); err != nil {
					return err
				}
			}
			if wasNoscript {
				off := at
				if depth >= x.lim.Noscript {
					x.deepNoscript(off, len(raw))
					continue
				}
				inner := html.NewTokenizer(bytes.NewReader(raw))
				if err := x.tokens(inner, depth+1, func() int64 {
					return off + int64(len(raw)-len(inner.Buffered())-len(inner.Raw()))
				}); err != nil {
					return err
				}
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			// The name is read from the raw bytes: TagName would copy
			// it, for every tag of the document.
			raw := z.Raw()
			name := rawTagName(raw, &x.name)
			hasAttr := len(name)+2 < len(raw) // more than "<name>"
			if !x.final && depth == 0 {
				if x.head.Tag(tt, name) {
					if err := x.finish(); err != nil {
						return err
					}
				} else if hasAttr && x.head.IsBase(name) {
					if err := x.baseHref(z, at); err != nil {
						return err
					}
					continue
				}
			}
			noscript = string(name) == "noscript"
			rawNext = rawElement(name)
			if x.Context && string(name) == "a" {
				if err := x.startAnchor(); err != nil {
					return err
				}
			}
			if !hasAttr {
				continue
			}
			written := writtenTagName(raw)
			if err := x.tagLinks(z, raw, name, written, allKeys, at); err != nil {
				return err
			}
		case html.EndTagToken:
			var name []byte
			if x.anchor.open || !x.final && depth == 0 {
				name, _ = z.TagName()
			}
			if x.anchor.open && string(name) == "a" {
				if err := x.endAnchor(); err != nil {
					return err
				}
			}
			if !x.final && depth == 0 {
				if x.head.Tag(tt, name) {
					if err := x.finish(); err != nil {
						return err
					}
				}
			}
		default:
			x.head.Other()
		}
	}
}

// baseHref handles a BASE start tag in the head at offset off, whose
// attributes z has not read yet. Section 3.1: the first BASE element with
// an href, established inside the next layer out by base.Base.Within, the
// one place that does it for every reader, in the document's encoding
// under WHATWG (WithinEncoding: the HTML Standard's frozen base URL,
// section 4.2.3). One Within does not use
// (longer than the URL limit, or rejected by the specification) leaves
// the outer base, with a warning: the HTML Standard's "set the frozen
// base URL" (section 4.2.3) takes the fallback base URL then, and the
// first BASE with an href is still the one.
func (x *Extractor) baseHref(z *html.Tokenizer, off int64) error {
	href, ok := htmlbase.Href(z)
	if !ok {
		return nil
	}
	b, err := x.outer.WithinEncoding(href, base.HTML, x.spec, x.lim, x.enc)
	if err != nil {
		fe := err.(*base.FallbackError)
		fe.Name, fe.Offset = "BASE href", off
		x.warn(&BaseError{FallbackError: fe})
	}
	x.base = b
	return x.finish()
}

// deepNoscript warns of the content of a <noscript> nested deeper than
// the Noscript limit, which is read as text. Each level reads the content
// again, so the limit keeps the time linear in the input.
func (x *Extractor) deepNoscript(off int64, n int) {
	x.warn(&LimitError{Offset: off, Length: int64(n), Err: &limits.Error{Limit: "Noscript", Max: int64(x.lim.Noscript)}})
}

// tagTokenizer returns a Tokenizer positioned on the tag whose raw bytes
// are raw, to read its attributes with TagAttr.
func tagTokenizer(raw []byte) *html.Tokenizer {
	z := html.NewTokenizer(bytes.NewReader(raw))
	z.Next()
	return z
}
